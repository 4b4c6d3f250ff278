/**
 * compress-image: 1..50 images made smaller, each keeping its format (formats sharp cannot write become
 * JPEG, or PNG when transparent; see formats.ts). Either a `level` (high = smallest file) or a
 * `targetSizeKB`. A result that is not smaller than its input fails the job with a sentence saying what
 * to try (compress-not-larger.ts): never a bigger "compressed" file.
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
import { openAnimation } from '../decode/open-animation.ts';
import { openImage } from '../decode/open-image.ts';
import { animatedFormatFor } from './animation.ts';
import { compressAnimation } from './compress-animation.ts';
import { checkLevelResult, checkTargetResult, keptUnchanged, NotSmaller } from './compress-not-larger.ts';
import { fitByteBudget, kilobytes, shrinkSteps } from './editing-byte-budget.ts';
import { type EditedImage, eachInput } from './editing-each-input.ts';
import { fromRaw, type RawImage, type Size, toRaw } from './editing-pixels.ts';
import { fastSearch, hasQualityKnob, qualityOutput } from './editing-quality.ts';
import { compressedFormatOf, EXTENSION, type OutputFormat, writableAs } from './formats.ts';
import { applyPlan, type ImagePlan, type PixelSteps, planImageJob } from './pipeline.ts';
import { otherFormatNote } from './result-notes.ts';

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

/** A result this close under the target (or closer) ends the search. */
export const TARGET_WINDOW = 0.95;

/** At most this many encodes for the fine knobs, on top of the quality search (7, or 12 when shrinking). */
export const FINE_ENCODES = 8;

/** The fine knobs (see the header): `amount` 0..1, more = smaller file. */
export type FineKnob = 'soften' | 'dither' | 'posterize' | 'shrink';

export interface FineSetting {
  knob: FineKnob;
  amount: number;
}

/** `shrink` at amount 1 takes this much off each side: down to the next fallback scale. */
export const MAX_FINE_SHRINK = 0.1;

/** The coarsest posterize step (levels per step of each colour channel). */
export const MAX_POSTERIZE_STEP = 64;

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
  const {
    output: _output,
    extension: _extension,
    ...steps
  } = planImageJob({ format: compressedFormatOf(inputFormat, hasAlpha) });
  return steps;
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
  const resize =
    factor < 1
      ? {
          width: Math.max(1, Math.round(size.width * factor)),
          height: Math.max(1, Math.round(size.height * factor)),
          fit: 'fill' as const,
        }
      : undefined;
  const fast = fastTargetSearch(format, size.width * size.height);
  const output = qualityOutput(format, quality, hasAlpha, fast);
  if (fine?.knob === 'dither' && output.format === 'png' && output.options.palette) {
    output.options = { ...output.options, dither: 1 - clampAmount(fine.amount) };
  }
  return { ...planImageJob({ format, resize }), output };
}

function clampAmount(amount: number): number {
  return Math.min(1, Math.max(0, amount));
}

/** The pixels a fine setting encodes: softened or posterized copies; the same pixels otherwise. */
export function finePixels(raw: RawImage, fine?: FineSetting): RawImage {
  if (fine?.knob === 'soften') {
    // Up to two passes: the first half of the amount blends in one blur, the second half a second one,
    // so the reach doubles (AVIF's quality 100 is lossless, 1.9× quality 99 on the test photo) and the
    // size still moves continuously.
    const amount = 2 * clampAmount(fine.amount);
    const once = softenPixels(raw, Math.min(1, amount));
    return amount > 1 ? softenPixels(once, amount - 1) : once;
  }
  if (fine?.knob === 'posterize') return posterizePixels(raw, 1 + (MAX_POSTERIZE_STEP - 1) * fine.amount);
  return raw;
}

const BINOMIAL = [1, 4, 6, 4, 1]; // sums to 16; the 5×5 kernel is its outer product (a Gaussian, sigma ≈ 1)

/**
 * Each colour sample moved `amount` (0..1) of the way to its 5×5 binomial blur, rounded to the nearest
 * level; alpha is kept. The blur weighs neighbours by their alpha, so the invisible colour of transparent
 * pixels cannot bleed into visible edges. Done here rather than with libvips' convolution because that
 * truncates to 8 bits: a tiny amount already lowers half the samples by one level and the file jumps
 * 6 %, which is exactly the fine end this knob is for. Edges repeat the border pixels. Row by row
 * through a 5-row ring buffer: the only big allocation is the result.
 */
export function softenPixels(raw: RawImage, amount: number): RawImage {
  const a = clampAmount(amount);
  if (a === 0) return raw;
  const { data, width, height, channels } = raw;
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  const hasAlpha = colours < channels;
  // Per pixel of a row: Σ k·w·colour for each colour, then Σ k·w (w = alpha, or 1 when opaque).
  const stride = colours + 1;
  const ring = Array.from({ length: 5 }, () => new Float64Array(width * stride));
  const horizontal = (y: number) => {
    const row = ring[y % 5];
    const base = y * width * channels;
    for (let x = 0; x < width; x++) {
      let weight = 0;
      const o = x * stride;
      for (let c = 0; c < colours; c++) row[o + c] = 0;
      for (let d = -2; d <= 2; d++) {
        const p = base + Math.min(width - 1, Math.max(0, x + d)) * channels;
        const w = BINOMIAL[d + 2] * (hasAlpha ? data[p + colours] : 1);
        weight += w;
        for (let c = 0; c < colours; c++) row[o + c] += w * data[p + c];
      }
      row[o + colours] = weight;
    }
  };
  const out = Buffer.from(data);
  const sums = new Float64Array(stride);
  for (let y = 0; y < height; y++) {
    if (y === 0) for (let r = 0; r <= Math.min(2, height - 1); r++) horizontal(r);
    else if (y + 2 < height) horizontal(y + 2);
    for (let x = 0; x < width; x++) {
      sums.fill(0);
      const o = x * stride;
      for (let d = -2; d <= 2; d++) {
        const row = ring[Math.min(height - 1, Math.max(0, y + d)) % 5];
        const k = BINOMIAL[d + 2];
        for (let c = 0; c <= colours; c++) sums[c] += k * row[o + c];
      }
      const weight = sums[colours];
      if (weight === 0) continue; // fully transparent neighbourhood: nothing visible to blur
      const p = (y * width + x) * channels;
      for (let c = 0; c < colours; c++) {
        const v = data[p + c];
        out[p + c] = Math.round(v + a * (sums[c] / weight - v));
      }
    }
  }
  return { ...raw, data: out };
}

/**
 * Each colour sample rounded to the nearest multiple of a step (1 = unchanged), alpha kept. A fractional
 * step `s` rounds the top (s - ⌊s⌋) of the rows to ⌊s⌋ + 1 and the rest to ⌊s⌋, so that the file size
 * moves smoothly with `s` instead of jumping 10-15 % between whole steps.
 */
export function posterizePixels(raw: RawImage, step: number): RawImage {
  const s = Math.min(MAX_POSTERIZE_STEP, Math.max(1, step));
  if (s === 1) return raw;
  const { data, width, height, channels } = raw;
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  const whole = Math.floor(s);
  const coarseRows = Math.round((s - whole) * height);
  const out = Buffer.from(data);
  for (let y = 0; y < height; y++) {
    const d = y < coarseRows ? whole + 1 : whole;
    if (d === 1) continue;
    for (let p = y * width * channels; p < (y + 1) * width * channels; p += channels) {
      for (let c = 0; c < colours; c++) out[p + c] = Math.min(255, Math.round(data[p + c] / d) * d);
    }
  }
  return { ...raw, data: out };
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
  const animation = await openAnimation(input, { signal: ctx.signal });
  if (animation) {
    const note = otherFormatNote(input.format, animatedFormatFor(input.format), true);
    return { ...(await compressAnimation(ctx, input, animation, name)), note };
  }
  const image = await openImage(input);
  const { targetSizeKB } = ctx.params;
  const { hasAlpha = false } = await image.metadata();
  const format = compressedFormatOf(input.format, hasAlpha);
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
    const plan = planCompressLevel(input.format, level, hasAlpha);
    // Encoded in memory (one image, at most the pixel bound) to compare it with the input.
    const data = await applyPlan(image, plan).toBuffer();
    checkLevelResult(outcome(data), level);
    return { data, extension: plan.extension, name, note: otherFormatNote(input.format, format) };
  }

  // Decode once; every attempt re-encodes these pixels (no metadata can ride along either).
  const raw = await toRaw(image, planCompressPixels(input.format, hasAlpha), 'keep', ctx.signal);
  const encode = (quality: number, scale: number, fine?: FineSetting) =>
    applyPlan(
      fromRaw(finePixels(raw, fine)),
      planCompressTarget(input.format, raw, quality, scale, hasAlpha, fine),
    ).toBuffer();
  const data = await searchTargetSize(ctx, input, {
    targetSizeKB,
    // Without a quality knob (TIFF with alpha is lossless), only the size steps are left.
    minQuality: hasQualityKnob(format, hasAlpha) ? 1 : 100,
    knobs: (quality) => fineKnobs(input.format, quality, hasAlpha),
    encode,
  });
  checkTargetResult(outcome(data), targetSizeKB);
  return {
    data,
    extension: EXTENSION[format],
    name,
    note: otherFormatNote(input.format, format),
  };
}
