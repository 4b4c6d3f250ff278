/**
 * Dimension readers for image formats that sharp's bundled libvips cannot open (BMP, ICO, PSD).
 * Each reads a fixed header layout, so they are cheap and safe on hostile input: they return
 * undefined rather than throwing when the header is short or implausible.
 */
export interface Size {
  width: number;
  height: number;
}

const plausible = (width: number, height: number): Size | undefined =>
  width > 0 && height > 0 && width <= 1_000_000 && height <= 1_000_000 ? { width, height } : undefined;

/** BMP: "BM", then the DIB header at 14. OS/2 core headers (size 12) use 16-bit fields. */
export function bmpSize(buf: Buffer): Size | undefined {
  if (buf.length < 26 || buf.toString('latin1', 0, 2) !== 'BM') return undefined;
  const dibSize = buf.readUInt32LE(14);
  if (dibSize === 12) return plausible(buf.readUInt16LE(18), buf.readUInt16LE(20));
  // Height is negative for top-down bitmaps.
  return plausible(Math.abs(buf.readInt32LE(18)), Math.abs(buf.readInt32LE(22)));
}

/**
 * ICO: a directory of images; the largest one is what a converter will use
 * (the catalog's ico-to-* tools take the largest), so that is the size we report.
 * A stored 0 means 256.
 */
export function icoSize(buf: Buffer): Size | undefined {
  if (buf.length < 6 || buf.readUInt16LE(0) !== 0 || buf.readUInt16LE(2) !== 1) return undefined;
  const count = buf.readUInt16LE(4);
  let best: Size | undefined;
  for (let n = 0; n < count; n++) {
    const at = 6 + n * 16;
    if (at + 16 > buf.length) break;
    const width = buf[at] || 256;
    const height = buf[at + 1] || 256;
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

/** PSD/PSB: "8BPS", version 1 or 2, then height and width as big-endian uint32 at 14 and 18. */
export function psdSize(buf: Buffer): Size | undefined {
  if (buf.length < 22 || buf.toString('latin1', 0, 4) !== '8BPS') return undefined;
  const version = buf.readUInt16BE(4);
  if (version !== 1 && version !== 2) return undefined;
  return plausible(buf.readUInt32BE(18), buf.readUInt32BE(14));
}

export const HEADER_READERS: Record<string, (buf: Buffer) => Size | undefined> = {
  bmp: bmpSize,
  ico: icoSize,
  psd: psdSize,
};
