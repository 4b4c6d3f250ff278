import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { icoEntries, sniff } from '@mediakit/media';
import { picture, writeIco } from '@mediakit/media/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeIco } from './ico.ts';
import { PIXEL_LIMIT_MESSAGE, type RawImage } from './raw-image.ts';

const LIMIT = 100_000_000;

/** A square icon: its own colour on the left, transparent on the right half of the top rows. */
const icon = (size: number, rgb: number[]) =>
  picture(size, size, (x, y) => (x >= size / 2 && y < size / 2 ? [0, 0, 0, 0] : [...rgb, 255]));

function pixel(image: RawImage, x: number, y: number): number[] {
  const at = (y * image.width + x) * image.channels;
  return [...image.data.subarray(at, at + image.channels)];
}

function raw(result: ReturnType<typeof decodeIco>): RawImage {
  if (result.kind !== 'raw') throw new Error(`expected a bitmap entry, got ${result.kind}`);
  return result.raw;
}

describe('decodeIco', () => {
  it('decodes only the largest of 16, 32 and 48, whatever the order', () => {
    const ico = writeIco([
      { bmp: icon(16, [255, 0, 0]), bits: 32 },
      { bmp: icon(48, [0, 200, 0]), bits: 32 },
      { bmp: icon(32, [0, 0, 255]), bits: 32 },
    ]);
    const image = raw(decodeIco(ico, LIMIT));
    expect(image).toMatchObject({ width: 48, height: 48, channels: 4 });
    expect(pixel(image, 5, 40)).toEqual([0, 200, 0, 255]);
    expect(pixel(image, 40, 5)[3]).toBe(0);
  });

  it.each([1, 4, 8, 24] as const)('a %i-bit entry takes its transparency from the AND mask', (bits) => {
    const colours = bits === 1 ? [255, 255, 255] : [0, 120, 255];
    const image = raw(decodeIco(writeIco([{ bmp: icon(32, colours), bits }]), LIMIT));
    expect(image.channels).toBe(4);
    expect(pixel(image, 4, 30)).toEqual([...colours, 255]);
    expect(pixel(image, 30, 4)[3]).toBe(0);
    expect(pixel(image, 30, 30)[3]).toBe(255);
  });

  it('a 32-bit entry whose alpha bytes are all zero falls back to the AND mask', () => {
    const image = raw(
      decodeIco(writeIco([{ bmp: icon(16, [200, 0, 200]), bits: 32, maskOnly: true }]), LIMIT),
    );
    expect(pixel(image, 2, 14)).toEqual([200, 0, 200, 255]);
    expect(pixel(image, 14, 2)[3]).toBe(0);
  });

  it('an entry without an AND mask is opaque, not speckled by the next entry’s bytes', () => {
    // The 32×32 entry is first; its mask is missing, so what follows it is the 16×16 entry's data.
    const ico = writeIco([
      { bmp: picture(32, 32, () => [0, 120, 255, 255]), bits: 24, mask: 'none' },
      { bmp: picture(16, 16, (x) => [x * 16, 255 - x * 16, 7, 255]), bits: 32 },
    ]);
    const image = raw(decodeIco(ico, LIMIT));
    expect(image).toMatchObject({ width: 32, height: 32, channels: 3 });
    for (let y = 0; y < 32; y++)
      for (let x = 0; x < 32; x++) expect(pixel(image, x, y)).toEqual([0, 120, 255]);
  });

  it('a mask whose last row lacks its padding still makes the icon transparent', () => {
    const ico = writeIco([{ bmp: icon(24, [0, 120, 255]), bits: 24, mask: 'unpadded' }]);
    const image = raw(decodeIco(ico, LIMIT));
    expect(pixel(image, 20, 2)[3]).toBe(0);
    expect(pixel(image, 2, 20)).toEqual([0, 120, 255, 255]);
  });

  it('an opaque icon comes out without an alpha channel', () => {
    const opaque = picture(16, 16, () => [10, 20, 30, 255]);
    expect(raw(decodeIco(writeIco([{ bmp: opaque, bits: 24 }]), LIMIT)).channels).toBe(3);
  });

  it('a PNG entry (Vista 256×256 icons) is handed over as PNG bytes', async () => {
    const png = await sharp({ create: { width: 256, height: 256, channels: 4, background: '#00f8' } })
      .png()
      .toBuffer();
    const result = decodeIco(writeIco([{ bmp: icon(48, [0, 200, 0]), bits: 32 }, { png }]), LIMIT);
    expect(result.kind).toBe('png');
    if (result.kind === 'png') expect(result.png).toEqual(png);
  });

  it('checks the largest entry’s size against the pixel limit before decoding', () => {
    const ico = writeIco([{ bmp: icon(48, [0, 200, 0]), bits: 32 }]);
    expect(() => decodeIco(ico, 48 * 48 - 1)).toThrow(PIXEL_LIMIT_MESSAGE);
  });

  it('damaged icons fail as damaged', () => {
    expect(() => decodeIco(Buffer.from([0, 0, 1, 0, 0, 0]), LIMIT)).toThrow(/^icoload: /);
    const ico = writeIco([{ bmp: icon(32, [1, 2, 3]), bits: 24 }]);
    expect(() => decodeIco(ico.subarray(0, ico.length - 200), LIMIT)).toThrow(
      /^bmpload: the pixel data ends early/,
    );
  });
});

describe('Windows cursors (.cur)', () => {
  const cur = join(import.meta.dirname, '../../../../tests/corpus/files/decode/im-pointer.cur');

  it('are sniffed and sized as icons, and decode like one (ImageMagick’s CUR writer)', async () => {
    expect(await sniff(cur)).toMatchObject({ format: 'ico', media: 'image' });
    const file = await readFile(cur);
    expect(icoEntries(file)).toMatchObject([{ width: 48, height: 48 }]);
    const { data, info } = await sharp(raw(decodeIco(file, LIMIT)).data, {
      raw: { width: 48, height: 48, channels: 4 },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const reference = await sharp(cur.replace(/\.cur$/, '.ref.png'))
      .ensureAlpha()
      .raw()
      .toBuffer();
    expect(info.channels).toBe(4);
    expect(data.equals(reference)).toBe(true);
  });
});
