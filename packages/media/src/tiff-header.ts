/**
 * The first image directory of a TIFF: how its pixels are stored (compression, colour model, bits,
 * planes, tiles). libvips fails on some valid layouts with loader text only; reading the tags lets
 * the imager say which feature a file uses before decoding anything. Classic TIFF and BigTIFF.
 */
import { open } from 'node:fs/promises';

export interface TiffLayout {
  width: number;
  height: number;
  /** 1 none, 5 LZW, 6 old-style JPEG, 7 JPEG, 8/32946 Deflate, ... */
  compression: number;
  /** 0/1 grey, 2 RGB, 3 palette, 5 separated (CMYK), 6 YCbCr, 8 CIELab, 9 ICCLab, 10 ITULab. */
  photometric: number;
  bitsPerSample: number[];
  samplesPerPixel: number;
  /** 1 interleaved, 2 separate planes. */
  planar: number;
  tiled: boolean;
  /** Old-style JPEG: where a complete JPEG stream is stored (JPEGInterchangeFormat), if it is. */
  jpegStream?: { offset: number; length: number };
  /** File offset of the photometric tag's (inline, 2-byte) value, so a copy can be re-labelled. */
  photometricAt?: number;
  littleEndian: boolean;
}

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 6: 1, 7: 1, 8: 2, 9: 4, 16: 8 };
/** Directories bigger than this are not plausible (real files have a few dozen tags). */
const MAX_TAGS = 1_000;

/** readTiffLayout of a file on disk. */
export async function readTiffFileLayout(path: string): Promise<TiffLayout | undefined> {
  const handle = await open(path, 'r');
  try {
    return await readTiffLayout(async (offset, length) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, offset);
      return buf.subarray(0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}

/** Undefined when the file is not a TIFF or its first directory cannot be read (damaged). */
export async function readTiffLayout(read: ReadAt): Promise<TiffLayout | undefined> {
  const head = await read(0, 16);
  if (head.length < 8) return undefined;
  const order = head.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const le = order === 'II';
  const u16 = (b: Buffer, at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (b: Buffer, at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const u64 = (b: Buffer, at: number) => Number(le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at));
  const magic = u16(head, 2);
  const big = magic === 43;
  if (magic !== 42 && !big) return undefined;
  if (big && head.length < 16) return undefined;
  const ifd = big ? u64(head, 8) : u32(head, 4);

  const countBytes = big ? 8 : 2;
  const entrySize = big ? 20 : 12;
  const countBuf = await read(ifd, countBytes);
  if (countBuf.length < countBytes) return undefined;
  const count = big ? u64(countBuf, 0) : u16(countBuf, 0);
  if (count < 1 || count > MAX_TAGS) return undefined;
  const dir = await read(ifd + countBytes, count * entrySize);
  if (dir.length < count * entrySize) return undefined;

  const tags = new Map<number, number[]>();
  let photometricAt: number | undefined;
  for (let n = 0; n < count; n++) {
    const at = n * entrySize;
    const tag = u16(dir, at);
    const type = u16(dir, at + 2);
    if (tag === 262 && type === 3) photometricAt = ifd + countBytes + at + (big ? 12 : 8);
    const values = big ? u64(dir, at + 4) : u32(dir, at + 4);
    const size = TYPE_SIZES[type];
    // Only small integer tags are needed: skip strings, rationals and long arrays.
    if (!size || ![1, 3, 4, 16].includes(type) || values < 1 || values > 16) continue;
    const inline = size * values <= (big ? 8 : 4);
    const valueAt = at + (big ? 12 : 8);
    const data = inline
      ? dir.subarray(valueAt, valueAt + size * values)
      : await read(big ? u64(dir, valueAt) : u32(dir, valueAt), size * values);
    if (data.length < size * values) continue;
    const read1 = (i: number) =>
      size === 1 ? data[i] : size === 2 ? u16(data, i * 2) : size === 4 ? u32(data, i * 4) : u64(data, i * 8);
    tags.set(
      tag,
      Array.from({ length: values }, (_, i) => read1(i)),
    );
  }
  const first = (tag: number, fallback: number) => tags.get(tag)?.[0] ?? fallback;
  const samplesPerPixel = first(277, 1);
  const layout: TiffLayout = {
    width: first(256, 0),
    height: first(257, 0),
    compression: first(259, 1),
    photometric: first(262, -1),
    bitsPerSample: tags.get(258) ?? [1],
    samplesPerPixel,
    planar: first(284, 1),
    tiled: tags.has(322) || tags.has(323),
    photometricAt,
    littleEndian: le,
  };
  const jpegOffset = tags.get(513)?.[0];
  const jpegLength = tags.get(514)?.[0];
  if (jpegOffset && jpegLength) layout.jpegStream = { offset: jpegOffset, length: jpegLength };
  return layout;
}
