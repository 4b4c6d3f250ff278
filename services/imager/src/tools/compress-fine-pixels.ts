import type { RawImage } from './editing-pixels.ts';

/**
 * The pixel side of compress-image's fine knobs (compress-image.ts's header says which format uses
 * which, and why): `soften` and `posterize` make copies of the pixels the encoder then writes.
 */

/** The fine knobs (see the header): `amount` 0..1, more = smaller file. */
export type FineKnob = 'soften' | 'dither' | 'posterize' | 'shrink';

export interface FineSetting {
  knob: FineKnob;
  amount: number;
}

/** The coarsest posterize step (levels per step of each colour channel). */
export const MAX_POSTERIZE_STEP = 64;

export function clampAmount(amount: number): number {
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
