/**
 * Pixels out of a pipeline and back in, for the tools that work on pixel values themselves (alpha
 * arithmetic, a transparent signature) or encode one picture many times (byte budgets).
 *
 * Raw pixels carry no metadata at all, so whatever is encoded from them cannot leak the input's EXIF,
 * GPS, XMP or ICC profile. The price is memory: 4 bytes per pixel for the whole image (a 24 MP photo is
 * 96 MB, the 100 MP input limit 400 MB), which is why the tools that can stream stay on `applyPlan`.
 */
import sharp, { type Sharp } from 'sharp';
import { boundDecodeTime } from '../guard.ts';
import { applySteps, type PixelSteps } from './pipeline.ts';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The size the user sees (after EXIF orientation), read from the decoder rather than trusted from the
 * upload's record: crops and placements are checked against what the pipeline really gets.
 */
export async function displayedSize(image: Sharp): Promise<Size> {
  const meta = await image.metadata();
  if (meta.autoOrient) return { width: meta.autoOrient.width, height: meta.autoOrient.height };
  return { width: meta.width, height: meta.height };
}

/**
 * Runs `steps` and takes the pixels out as sRGB: `alpha: 'add'` gives RGBA (opaque inputs get alpha
 * 255), `'drop'` gives RGB (flatten first if transparency matters), `'keep'` gives whichever it has.
 */
export async function toRaw(
  image: Sharp,
  steps: PixelSteps,
  alpha: 'add' | 'drop' | 'keep',
  signal?: AbortSignal,
): Promise<RawImage> {
  let out = applySteps(image, steps);
  if (alpha === 'add') out = out.ensureAlpha();
  if (alpha === 'drop') out = out.removeAlpha();
  // The decode is the long libvips call: give it what is left of the job's time budget.
  if (signal) out = boundDecodeTime(out, signal);
  const { data, info } = await out.raw().toBuffer({ resolveWithObject: true });
  // sRGB output is 8-bit even from 16-bit sources; every user of RawImage relies on one byte a sample.
  if (data.length !== info.width * info.height * info.channels) {
    throw new Error(
      `Expected 8-bit pixels, got ${data.length} bytes for ${info.width}×${info.height}×${info.channels}`,
    );
  }
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A pipeline reading raw pixels back, ready for `applyPlan` (its EXIF orientation step is a no-op). */
export function fromRaw(raw: RawImage): Sharp {
  const { width, height, channels } = raw;
  return sharp(raw.data, { raw: { width, height, channels } });
}

/**
 * Multiplies every pixel's alpha by `opacity` (0..1), in place, rounding to the nearest level: alpha 200
 * at 0.5 becomes exactly 100, an opaque pixel at 0.3 becomes 77 (76.5 rounded). Colours are untouched.
 * Done in JS rather than with libvips' composite because composite quantises the factor to 1/255 and
 * round-trips colours through premultiplication (off by one or two levels).
 */
export function multiplyAlpha(raw: RawImage, opacity: number): RawImage {
  if (raw.channels !== 4 && raw.channels !== 2) throw new RangeError('multiplyAlpha needs an alpha channel');
  const k = Math.min(1, Math.max(0, opacity));
  if (k === 1) return raw;
  const { data, channels } = raw;
  for (let i = channels - 1; i < data.length; i += channels) data[i] = Math.round(data[i] * k);
  return raw;
}
