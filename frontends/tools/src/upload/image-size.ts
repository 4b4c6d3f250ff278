/**
 * An image's width and height from the first bytes of the file on the device (PNG, GIF, BMP, WebP,
 * JPEG), without decoding it: a thumbnail is drawn from the local file only when it is small
 * enough to decode (a 30000 × 30000 PNG of a hundred kilobytes would take gigabytes). Undefined
 * when the header is not one of these or is cut short; the server's reading comes later anyway.
 */
export interface PixelSize {
  width: number;
  height: number;
}

/** How much of the file is read: a JPEG's frame header may follow large EXIF and ICC blocks. */
export const HEADER_BYTES = 256 * 1024;

export function imageSize(bytes: Uint8Array): PixelSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const has = (n: number) => bytes.length >= n;
  const text = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);

  if (has(24) && view.getUint32(0) === 0x89504e47 && text(12, 4) === 'IHDR')
    return size(view.getUint32(16), view.getUint32(20));
  if (has(10) && text(0, 4) === 'GIF8') return size(view.getUint16(6, true), view.getUint16(8, true));
  if (has(26) && text(0, 2) === 'BM')
    return size(Math.abs(view.getInt32(18, true)), Math.abs(view.getInt32(22, true)));
  if (has(30) && text(0, 4) === 'RIFF' && text(8, 4) === 'WEBP') {
    const chunk = text(12, 4);
    const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    if (chunk === 'VP8X') return size(1 + u24(24), 1 + u24(27));
    if (chunk === 'VP8 ') return size(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return size(1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff));
    }
    return undefined;
  }
  if (has(4) && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Segments after the start of image: FF, a marker, a big-endian length; the frame header
    // (SOF0..SOF15 but DHT C4, JPG C8 and DAC CC) has the height, then the width.
    let at = 2;
    while (at + 9 <= bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1];
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return size(view.getUint16(at + 7), view.getUint16(at + 5));
      at += 2 + view.getUint16(at + 2);
    }
  }
  return undefined;
}

/** The size from the file's first bytes (see imageSize). */
export async function readImageSize(file: Blob): Promise<PixelSize | undefined> {
  try {
    return imageSize(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  } catch {
    return undefined;
  }
}
