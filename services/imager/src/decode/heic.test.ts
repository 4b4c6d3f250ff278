import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { heicFromImage } from '@mediakit/media/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeic } from './heic.ts';
import { profileFor, sharpFromTaggedRaw } from './icc-tag.ts';
import { PIXEL_LIMIT_MESSAGE, type RawImage } from './raw-image.ts';

const run = promisify(execFile);
const LIMIT = 100_000_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'imager-heic-'));
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=64x64',
    '-frames:v',
    '1',
    join(dir, 'testsrc2.png'),
  ]);
  // Left half red, right half blue, 64×32: orientation mistakes show.
  const raw = Buffer.alloc(64 * 32 * 3);
  for (let i = 0; i < 64 * 32; i++) raw.set(i % 64 < 32 ? [255, 0, 0] : [0, 0, 255], i * 3);
  await sharp(raw, { raw: { width: 64, height: 32, channels: 3 } })
    .png()
    .toFile(join(dir, 'halves.png'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function pixel(image: RawImage, x: number, y: number): number[] {
  const at = (y * image.width + x) * image.channels;
  return [...image.data.subarray(at, at + image.channels)];
}

const isRed = ([r, g, b]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: number[]) => r < 60 && g < 60 && b > 200;

describe('decodeHeic', () => {
  it('decodes ffmpeg’s testsrc2 frame with the source’s colours (mean within tolerance)', async () => {
    const { image } = await decodeHeic(await heicFromImage(join(dir, 'testsrc2.png')), LIMIT);
    expect(image).toMatchObject({ width: 64, height: 64, channels: 3 });
    const source = await sharp(join(dir, 'testsrc2.png')).removeAlpha().raw().toBuffer();
    const mean = (data: Uint8Array, c: number) => {
      let sum = 0;
      for (let i = c; i < data.length; i += 3) sum += data[i];
      return sum / (data.length / 3);
    };
    for (let c = 0; c < 3; c++)
      expect(Math.abs(mean(image.data as Uint8Array, c) - mean(source, c))).toBeLessThan(6);
  });

  it('keeps left and right where they were', async () => {
    const { image } = await decodeHeic(await heicFromImage(join(dir, 'halves.png')), LIMIT);
    expect(image).toMatchObject({ width: 64, height: 32 });
    expect(isRed(pixel(image, 4, 16))).toBe(true);
    expect(isBlue(pixel(image, 60, 16))).toBe(true);
  });

  it('applies the container’s rotation (irot) and mirroring (imir)', async () => {
    // irot 1 = 90° counter-clockwise: the red left half ends up at the bottom.
    const turned = (await decodeHeic(await heicFromImage(join(dir, 'halves.png'), { rotate: 1 }), LIMIT))
      .image;
    expect(turned).toMatchObject({ width: 32, height: 64 });
    expect(isBlue(pixel(turned, 16, 4))).toBe(true);
    expect(isRed(pixel(turned, 16, 60))).toBe(true);
    // imir axis 1 = mirrored left to right in libheif's convention: red goes right.
    const mirrored = (await decodeHeic(await heicFromImage(join(dir, 'halves.png'), { mirror: 1 }), LIMIT))
      .image;
    expect(mirrored).toMatchObject({ width: 64, height: 32 });
    expect(isBlue(pixel(mirrored, 4, 16))).toBe(true);
    expect(isRed(pixel(mirrored, 60, 16))).toBe(true);
  });

  it('checks the header’s pixel count before decoding', async () => {
    const heic = await heicFromImage(join(dir, 'halves.png'));
    await expect(decodeHeic(heic, 64 * 32 - 1)).rejects.toThrow(PIXEL_LIMIT_MESSAGE);
  });

  it('damaged files are damaged', async () => {
    const heic = await heicFromImage(join(dir, 'halves.png'));
    await expect(decodeHeic(Buffer.from('not a heic'), LIMIT)).rejects.toThrow(/^heifload: /);
    await expect(decodeHeic(heic.subarray(0, heic.length - 200), LIMIT)).rejects.toThrow(/^heifload: /);
  });

  it('pixels described as Display P3 are tagged so sRGB conversion uses the profile', async () => {
    const p3 = await profileFor({ nclx: { primaries: 12 } });
    expect(p3?.length).toBeGreaterThan(128);
    expect(p3?.subarray(36, 40).toString('latin1')).toBe('acsp'); // an ICC profile
    expect(await profileFor({ nclx: { primaries: 1 } })).toBeUndefined();
    // A P3 brick red is more saturated than the same numbers in sRGB: converted, red rises.
    const brick: RawImage = { width: 1, height: 1, channels: 3, data: Uint8Array.of(200, 80, 60) };
    const tagged = await sharpFromTaggedRaw(brick, p3, LIMIT);
    expect((await tagged.clone().metadata()).icc).toBeDefined();
    const [r, g, b] = await tagged.toColourspace('srgb').raw().toBuffer();
    expect(r).toBeGreaterThan(210);
    expect(g).toBeLessThan(75);
    expect(b).toBeLessThan(55);
    const untagged = await sharpFromTaggedRaw(brick, undefined, LIMIT);
    expect([...(await untagged.toColourspace('srgb').raw().toBuffer())]).toEqual([200, 80, 60]);
  });
});

describe('decodeHeic, HDR', () => {
  /** avifenc's HDR scenes with ffmpeg-tone-mapped references (tests/corpus/make/heif.sh). */
  const corpus = join(import.meta.dirname, '../../../../tests/corpus/files/heif');

  async function meanDifference(data: Uint8Array, referencePath: string): Promise<number> {
    const reference = await sharp(referencePath).removeAlpha().raw().toBuffer();
    expect(data.length).toBe(reference.length);
    let sum = 0;
    for (let i = 0; i < data.length; i++) sum += Math.abs(data[i] - reference[i]);
    return sum / data.length;
  }

  it.each([
    ['pq', 'avifenc-pq-10bit'],
    ['hlg', 'avifenc-hlg-10bit'],
  ] as const)('tone-maps a 10-bit %s HEIC to sRGB as ffmpeg does', async (hdr, name) => {
    // The same HDR scene (avifdec's 16-bit decode of the corpus AVIF) coded as HEVC with its nclx.
    const source = join(dir, `${name}.png`);
    await run('avifdec', ['-d', '16', join(corpus, `${name}.avif`), source]);
    const heic = await heicFromImage(source, { hdr });
    const decoded = await decodeHeic(heic, LIMIT);
    expect(decoded.toneMapped).toEqual({ transfer: hdr, bits: 10 });
    expect(decoded.colour).toEqual({}); // already sRGB: no profile may be applied on top
    expect(decoded.image).toMatchObject({ width: 320, height: 240, channels: 3 });
    const reference = join(corpus, `${name}.ref.png`);
    // HLG: zimg applies the system gamma per channel, BT.2100 on luminance (see hdr.ts).
    const tolerance = hdr === 'pq' ? 3 : 9;
    expect(await meanDifference(decoded.image.data as Uint8Array, reference)).toBeLessThanOrEqual(tolerance);
    // The coded signal shown as sRGB (what the 8-bit decode gave before) is far from it.
    const plain = await sharp(source).toColourspace('srgb').raw().toBuffer();
    expect(await meanDifference(plain, reference)).toBeGreaterThan(15);
  });
});
