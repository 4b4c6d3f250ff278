import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openAvif } from './avif.ts';
import { toneMapNote, toneMapping } from './hdr.ts';

/** avifenc-made files with references from avifdec + ffmpeg's tonemap (tests/corpus/make/heif.sh). */
const CORPUS = join(import.meta.dirname, '../../../../tests/corpus/files/heif');
const LIMIT = 100_000_000;

async function meanDifference(a: Buffer, referencePath: string): Promise<number> {
  const reference = await sharp(referencePath).removeAlpha().raw().toBuffer();
  expect(a.length).toBe(reference.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - reference[i]);
  return sum / a.length;
}

describe('openAvif', () => {
  it.each([
    ['avifenc-pq-10bit', 'PQ, 10-bit', 1.5],
    ['avifenc-pq-12bit', 'PQ, 12-bit', 1.5],
    // zimg applies HLG's system gamma per channel, BT.2100 (and we) on the luminance: saturated
    // patches differ a little; greys and the highlights agree.
    ['avifenc-hlg-10bit', 'HLG, 10-bit', 8],
  ])('tone-maps %s (%s) to sRGB as ffmpeg does', async (name, kind, tolerance) => {
    const image = await openAvif(join(CORPUS, `${name}.avif`), LIMIT);
    expect(toneMapNote(image)).toBe(`HDR (${kind}) tone-mapped to SDR (sRGB)`);
    expect(toneMapping(image)?.transfer).toBe(kind.startsWith('PQ') ? 'pq' : 'hlg');
    const pixels = await image.toColourspace('srgb').raw().toBuffer();
    const reference = join(CORPUS, `${name}.ref.png`);
    expect(await meanDifference(pixels, reference)).toBeLessThanOrEqual(tolerance);
    // What libvips alone gives (the coded signal shown as sRGB) is far off: the test would fail.
    const untouched = await sharp(join(CORPUS, `${name}.avif`))
      .toColourspace('srgb')
      .raw()
      .toBuffer();
    expect(await meanDifference(untouched, reference)).toBeGreaterThan(15);
  });

  it('leaves an SDR AVIF to libvips, untouched', async () => {
    const image = await openAvif(join(CORPUS, 'avifenc-photo.avif'), LIMIT);
    expect(toneMapNote(image)).toBeUndefined();
    const pixels = await image.raw().toBuffer();
    expect(await meanDifference(pixels, join(CORPUS, 'avifenc-photo.ref.png'))).toBeLessThanOrEqual(2);
  });

  it('holds an HDR AVIF to the pixel limit before decoding it', async () => {
    await expect(openAvif(join(CORPUS, 'avifenc-pq-10bit.avif'), 1000)).rejects.toThrow(/pixel limit/);
  });
});
