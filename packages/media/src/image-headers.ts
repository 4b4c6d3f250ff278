/**
 * Dimension readers for image formats that sharp's bundled libvips cannot open (BMP, ICO, PSD).
 * Each reads a fixed header layout, so they are cheap and safe on hostile input: they return
 * undefined rather than throwing when the header is short or implausible.
 */
export interface Size {
  width: number;
  height: number;
}

/** A size that a real image may have, or undefined. */
export const plausibleSize = (width: number, height: number): Size | undefined =>
  width > 0 && height > 0 && width <= 1_000_000 && height <= 1_000_000 ? { width, height } : undefined;

/** BMP: "BM", then the DIB header at 14. OS/2 core headers (size 12) use 16-bit fields. */
export function bmpSize(buf: Buffer): Size | undefined {
  if (buf.length < 26 || buf.toString('latin1', 0, 2) !== 'BM') return undefined;
  const dibSize = buf.readUInt32LE(14);
  if (dibSize === 12) return plausibleSize(buf.readUInt16LE(18), buf.readUInt16LE(20));
  // Height is negative for top-down bitmaps.
  return plausibleSize(Math.abs(buf.readInt32LE(18)), Math.abs(buf.readInt32LE(22)));
}

/** One image of an ICO file, as its directory and its own header describe it. */
export interface IcoEntry {
  index: number;
  /** Where the entry's bytes are, in the file. */
  offset: number;
  length: number;
  /** 'png' for PNG-compressed entries, 'bmp' for a headerless DIB (BITMAPINFOHEADER + XOR + AND mask). */
  kind: 'png' | 'bmp' | 'unknown';
  width: number;
  height: number;
  /** Bits per pixel (PNG: channels × bit depth), 0 when unknown. */
  bitDepth: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** BITMAPINFOHEADER and its later versions (V2, V3, V4, V5): what a DIB starts with. */
const DIB_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);
/** PNG colour type → channels. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * ICO: a directory of images. The directory's one-byte sizes cannot say more than 256 (stored as 0)
 * and are sometimes wrong, so where the entry's own header is inside `buf` (a PNG's IHDR or the DIB
 * header) its size and depth are used instead.
 */
export function icoEntries(buf: Buffer): IcoEntry[] {
  // Type 1 is an icon, 2 a cursor (.cur): the same images, with a hotspot instead of planes and depth.
  const type = buf.length < 6 ? 0 : buf.readUInt16LE(2);
  if (buf.length < 6 || buf.readUInt16LE(0) !== 0 || (type !== 1 && type !== 2)) return [];
  const count = buf.readUInt16LE(4);
  const entries: IcoEntry[] = [];
  for (let n = 0; n < count; n++) {
    const at = 6 + n * 16;
    if (at + 16 > buf.length) break;
    const entry: IcoEntry = {
      index: n,
      offset: buf.readUInt32LE(at + 12),
      length: buf.readUInt32LE(at + 8),
      kind: 'unknown',
      width: buf[at] || 256,
      height: buf[at + 1] || 256,
      bitDepth: type === 1 ? buf.readUInt16LE(at + 6) : 0,
    };
    const { offset } = entry;
    if (offset + 26 <= buf.length && buf.subarray(offset, offset + 8).equals(PNG_SIGNATURE)) {
      entry.kind = 'png';
      entry.width = buf.readUInt32BE(offset + 16);
      entry.height = buf.readUInt32BE(offset + 20);
      entry.bitDepth = buf[offset + 24] * (PNG_CHANNELS[buf[offset + 25]] ?? 0);
    } else if (offset + 16 <= buf.length && DIB_HEADER_SIZES.has(buf.readUInt32LE(offset))) {
      entry.kind = 'bmp';
      // The DIB's height counts the XOR image and the AND mask together: twice the icon's height.
      entry.width = Math.abs(buf.readInt32LE(offset + 4));
      entry.height = Math.floor(Math.abs(buf.readInt32LE(offset + 8)) / 2);
      entry.bitDepth = buf.readUInt16LE(offset + 14);
    }
    if (plausibleSize(entry.width, entry.height)) entries.push(entry);
  }
  return entries;
}

/** The entry an ICO converter uses: the most pixels, then the most bits per pixel, then the first. */
export function largestIcoEntry(entries: readonly IcoEntry[]): IcoEntry | undefined {
  let best: IcoEntry | undefined;
  for (const e of entries) {
    if (
      !best ||
      e.width * e.height > best.width * best.height ||
      (e.width * e.height === best.width * best.height && e.bitDepth > best.bitDepth)
    ) {
      best = e;
    }
  }
  return best;
}

/** ICO: the size of its largest image (what the ico-to-* converters output). */
export function icoSize(buf: Buffer): Size | undefined {
  const best = largestIcoEntry(icoEntries(buf));
  return best && { width: best.width, height: best.height };
}

/** PSD/PSB: "8BPS", version 1 or 2, then height and width as big-endian uint32 at 14 and 18. */
export function psdSize(buf: Buffer): Size | undefined {
  if (buf.length < 22 || buf.toString('latin1', 0, 4) !== '8BPS') return undefined;
  const version = buf.readUInt16BE(4);
  if (version !== 1 && version !== 2) return undefined;
  return plausibleSize(buf.readUInt32BE(18), buf.readUInt32BE(14));
}
