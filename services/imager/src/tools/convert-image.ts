/**
 * The image converters (jpg-to-png ... psd-to-png, converters.ts): openImage decodes every source
 * format to the same sharp pipeline, so a converter is defined by its target alone. What a converter
 * promises comes from that pipeline (pipeline.ts): EXIF orientation applied, no EXIF/GPS/XMP/ICC
 * written, CMYK and tagged colour converted to sRGB, transparency onto white for JPEG and kept in PNG,
 * the first frame or page only (an animation's output is named "<name>-first-frame", so the user
 * sees it). Checking that the content matches the converter's source format is the gateway's job
 * (415 naming both formats, before the job exists); openImage picks the decoder from the content
 * again, so a mislabelled file is never read with the wrong decoder.
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
      // JPEG and PNG hold one frame: the download's name says which one the user got.
      name: (base, written) => (written.firstFrameOf ? `${base}-first-frame` : base),
    });
}
