/**
 * PNG gAMA: a PNG without an sRGB or iCCP chunk may say, in gAMA, how its samples relate to light
 * (sample = light^gamma). Browsers honour it (Chrome and Safari build a colour space from it, Firefox
 * corrects to the display), libvips ignores it, so a PNG saved with gAMA 1.0 (linear samples, as some
 * renderers and old Mac tools write) came out much darker than the browser shows it. Such a PNG is
 * decoded here and its samples re-encoded as sRGB, the way a colour-managed browser displays them:
 * light = sample^(1/gamma), then the sRGB curve. gAMA ≈ 1/2.2 is what untagged sRGB means already and
 * is left alone, as browsers do.
 */
import { open } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { sharpFromRaw } from './raw-image.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** gAMA, sRGB and iCCP must come before PLTE and IDAT: the head of the file holds them. */
const HEAD_BYTES = 64 * 1024;
/** Within 1 % of 1/2.2 the curve is sRGB's within a level: nothing to correct. */
const SRGB_GAMMA = 1 / 2.2;
const TOLERANCE = 0.01;

/** The gamma a PNG's gAMA chunk declares when nothing overrides it (no sRGB, no iCCP), else undefined. */
export function declaredGamma(head: Buffer): number | undefined {
  if (head.length < 8 || !head.subarray(0, 8).equals(SIGNATURE)) return undefined;
  let gamma: number | undefined;
  for (let at = 8; at + 8 <= head.length; ) {
    const length = head.readUInt32BE(at);
    const type = head.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT' || type === 'PLTE' || type === 'IEND') break;
    if (type === 'sRGB' || type === 'iCCP') return undefined; // they take precedence over gAMA
    if (type === 'gAMA' && length === 4 && at + 12 <= head.length) {
      const value = head.readUInt32BE(at + 8);
      if (value > 0) gamma = value / 100_000;
    }
    at += 12 + length;
  }
  return gamma;
}

/** Whether samples with this gamma differ visibly from untagged sRGB. */
export function needsGammaCorrection(gamma: number | undefined): gamma is number {
  return gamma !== undefined && Math.abs(gamma / SRGB_GAMMA - 1) > TOLERANCE;
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function srgbEncode(light: number): number {
  return light <= 0.0031308 ? 12.92 * light : 1.055 * light ** (1 / 2.4) - 0.055;
}

/** sample (0..max) → displayed sRGB sample (0..max). */
export function gammaTable(gamma: number, max: number): Uint16Array {
  const table = new Uint16Array(max + 1);
  for (let v = 0; v <= max; v++) table[v] = Math.round(srgbEncode((v / max) ** (1 / gamma)) * max);
  return table;
}

/**
 * The PNG as sharp input: as it is, or, when its gAMA asks for it, with its colour samples re-encoded
 * (alpha untouched). EXIF orientation is applied first, since the raw pixels cannot carry it.
 */
export async function openPng(path: string, limitInputPixels: number): Promise<Sharp> {
  const image = sharp(path, { limitInputPixels, failOn: 'error', pages: 1 });
  const gamma = declaredGamma(await readHead(path));
  if (!needsGammaCorrection(gamma)) return image;
  const { depth, space } = await image.metadata();
  const deep = depth === 'ushort';
  // Converting to the space it already has keeps the stored samples (sharp would otherwise hand out
  // sRGB at 8 bits); grey stays one channel.
  const { data, info } = await image
    .rotate()
    .toColourspace(space)
    .raw({ depth: deep ? 'ushort' : 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const samples = deep
    ? new Uint16Array(data.buffer, data.byteOffset, data.length / 2)
    : new Uint8Array(data);
  const table = gammaTable(gamma, deep ? 65_535 : 255);
  const channels = info.channels as 1 | 2 | 3 | 4;
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  for (let i = 0; i < samples.length; i += channels) {
    for (let c = 0; c < colours; c++) samples[i + c] = table[samples[i + c]];
  }
  return sharpFromRaw({ width: info.width, height: info.height, channels, data: samples }, limitInputPixels);
}
