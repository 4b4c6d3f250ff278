/**
 * compress-image: 1..50 images made smaller, each keeping its format (formats sharp cannot write become
 * JPEG, or PNG when transparent; see formats.ts). Either a `level` (high = smallest file) or a
 * `targetSizeKB`. A result that is not smaller than its input fails the job with a sentence saying what
 * to try (compress-not-larger.ts): never a bigger "compressed" file. `format` (default `keep`) writes
 * JPEG, PNG, WebP or AVIF instead, with that format's levels and search; WebP keeps an animation, the
 * others take its first frame.
 *
 * Levels are fixed points on each format's quality knob (editing-quality.ts): JPEG 45/65/80 with mozjpeg,
 * WebP 40/60/80, AVIF 30/45/60, PNG palette quality 35/55/75, TIFF (JPEG inside) 45/65/80, GIF 16/256/256
 * colours. On a photo, high < medium < low in bytes for every format but GIF, whose palette has only
 * those sizes.
 *
 * A target is a ceiling with a floor: 1 KB = 1000 bytes, the result is never more than targetSizeKB ×
 * 1000 bytes and, when the target is reachable, at least 95 % of it. Reachable: between the smallest
 * file the search makes (quality 1 at half the width and height) and the quality-100 file at full size.
 * A target above that gets the quality-100 file as it is (nothing better to spend the bytes on: not a
 * failure, and under the 95 %) if that is smaller than the input, else the job fails saying the input
 * already fits; one below it fails naming the smallest size reached, which then works.
 *
 * The search (editing-byte-budget.ts) finds the largest quality that fits, at full size (7 encodes).
 * Quality steps are coarse: on a photo mozjpeg grows 10-30 % per step above quality 70, WebP and AVIF
 * up to 30 %, palette PNG up to 30 % and its quality 100 is lossless, twice quality 99 (AVIF's too:
 * 1.9×). So when that lands under 95 %, a fine knob is turned at the next quality up, the one that was
 * too big (at most 8 more encodes), chosen per format by measurement on a 1200×800 photo ("step" = size
 * change between neighbouring settings on a 40-point grid, "rise" = a setting that made the file bigger):
 *
 * - JPEG, WebP, AVIF (and TIFF's JPEG): `soften`, a blend of the pixels with a 5×5 binomial blur
 *   (Gaussian, sigma ≈ 1), rounded to the nearest level; amount 0..½ blends in one blur, ½..1 a second.
 *   Steps ≤ 2.8 % (JPEG, no rises), ≤ 7.5 % (WebP; finer amounts split it), ≤ 4.9 % (AVIF at effort 2);
 *   one blur takes off 20-45 % (JPEG), 27-65 % (WebP), 25-65 % (AVIF), two about half as much again.
 *   Rejected: shrinking by 0.5 % steps rises and jumps (WebP -14 % at 0.5 % smaller, back to 0 % at 1 %;
 *   AVIF +7 %), costs pixels the user did not ask to lose, and scores lower at the same bytes (SSIM
 *   against the original at full size, JPEG 95→96 gap: soften 0.978 at -6 %; 2-3 % smaller 0.950;
 *   quality 95 itself 0.977); libvips' Gaussian blur does nothing below sigma 0.55, then jumps 10-22 %,
 *   and its convolution truncates (any amount drops half the samples a level: the file jumps 6 %);
 *   chroma subsampling is one step, not a dial.
 * - PNG palette (quality < 100): `dither`, libimagequant's dithering level from 1 (its default) down to
 *   0, with the same palette. The only setting measured to move a palette PNG's size smoothly (steps
 *   ≤ 4 %, ≤ 10 % near quality 2), but its reach shrinks as the palette grows: -45 % at quality 3,
 *   -12 % at 26, -2.5 % at 51. Softening, shrinking or posterizing the pixels changes the palette
 *   libimagequant picks and the size jumps ±20 % between neighbouring settings; so does the quality
 *   itself (quality 38 is 16 % smaller than 37).
 * - PNG lossless (quality 100): `posterize`, each colour rounded to a step of 1..64 levels; a fractional
 *   step rounds the top rows to the next whole step and the rest to the one below, so the size moves
 *   smoothly (PNG filters and deflates row by row). Near-lossless: at the same bytes it scores above
 *   softening (step 6: -45 %, SSIM 0.982; soften -42 %, 0.957).
 * - Then, only if that knob cannot reach the target: `shrink`, up to 10 % off each side.
 *
 * The search only returns encodings it measured under the target, so where no knob moves smoothly it
 * ends on the largest one it found, under 95 % perhaps but never over. On the test photo every format
 * lands within 5 % (8 targets each in the tests, 24 in a sweep while choosing the knobs; JPEG and WebP
 * also on pure noise, AVIF also with alpha), PNG all but one of its 8 on a CPU with AVX-512, where
 * libvips' SIMD rounds the pixels differently: there quality 37 → 38 grows the palette PNG 25 %, dither
 * takes only 6 % off quality 38, and shrinking a palette image is not monotonic (±10 % between
 * neighbouring amounts), so the search keeps quality 37 at 94.5 % of the target. Known misses: PNG of
 * flat graphics (a logo: its palette sizes jump 25 % between qualities and neither dither nor lossless
 * posterize bridges them), and an AVIF or PNG target between quality 99 and a lossless quality 100 more
 * than about twice its size.
 *
 * Only when even quality 1 is too big is the image shrunk, 10 % of each side at a time down to half its
 * width and height (bisected: 3 encodes); then the quality and knob search run at that size.
 *
 * The pixels are decoded once and every attempt re-encodes them: 7-15 encodes, at most 20 when the
 * picture must shrink (softening adds about one encode's time again in JavaScript, on the at most 8 knob
 * encodes). Above 30 MP (JPEG) the search uses libjpeg-turbo instead of mozjpeg, and AVIF always searches
 * at effort 2 (editing-quality.ts `fast`): at the default effort 4, 15 encodes would not fit the per-image
 * time budget, and at effort 2 the size moves more smoothly under the knob (speeds: docs/benchmarks.md).
 */
import { stat } from 'node:fs/promises';
import { JobFailure, type JobInput, type ToolContext, type ToolHandler } from '@mediakit/worker';
import { frameCount, openAnimation } from '../decode/open-animation.ts';
import { openImage } from '../decode/open-image.ts';
import { animatedFormatFor } from './animation.ts';
import { compressAnimation } from './compress-animation.ts';
import { clampAmount, type FineKnob, type FineSetting, finePixels } from './compress-fine-pixels.ts';
import { checkLevelResult, checkTargetResult, keptUnchanged, NotSmaller } from './compress-not-larger.ts';
import { fitByteBudget, kilobytes, resizeToScale, shrinkSteps } from './editing-byte-budget.ts';
import { type EditedImage, eachInput } from './editing-each-input.ts';
import { fromRaw, type Size, toRaw } from './editing-pixels.ts';
import { fastSearch, hasQualityKnob, qualityOutput } from './editing-quality.ts';
import {
  chosenFormat,
  compressedFormatOf,
  EXTENSION,
  type FormatChoice,
  type OutputFormat,
  writableAs,
} from './formats.ts';
import { applyPlan, type ImagePlan, type PixelSteps, pixelStepsOf, planImageJob } from './pipeline.ts';
import { firstFrameNote, otherFormatNote } from './result-notes.ts';

export type CompressLevel = 'high' | 'medium' | 'low';

export interface CompressParams {
  level?: CompressLevel;
  targetSizeKB?: number;
  /** `keep` (the default) or the format to write: the same levels and search in that format. */
  format?: FormatChoice;
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

/** A result this close under the target (or closer) ends the search. */
export const TARGET_WINDOW = 0.95;

/** At most this many encodes for the fine knobs, on top of the quality search (7, or 12 when shrinking). */
export const FINE_ENCODES = 8;

/** `shrink` at amount 1 takes this much off each side: down to the next fallback scale. */
export const MAX_FINE_SHRINK = 0.1;

/**
 * The size search both compress paths (stills and animations) run: the largest quality that fits,
 * then a fine knob between two qualities, shrinking only when quality 1 is too big. Fails naming the
 * smallest size reachable when even that is over the target.
 */
export async function searchTargetSize(
  ctx: ToolContext<CompressParams>,
  input: JobInput,
  search: {
    targetSizeKB: number;
    minQuality: number;
    knobs: (quality: number) => FineKnob[];
    encode: (quality: number, scale: number, fine?: FineSetting) => Promise<Buffer>;
  },
): Promise<Buffer> {
  const maxBytes = targetBytes(search.targetSizeKB);
  const result = await fitByteBudget<number, FineKnob>({
    maxBytes,
    minQuality: search.minQuality,
    maxQuality: 100,
    steps: TARGET_SCALES,
    encode: (quality, scale) => search.encode(quality, scale),
    refine: {
      minBytes: Math.ceil(maxBytes * TARGET_WINDOW),
      maxEncodes: FINE_ENCODES,
      knobs: search.knobs,
      encode: (quality, scale, knob, amount) => search.encode(quality, scale, { knob, amount }),
    },
    signal: ctx.signal,
  });
  ctx.log.debug({ input: input.fileId, attempts: result.attempts }, 'size search');
  if (!result.fits) {
    throw new JobFailure(
      `${input.name} cannot be made smaller than ${kilobytes(result.smallest.data.length)} KB`,
    );
  }
  return result.data;
}

/** KB as the catalog means it: 1000 bytes. A fractional byte count is rounded down (stay under). */
export function targetBytes(targetSizeKB: number): number {
  return Math.floor(targetSizeKB * 1000);
}

/** Pure: a level is one plan, one encode. */
export function planCompressLevel(inputFormat: string, level: CompressLevel, hasAlpha: boolean): ImagePlan {
  const format = compressedFormatOf(inputFormat, hasAlpha);
  return {
    ...planImageJob({ format }),
    output: qualityOutput(format, LEVEL_QUALITY[format][level], hasAlpha),
  };
}

/** Pure: what is done once before a size search (orientation, white under a JPEG, sRGB). */
export function planCompressPixels(inputFormat: string, hasAlpha: boolean): PixelSteps {
  return pixelStepsOf(planImageJob({ format: compressedFormatOf(inputFormat, hasAlpha) }));
}

/**
 * Pure: the fine knobs that move this output's size between `quality - 1` and `quality`, in order; the
 * last, `shrink`, only runs when the format's own knob cannot reach the target (see the header).
 */
export function fineKnobs(inputFormat: string, quality: number, hasAlpha: boolean): FineKnob[] {
  const format = compressedFormatOf(inputFormat, hasAlpha);
  switch (format) {
    case 'jpeg':
    case 'webp':
    case 'avif':
      return ['soften', 'shrink'];
    case 'tiff':
      // With alpha a TIFF is lossless deflate and has no quality search to refine.
      return hasAlpha ? [] : ['soften', 'shrink'];
    case 'png':
      return [quality < 100 ? 'dither' : 'posterize', 'shrink'];
    case 'gif':
      return [];
  }
}

/**
 * Whether the size search uses the fast encoder settings: AVIF always (see the header), the others as
 * editing-quality.ts decides for big pictures.
 */
export function fastTargetSearch(format: OutputFormat, pixels: number): boolean {
  return format === 'avif' || fastSearch(format, pixels);
}

/**
 * Pure: one encode of the size search, from the prepared pixels of size `size`. `dither` is an encoder
 * option and `shrink` a smaller resize; `soften` and `posterize` change the pixels first (`finePixels`).
 */
export function planCompressTarget(
  inputFormat: string,
  size: Size,
  quality: number,
  scale: number,
  hasAlpha: boolean,
  fine?: FineSetting,
): ImagePlan {
  const format = compressedFormatOf(inputFormat, hasAlpha);
  const factor = fine?.knob === 'shrink' ? scale * (1 - MAX_FINE_SHRINK * clampAmount(fine.amount)) : scale;
  const resize = resizeToScale(size, factor);
  const fast = fastTargetSearch(format, size.width * size.height);
  const output = qualityOutput(format, quality, hasAlpha, fast);
  if (fine?.knob === 'dither' && output.format === 'png' && output.options.palette) {
    output.options = { ...output.options, dither: 1 - clampAmount(fine.amount) };
  }
  return { ...planImageJob({ format, resize }), output };
}

export const compressImage: ToolHandler<CompressParams> = (ctx) =>
  eachInput(ctx, async (input, base) => {
    try {
      return await compressOne(ctx, input, base);
    } catch (error) {
      // One file is refused with the sentence; in a batch it comes back as it was (compress-not-larger.ts).
      if (error instanceof NotSmaller && ctx.inputs.length > 1) return keptUnchanged(input, base, error);
      throw error;
    }
  });

async function compressOne(
  ctx: ToolContext<CompressParams>,
  input: JobInput,
  base: string,
): Promise<EditedImage> {
  const name = `${base}-compressed`;
  const chosen = chosenFormat(ctx.params.format);
  // Only WebP holds an animation among the formats a user can pick; the others get the first frame.
  const animates = chosen === undefined || chosen === 'webp';
  const animation = animates ? await openAnimation(input, { signal: ctx.signal }) : undefined;
  if (animation) {
    if (chosen === 'webp') return compressAnimation(ctx, input, animation, name, 'webp');
    const note = otherFormatNote(input.format, animatedFormatFor(input.format), true);
    return { ...(await compressAnimation(ctx, input, animation, name)), note };
  }
  const image = await openImage(input);
  const { targetSizeKB } = ctx.params;
  const { hasAlpha = false } = await image.metadata();
  // The planners take a format name: the input's own, or the chosen one (compressedFormatOf keeps it).
  const source = chosen ?? input.format;
  const format = compressedFormatOf(source, hasAlpha);
  const frames = chosen ? await frameCount(input) : 1;
  const note =
    frames > 1
      ? firstFrameNote(input.name, frames, format)
      : chosen
        ? undefined
        : otherFormatNote(input.format, format);
  const inputBytes = (await stat(input.path)).size;
  const outcome = (data: Buffer) => ({
    inputName: input.name,
    inputBytes,
    outputBytes: data.length,
    format,
    converted: writableAs(input.format) !== format,
  });
  if (targetSizeKB === undefined) {
    const level = ctx.params.level ?? 'medium';
    const plan = planCompressLevel(source, level, hasAlpha);
    // Encoded in memory (one image, at most the pixel bound) to compare it with the input.
    const data = await applyPlan(image, plan).toBuffer();
    checkLevelResult(outcome(data), level);
    return { data, extension: plan.extension, name, note };
  }

  // Decode once; every attempt re-encodes these pixels (no metadata can ride along either).
  const raw = await toRaw(image, planCompressPixels(source, hasAlpha), 'keep', ctx.signal);
  const encode = (quality: number, scale: number, fine?: FineSetting) =>
    applyPlan(
      fromRaw(finePixels(raw, fine)),
      planCompressTarget(source, raw, quality, scale, hasAlpha, fine),
    ).toBuffer();
  const data = await searchTargetSize(ctx, input, {
    targetSizeKB,
    // Without a quality knob (TIFF with alpha is lossless), only the size steps are left.
    minQuality: hasQualityKnob(format, hasAlpha) ? 1 : 100,
    knobs: (quality) => fineKnobs(source, quality, hasAlpha),
    encode,
  });
  checkTargetResult(outcome(data), targetSizeKB);
  return {
    data,
    extension: EXTENSION[format],
    name,
    note,
  };
}
