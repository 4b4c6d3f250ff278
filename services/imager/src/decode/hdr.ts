/**
 * HDR stills (ITU-R BT.2100: PQ or HLG signal, usually BT.2020 primaries, 10 or 12 bits) tone-mapped
 * to 8-bit sRGB. Decoders hand over the coded signal as it is: shown as sRGB, a PQ or HLG picture
 * looks flat and washed out, so every output we write (JPEG, PNG, WebP, GIF, TIFF, and AVIF, which
 * sharp writes as SDR only) gets these pixels instead.
 *
 * The operator is the one ffmpeg users know, so a result can be checked against
 * `zscale=t=linear:npl=100,zscale=p=bt709,tonemap=hable:desat=0:peak=10,zscale=t=iec61966-2-1`:
 * 1. signal → linear light, 1.0 = 100 nits: the PQ EOTF (SMPTE ST 2084); for HLG the inverse OETF
 *    and the OOTF of a 1000-nit display (BT.2100, system gamma 1.2);
 * 2. primaries → BT.709, a 3×3 matrix in linear light;
 * 3. John Hable's filmic curve on the largest channel, scaled so that `PEAK` (1000 nits, what most
 *    HDR stills are mastered for) becomes white; the three channels keep their ratios (no hue shift);
 * 4. the sRGB curve, 8 bits.
 */
import type { RawImage } from './raw-image.ts';

export type HdrTransfer = 'pq' | 'hlg';

/** H.273 transfer characteristics: 16 = SMPTE ST 2084 (PQ), 18 = ARIB STD-B67 (HLG). */
export function hdrTransfer(nclx: { transfer: number } | undefined): HdrTransfer | undefined {
  if (nclx?.transfer === 16) return 'pq';
  if (nclx?.transfer === 18) return 'hlg';
  return undefined;
}

/** Linear light of SDR reference white in nits, and the peak that maps to white (ffmpeg's defaults). */
const NOMINAL_NITS = 100;
const PEAK = 1000 / NOMINAL_NITS;
const HLG_DISPLAY_NITS = 1000;
const HLG_GAMMA = 1.2;

/** Linear-light RGB → BT.709 RGB, by H.273 colour primaries (1 and unspecified need nothing). */
const TO_BT709: Record<number, number[]> = {
  // BT.2020 / BT.2100 (ITU-R BT.2087)
  9: [1.6605, -0.5876, -0.0728, -0.1246, 1.1329, -0.0083, -0.0182, -0.1006, 1.1187],
  // Display P3 / DCI-P3 D65
  12: [1.2249, -0.2247, 0, -0.042, 1.0419, 0, -0.0197, -0.0786, 1.0979],
};
/** Luma weights of the input primaries, for the HLG OOTF (BT.2100 gives BT.2020's). */
const LUMA_2020 = [0.2627, 0.678, 0.0593];

function pqToNits(signal: number): number {
  const m1 = 2610 / 16384;
  const m2 = (2523 / 4096) * 128;
  const c1 = 3424 / 4096;
  const c2 = (2413 / 4096) * 32;
  const c3 = (2392 / 4096) * 32;
  const p = signal ** (1 / m2);
  return 10000 * (Math.max(p - c1, 0) / (c2 - c3 * p)) ** (1 / m1);
}

/** HLG inverse OETF: the signal → scene light, 0..1. */
function hlgToScene(signal: number): number {
  const a = 0.17883277;
  const b = 1 - 4 * a;
  const c = 0.5 - a * Math.log(4 * a);
  return signal <= 0.5 ? (signal * signal) / 3 : (Math.exp((signal - c) / a) + b) / 12;
}

function hable(x: number): number {
  const [a, b, c, d, e, f] = [0.15, 0.5, 0.1, 0.2, 0.02, 0.3];
  return (x * (x * a + b * c) + d * e) / (x * (x * a + b) + d * f) - e / f;
}

/** Linear 0..1 → sRGB 8-bit, tabulated: finer than 8 bits can tell apart even in the shadows. */
const SRGB_STEPS = 16384;
const srgbTable = (() => {
  const table = new Uint8Array(SRGB_STEPS + 1);
  for (let i = 0; i <= SRGB_STEPS; i++) {
    const l = i / SRGB_STEPS;
    const v = l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055;
    table[i] = Math.round(v * 255);
  }
  return table;
})();

export interface HdrPixels {
  width: number;
  height: number;
  /** 3 = RGB, 4 = RGBA (straight alpha). */
  channels: 3 | 4;
  /** Interleaved samples, the coded signal scaled to `maxCode` (e.g. 10 bits shifted into 16). */
  data: Uint16Array;
  /** The sample value of signal 1.0 (65535, or 65472 for 10 bits left-aligned in 16). */
  maxCode: number;
  transfer: HdrTransfer;
  /** H.273 colour primaries of the input (9 = BT.2020, 12 = P3; others taken as BT.709). */
  primaries: number;
}

/** PQ/HLG pixels → 8-bit sRGB (BT.709 primaries), alpha kept. */
export function toneMapToSdr(input: HdrPixels): RawImage & { data: Uint8Array } {
  const { width, height, channels, data, maxCode, transfer, primaries } = input;
  // Signal → linear light (1.0 = 100 nits; HLG: scene light, the OOTF below needs all three channels).
  const toLinear = new Float32Array(maxCode + 1);
  for (let v = 0; v <= maxCode; v++) {
    toLinear[v] = transfer === 'pq' ? pqToNits(v / maxCode) / NOMINAL_NITS : hlgToScene(v / maxCode);
  }
  const m = TO_BT709[primaries];
  const hlgScale = HLG_DISPLAY_NITS / NOMINAL_NITS;
  const whiteScale = 1 / hable(PEAK);
  const out = new Uint8Array(width * height * channels);
  for (let i = 0; i < out.length; i += channels) {
    let r = toLinear[Math.min(data[i], maxCode)];
    let g = toLinear[Math.min(data[i + 1], maxCode)];
    let b = toLinear[Math.min(data[i + 2], maxCode)];
    if (transfer === 'hlg') {
      // BT.2100 OOTF: display light = Lw · Ys^(γ−1) · scene light.
      const ys = LUMA_2020[0] * r + LUMA_2020[1] * g + LUMA_2020[2] * b;
      const k = ys > 0 ? hlgScale * ys ** (HLG_GAMMA - 1) : 0;
      r *= k;
      g *= k;
      b *= k;
    }
    if (m) {
      const r2 = m[0] * r + m[1] * g + m[2] * b;
      const g2 = m[3] * r + m[4] * g + m[5] * b;
      const b2 = m[6] * r + m[7] * g + m[8] * b;
      r = r2;
      g = g2;
      b = b2;
    }
    const peak = Math.max(r, g, b, 1e-6);
    const scale = (hable(peak) * whiteScale) / peak;
    out[i] = srgbTable[Math.round(Math.min(Math.max(r * scale, 0), 1) * SRGB_STEPS)];
    out[i + 1] = srgbTable[Math.round(Math.min(Math.max(g * scale, 0), 1) * SRGB_STEPS)];
    out[i + 2] = srgbTable[Math.round(Math.min(Math.max(b * scale, 0), 1) * SRGB_STEPS)];
    if (channels === 4) out[i + 3] = Math.round((Math.min(data[i + 3], maxCode) / maxCode) * 255);
  }
  return { width, height, channels, data: out };
}

/** What was done to an input's colours, for the job's log and result (see `toneMapping`). */
const toneMapped = new WeakMap<object, { transfer: HdrTransfer; bits: number }>();

export function noteToneMapped<T extends object>(
  image: T,
  input: { transfer: HdrTransfer; bits: number },
): T {
  toneMapped.set(image, { transfer: input.transfer, bits: input.bits });
  return image;
}

/** The HDR transfer and bit depth openImage tone-mapped this input from, else undefined. */
export function toneMapping(image: object): { transfer: HdrTransfer; bits: number } | undefined {
  return toneMapped.get(image);
}

/** "HDR (PQ, 10-bit) tone-mapped to SDR (sRGB)" when openImage tone-mapped this input, else undefined. */
export function toneMapNote(image: object): string | undefined {
  const mapped = toneMapped.get(image);
  if (!mapped) return undefined;
  return `HDR (${mapped.transfer === 'pq' ? 'PQ' : 'HLG'}, ${mapped.bits}-bit) tone-mapped to SDR (sRGB)`;
}
