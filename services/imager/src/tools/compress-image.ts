/**
 * compress-image: 1..50 images made smaller, each keeping its format (formats sharp cannot write become
 * PNG, as everywhere; see formats.ts). Either a `level` (high = smallest file) or a `targetSizeKB`.
 *
 * Levels are fixed points on each format's quality knob (editing-quality.ts): JPEG 45/65/80 with mozjpeg,
 * WebP 40/60/80, AVIF 30/45/60, PNG palette quality 35/55/75, TIFF (JPEG inside) 45/65/80, GIF 16/256/256
 * colours. On a photo, high < medium < low in bytes for every format but GIF, whose palette has only
 * those sizes.
 *
 * A target is a ceiling: 1 KB = 1000 bytes, and the result is the best quality whose file is at most
 * targetSizeKB × 1000 bytes. Quality is searched first at full size (editing-byte-budget.ts). Where
 * consecutive quality steps are under 5 % apart in bytes (JPEG up to about quality 60 on a photo, which
 * covers most targets people pick) that lands within 5 % under the target; higher up, JPEG's steps are
 * 10-20 % apart and the result is the last step that fits: the picture is not shrunk just to fill the
 * gap. Only when even quality 1 is too big is the image shrunk, 10 % of each side at a time, down to
 * half its width and height. Past that the job fails, naming the smallest size it reached.
 *
 * The pixels are decoded once and every attempt re-encodes them (about 7 encodes; mozjpeg takes 1-3 s
 * per encode of a 24 MP photo, so a large photo with a target takes up to half a minute). Above 30 MP
 * (JPEG) or 3 MP (AVIF) the search uses faster encoder settings (editing-quality.ts `fastSearch`) to
 * stay inside the per-image time budget.
 */
import { JobFailure, type ToolHandler } from '@mediakit/worker';
import { openImage } from '../decode/open-image.ts';
import { fitByteBudget, kilobytes, shrinkSteps } from './editing-byte-budget.ts';
import { eachInput } from './editing-each-input.ts';
import { fromRaw, type Size, toRaw } from './editing-pixels.ts';
import { fastSearch, hasQualityKnob, qualityOutput } from './editing-quality.ts';
import { EXTENSION, type OutputFormat, sameFormatAs } from './formats.ts';
import { applyPlan, type ImagePlan, type PixelSteps, planImageJob } from './pipeline.ts';

export type CompressLevel = 'high' | 'medium' | 'low';

export interface CompressParams {
  level?: CompressLevel;
  targetSizeKB?: number;
}

/** The quality each level turns the format's knob to (high = smallest file). */
export const LEVEL_QUALITY: Readonly<Record<OutputFormat, Readonly<Record<CompressLevel, number>>>> = {
  jpeg: { high: 45, medium: 65, low: 80 },
  webp: { high: 40, medium: 60, low: 80 },
  avif: { high: 30, medium: 45, low: 60 },
  png: { high: 35, medium: 55, low: 75 },
  gif: { high: 30, medium: 60, low: 100 },
  tiff: { high: 45, medium: 65, low: 80 },
};

/** Each side may shrink to half, in 10 % steps: 1, 0.9, 0.81, ... 0.53. */
export const TARGET_SCALES: readonly number[] = shrinkSteps(0.5);

/** KB as the catalog means it: 1000 bytes. A fractional byte count is rounded down (stay under). */
export function targetBytes(targetSizeKB: number): number {
  return Math.floor(targetSizeKB * 1000);
}

/** Pure: a level is one plan, streamed from the file. */
export function planCompressLevel(inputFormat: string, level: CompressLevel, hasAlpha: boolean): ImagePlan {
  const format = sameFormatAs(inputFormat);
  return {
    ...planImageJob({ format }),
    output: qualityOutput(format, LEVEL_QUALITY[format][level], hasAlpha),
  };
}

/** Pure: what is done once before a size search (orientation, white under a JPEG, sRGB). */
export function planCompressPixels(inputFormat: string): PixelSteps {
  const {
    output: _output,
    extension: _extension,
    ...steps
  } = planImageJob({ format: sameFormatAs(inputFormat) });
  return steps;
}

/** Pure: one encode of the size search, from the prepared pixels of size `size`. */
export function planCompressTarget(
  inputFormat: string,
  size: Size,
  quality: number,
  scale: number,
  hasAlpha: boolean,
): ImagePlan {
  const format = sameFormatAs(inputFormat);
  const resize =
    scale < 1
      ? {
          width: Math.max(1, Math.round(size.width * scale)),
          height: Math.max(1, Math.round(size.height * scale)),
          fit: 'fill' as const,
        }
      : undefined;
  const fast = fastSearch(format, size.width * size.height);
  return { ...planImageJob({ format, resize }), output: qualityOutput(format, quality, hasAlpha, fast) };
}

export const compressImage: ToolHandler<CompressParams> = (ctx) =>
  eachInput(ctx, async (input, base) => {
    const image = await openImage(input);
    const name = `${base}-compressed`;
    const { targetSizeKB } = ctx.params;
    if (targetSizeKB === undefined) {
      const { hasAlpha } = await image.metadata();
      const plan = planCompressLevel(input.format, ctx.params.level ?? 'medium', hasAlpha);
      return { data: applyPlan(image, plan), extension: plan.extension, name };
    }

    // Decode once; every attempt re-encodes these pixels (no metadata can ride along either).
    const raw = await toRaw(image, planCompressPixels(input.format), 'keep', ctx.signal);
    const hasAlpha = raw.channels === 2 || raw.channels === 4;
    const format = sameFormatAs(input.format);
    const result = await fitByteBudget({
      maxBytes: targetBytes(targetSizeKB),
      // Without a quality knob (TIFF with alpha is lossless), only the size steps are left.
      minQuality: hasQualityKnob(format, hasAlpha) ? 1 : 100,
      maxQuality: 100,
      steps: TARGET_SCALES,
      encode: (quality, scale) =>
        applyPlan(fromRaw(raw), planCompressTarget(input.format, raw, quality, scale, hasAlpha)).toBuffer(),
      signal: ctx.signal,
    });
    ctx.log.debug({ input: input.fileId, attempts: result.attempts }, 'size search');
    if (!result.fits) {
      throw new JobFailure(
        `${input.name} cannot be made smaller than ${kilobytes(result.smallest.data.length)} KB`,
      );
    }
    return { data: result.data, extension: EXTENSION[format], name };
  });
