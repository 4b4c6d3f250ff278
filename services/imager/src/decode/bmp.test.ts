import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BmpOptions, picture, writeBmp } from '@mediakit/media/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBmp } from './bmp.ts';
import { PIXEL_LIMIT_MESSAGE, type RawImage, UnreadableInput } from './raw-image.ts';

/**
 * The BMP decoder against two independent references: the picture a file was built from, and
 * ffmpeg's own BMP decoder reading the very same bytes.
 */

const run = promisify(execFile);
const LIMIT = 100_000_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'imager-bmp-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** ffmpeg's decoding of a file, as top-down RGBA. */
async function ffmpegRgba(bytes: Buffer): Promise<Buffer> {
  const path = join(dir, `ref-${Math.random().toString(36).slice(2)}.bmp`);
  await writeFile(path, bytes);
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
    {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return stdout;
}

/** The pixels of a BMP that holds its own (not an embedded JPEG/PNG). */
function rawBmp(file: Buffer, limit: number): RawImage {
  const image = decodeBmp(file, limit);
  if (image.kind !== 'raw') throw new Error('expected raw pixels');
  return image.raw;
}

/** A BMP whose pixels are a whole PNG or JPEG file (BI_PNG = 5, BI_JPEG = 4), as printer drivers write. */
function wrapInBmp(payload: Buffer, width: number, height: number, compression: 4 | 5): Buffer {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + payload.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(0, 28); // bit count 0: defined by the embedded file
  header.writeUInt32LE(compression, 30);
  header.writeUInt32LE(payload.length, 34);
  return Buffer.concat([header, payload]);
}

/** Any image as RGBA, 4 bytes per pixel. */
function rgba(image: RawImage): Buffer {
  const out = Buffer.alloc(image.width * image.height * 4);
  for (let i = 0; i < image.width * image.height; i++) {
    const px = [...image.data.subarray(i * image.channels, (i + 1) * image.channels)];
    out.set(image.channels === 4 ? px : [...px, 255], i * 4);
  }
  return out;
}

// Odd sizes exercise row padding and partial bytes; the stripes exercise every row's placement.
const STRIPES = picture(13, 7, (x, y) =>
  x < 4 ? [255, 0, 0, 255] : x < 9 ? [0, 160, 0, 255] : y < 3 ? [0, 0, 255, 255] : [250, 250, 250, 255],
);

describe('decodeBmp: variants built here, compared with the source picture and with ffmpeg', () => {
  const cases: [string, BmpOptions][] = [
    ['4-bit', { bits: 4 }],
    ['8-bit', { bits: 8 }],
    ['8-bit with a gap before the pixels', { bits: 8, gap: 6 }],
    ['RLE8', { bits: 8, rle: true }],
    ['RLE4', { bits: 4, rle: true }],
    ['16-bit 5-5-5', { bits: 16 }],
    ['16-bit BITFIELDS 5-6-5', { bits: 16, layout: 'rgb565' }],
    ['24-bit bottom-up', { bits: 24 }],
    ['24-bit top-down', { bits: 24, topDown: true }],
    ['32-bit with an all-zero alpha byte', { bits: 32, zeroAlpha: true }],
    ['OS/2 core header, 8-bit', { bits: 8, header: 'core' }],
    ['V5 header, 24-bit', { bits: 24, header: 'v5' }],
  ];

  it.each(cases)('%s', async (_, options) => {
    const bmp = writeBmp(STRIPES, options);
    const image = rawBmp(bmp, LIMIT);
    expect(image).toMatchObject({ width: 13, height: 7, channels: 3 });
    // 5-bit channels round 160 to 156 or 164; everything else is exact.
    const tolerance = options.bits === 16 ? 6 : 0;
    const ours = rgba(image);
    expectClose(ours, STRIPES.data, tolerance);
    // Full scale stays full scale: a 5-bit 31 is 255, not 248.
    expect(ours[0]).toBe(255);
    expect(ours).toEqual(await ffmpegRgba(bmp));
  });

  it('1-bit', async () => {
    const twoColours = picture(21, 5, (x, y) => ((x + y) % 3 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const bmp = writeBmp(twoColours, { bits: 1 });
    expect(rgba(rawBmp(bmp, LIMIT))).toEqual(twoColours.data);
    expect(rgba(rawBmp(bmp, LIMIT))).toEqual(await ffmpegRgba(bmp));
  });

  it('32-bit alpha is kept, straight (not premultiplied)', async () => {
    const translucent = picture(6, 4, (x) => (x < 3 ? [255, 0, 0, 255] : [0, 0, 255, 128]));
    for (const layout of [undefined, 'bgra'] as const) {
      const bmp = writeBmp(translucent, { bits: 32, layout });
      const image = rawBmp(bmp, LIMIT);
      expect(image.channels).toBe(4);
      expect(rgba(image)).toEqual(translucent.data);
      expect(rgba(image)).toEqual(await ffmpegRgba(bmp));
    }
  });

  it('RLE pixels skipped by a delta are transparent', () => {
    const image = rawBmp(writeBmp(STRIPES, { bits: 8, rle: true, delta: 5 }), LIMIT);
    expect(image.channels).toBe(4);
    const px = (x: number, y: number) => [...image.data.subarray((y * 13 + x) * 4, (y * 13 + x + 1) * 4)];
    // The delta sits at the start of the second stored row, i.e. the second row from the bottom.
    expect(px(0, 5)[3]).toBe(0);
    expect(px(4, 5)[3]).toBe(0);
    expect(px(5, 5)).toEqual([0, 160, 0, 255]);
    expect(px(0, 6)).toEqual([255, 0, 0, 255]);
    expect(px(0, 0)).toEqual([255, 0, 0, 255]);
  });

  it('files written by ffmpeg in every pixel format its encoder has', async () => {
    const source = join(dir, 'source.png');
    await sharp(Buffer.from(STRIPES.data), { raw: { width: 13, height: 7, channels: 4 } })
      .png()
      .toFile(source);
    for (const pixFmt of [
      'bgr24',
      'bgra',
      'rgb555le',
      'rgb565le',
      'rgb444le',
      'pal8',
      'rgb8',
      'rgb4_byte',
      'gray',
    ]) {
      const path = join(dir, `${pixFmt}.bmp`);
      await run('ffmpeg', ['-v', 'error', '-y', '-i', source, '-pix_fmt', pixFmt, path]);
      const bmp = await readFile(path);
      // ffmpeg widens 4- and 5-bit channels by shifting (15 → 240); we scale (15 → 255, as Windows
      // shows it). The placement of every pixel must still agree.
      const tolerance = pixFmt === 'rgb444le' ? 15 : /^rgb5/.test(pixFmt) ? 1 : 0;
      expectClose(rgba(rawBmp(bmp, LIMIT)), await ffmpegRgba(bmp), tolerance);
    }
  });
});

describe('decodeBmp: refusals', () => {
  it('checks the header’s pixel count before decoding anything', () => {
    const bmp = writeBmp(
      picture(4, 4, () => [1, 2, 3, 255]),
      { bits: 24 },
    );
    bmp.writeInt32LE(60_000, 18);
    bmp.writeInt32LE(60_000, 22);
    expect(() => rawBmp(bmp, LIMIT)).toThrow(PIXEL_LIMIT_MESSAGE);
    expect(() => rawBmp(writeBmp(STRIPES, { bits: 24 }), 13 * 7 - 1)).toThrow(PIXEL_LIMIT_MESSAGE);
  });

  it('truncated pixel data is damaged, never half an image', () => {
    const bmp = writeBmp(STRIPES, { bits: 24 });
    expect(() => rawBmp(bmp.subarray(0, bmp.length - 40), LIMIT)).toThrow(
      /^bmpload: the pixel data ends early/,
    );
    const rle = writeBmp(STRIPES, { bits: 8, rle: true });
    expect(() => rawBmp(rle.subarray(0, rle.length - 20), LIMIT)).toThrow(/^bmpload: /);
  });

  it('lying headers are damaged', () => {
    const bmp = writeBmp(STRIPES, { bits: 24 });
    const badSize = Buffer.from(bmp);
    badSize.writeUInt32LE(77, 14);
    expect(() => rawBmp(badSize, LIMIT)).toThrow(/^bmpload: unknown header size 77/);
    const noWidth = Buffer.from(bmp);
    noWidth.writeInt32LE(0, 18);
    expect(() => rawBmp(noWidth, LIMIT)).toThrow(/^bmpload: implausible size/);
    expect(() => rawBmp(Buffer.from('BM but nothing else'), LIMIT)).toThrow(/^bmpload: /);
  });

  it('a BI_JPEG bitmap without a JPEG inside is damaged; other unknown compressions are named', () => {
    const bmp = writeBmp(STRIPES, { bits: 24 });
    bmp.writeUInt32LE(4, 30); // BI_JPEG, but the pixels are plain rows
    expect(() => decodeBmp(bmp, LIMIT)).toThrow(/^bmpload: the embedded JPEG image is missing/);
    bmp.writeUInt32LE(11, 30); // a CMYK compression of Windows' printer formats
    const error = catchError(() => decodeBmp(bmp, LIMIT));
    expect(error).toBeInstanceOf(UnreadableInput);
    expect((error as Error).message).toMatch(/BMP compression type 11, which we cannot read/);
  });
});

describe('decodeBmp: a PNG or JPEG inside a BMP', () => {
  it.each([
    ['PNG', 5],
    ['JPEG', 4],
  ] as const)('%s: the embedded file is what sharp reads', async (_, compression) => {
    const source = sharp(Buffer.from(STRIPES.data), { raw: { width: 13, height: 7, channels: 4 } });
    const payload =
      compression === 5 ? await source.png().toBuffer() : await source.jpeg({ quality: 95 }).toBuffer();
    const image = decodeBmp(wrapInBmp(payload, 13, 7, compression), LIMIT);
    expect(image).toEqual({ kind: 'embedded', data: payload });
  });
});

function expectClose(actual: Uint8Array, expected: Uint8Array, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < actual.length; i++) {
    if (Math.abs(actual[i] - expected[i]) > tolerance) {
      throw new Error(`byte ${i} (pixel ${Math.floor(i / 4)}): ${actual[i]} vs ${expected[i]}`);
    }
  }
}

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}
