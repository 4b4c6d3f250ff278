/**
 * The converters to WebP and AVIF (jpg-to-webp ... psd-to-avif, catalog webp-avif.ts): the same
 * pipeline as the JPG and PNG converters (convert-image.ts: EXIF orientation applied, no metadata
 * written, sRGB, HDR tone-mapped), with the encoders' quality, effort and lossless settings.
 * Transparency is kept: both formats have alpha.
 *
 * Animations (GIF, WebP, APNG, AVIF and HEIF sequences) become animated WebP with every frame, its
 * delay and the loop count (animation.ts). To AVIF they give their first frame, named
 * "-first-frame": sharp 0.35 writes a multi-frame input as one tall still AVIF, not a sequence.
 */
import type { ToolHandler } from '@mediakit/worker';
import type { AvifOptions, WebpOptions } from 'sharp';
import { eachImage } from './each-image.ts';
import { normaliseQuality, type OutputStep, planImageJob } from './pipeline.ts';

export type ModernTarget = 'webp' | 'avif';

export interface ModernParams {
  /** 1..100; default 90 (WebP) or 60 (AVIF, whose scale is steeper), as every WebP/AVIF output. */
  quality?: number;
  /** sharp's effort: WebP 0..6, AVIF 0..9; default 4 for both. */
  effort?: number;
  lossless?: boolean;
}

/** Pure: the encoder settings of one converter job. */
export function planModernOutput(target: ModernTarget, params: ModernParams): OutputStep {
  const effort = params.effort ?? 4;
  if (target === 'webp') {
    // libwebp reads `quality` as its compression effort when lossless: leave it to `effort` alone.
    const options: WebpOptions = params.lossless
      ? { lossless: true, effort }
      : { quality: normaliseQuality(params.quality), effort };
    return { format: 'webp', options };
  }
  const options: AvifOptions = params.lossless
    ? { lossless: true, effort }
    : { quality: normaliseQuality(params.quality, 60), effort };
  return { format: 'avif', options };
}

export function makeWebpAvifConverter(target: ModernTarget): ToolHandler<ModernParams> {
  return (ctx) =>
    eachImage(ctx, {
      writesAnimation: target === 'webp',
      plan: () => ({ ...planImageJob({ format: target }), output: planModernOutput(target, ctx.params) }),
      name: (base, written) => (written.firstFrameOf ? `${base}-first-frame` : base),
    });
}
