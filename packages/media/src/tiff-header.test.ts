import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readTiffFileLayout, readTiffLayout } from './tiff-header.ts';

const corpus = join(import.meta.dirname, '../../../tests/corpus/files/decode');

const fromBuffer = (buf: Buffer) =>
  readTiffLayout(async (offset, length) => buf.subarray(offset, offset + length));

describe('readTiffLayout', () => {
  it('reads the layout libtiff and ImageMagick wrote (little- and big-endian)', async () => {
    expect(await readTiffFileLayout(join(corpus, 'tiffcp-tiled-planar.tif'))).toMatchObject({
      width: 96,
      height: 72,
      tiled: true,
      planar: 2,
      bitsPerSample: [8, 8, 8],
      samplesPerPixel: 3,
      littleEndian: true,
    });
    expect(await readTiffFileLayout(join(corpus, 'tiffcp-motorola-tiled-planar.tif'))).toMatchObject({
      tiled: true,
      planar: 2,
      littleEndian: false,
    });
    expect(await readTiffFileLayout(join(corpus, 'im-12bit.tif'))).toMatchObject({
      bitsPerSample: [12, 12, 12],
    });
    expect(await readTiffFileLayout(join(corpus, 'old-style-jpeg.tif'))).toMatchObject({
      compression: 6,
      photometric: 6,
      jpegStream: { offset: expect.any(Number), length: expect.any(Number) },
    });
  });

  it('reads BigTIFF, and says nothing about what is not a TIFF or is cut short', async () => {
    const raw = { width: 40, height: 30, channels: 3 } as const;
    const pixels = Buffer.alloc(40 * 30 * 3, 128);
    const big = await sharp(pixels, { raw }).tiff({ bigtiff: true, tile: true }).toBuffer();
    expect(big.readUInt16LE(2)).toBe(43);
    expect(await fromBuffer(big)).toMatchObject({ width: 40, height: 30, tiled: true, planar: 1 });
    expect(await fromBuffer(Buffer.from('not a tiff at all'))).toBeUndefined();
    const plain = await sharp(pixels, { raw }).tiff().toBuffer();
    // Cut before its directory (which sharp writes after the pixels).
    expect(await fromBuffer(plain.subarray(0, 200))).toBeUndefined();
  });
});
