/**
 * Format converters (jpg-to-png, png-to-jpg, and later gif-to-jpg, webp-to-png, ...): every source is
 * decoded by sharp the same way, so a converter is defined by its target alone. Checking that the
 * content matches the converter's source format is the gateway's job (415 before the job exists).
 */
import type { ToolHandler } from '@mediakit/worker';
import { eachImage } from './each-image.ts';
import type { OutputFormat } from './formats.ts';
import { planImageJob } from './pipeline.ts';

export type ConverterTarget = 'jpg' | 'png';

const FORMAT: Readonly<Record<ConverterTarget, OutputFormat>> = { jpg: 'jpeg', png: 'png' };

export interface ConvertParams {
  /** 1..100, JPEG only (PNG is lossless); default 90. */
  quality?: number;
}

export function makeImageConverter(target: ConverterTarget): ToolHandler<ConvertParams> {
  const format = FORMAT[target];
  return (ctx) =>
    eachImage(ctx, {
      plan: () => planImageJob({ format, quality: ctx.params.quality }),
      name: (base) => base,
    });
}
