/**
 * Device-independent bitmaps: the pixel part of a BMP file and of the BMP entries of an ICO.
 *
 * No maintained npm decoder reads all of what Windows and old tools write (decode-bmp has no RLE, no
 * BITFIELDS and ignores the pixel offset; bmp-js/bmp-ts mis-place the first RLE row and ignore the
 * pixel offset too), so this small decoder covers:
 *
 * - headers: OS/2 core (12 bytes), BITMAPINFOHEADER (40) and its V2..V5 extensions, OS/2 2.x (64);
 * - 1, 2, 4 and 8-bit palettes; 16-bit (5-5-5 by default, or BITFIELDS such as 5-6-5); 24-bit;
 *   32-bit (BGRX, BITFIELDS, ALPHABITFIELDS);
 * - RLE8 and RLE4 (encoded and absolute runs, end of line, delta, end of bitmap);
 * - bottom-up and top-down rows;
 * - alpha: a 32-bit image's fourth byte or alpha mask is used when any pixel has one, because many
 *   writers fill that "reserved" byte with zeros: all-zero alpha means opaque. RLE pixels skipped by a
 *   delta or an early end of line are transparent (as in browsers). ICO entries add an AND mask.
 *
 * Every size is checked against the data before anything is allocated; a lie is an Error whose message
 * starts "bmpload:", which read-errors reports as "damaged or incomplete".
 */
import { checkPixelLimit, type RawImage, UnreadableInput, withoutUselessAlpha } from './raw-image.ts';

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** The largest side a BMP may claim (Windows itself stops far below this). */
const MAX_SIDE = 65_535;

export interface DibHeader {
  headerSize: number;
  width: number;
  height: number;
  topDown: boolean;
  bits: number;
  compression: number;
  /** Red, green, blue, alpha masks for 16/32-bit pixels (alpha 0 = none). */
  masks: [number, number, number, number];
  /** Palette entries as [r, g, b]. */
  palette: Uint8Array[];
  /** Where the palette ends: the pixels follow unless a BMP file header says otherwise. */
  end: number;
}

class Damaged extends Error {
  constructor(detail: string) {
    super(`bmpload: ${detail}`);
  }
}

/**
 * Reads the DIB header at `at`. For an ICO entry (`icon`), the stored height covers the colour
 * image and the AND mask: the image is half of it. A BMP file's `pixelOffset` bounds the palette:
 * OS/2 files and some writers store fewer entries than the depth allows, and say so only there.
 */
export function readDibHeader(buf: Buffer, at: number, icon = false, pixelOffset?: number): DibHeader {
  if (at + 16 > buf.length) throw new Damaged('the header is incomplete');
  const headerSize = buf.readUInt32LE(at);
  if (![12, 40, 52, 56, 64, 108, 124].includes(headerSize)) {
    throw new Damaged(`unknown header size ${headerSize}`);
  }
  if (at + headerSize > buf.length) throw new Damaged('the header is incomplete');
  const core = headerSize === 12;
  let width = core ? buf.readUInt16LE(at + 4) : buf.readInt32LE(at + 4);
  let height = core ? buf.readUInt16LE(at + 6) : buf.readInt32LE(at + 8);
  const bits = core ? buf.readUInt16LE(at + 10) : buf.readUInt16LE(at + 14);
  let compression = core ? BI_RGB : buf.readUInt32LE(at + 16);
  // OS/2 2.x headers number their compressions differently; only the common ones overlap.
  if (headerSize === 64 && compression > BI_RLE4) throw new UnreadableInput(unsupported('OS/2 compression'));
  const topDown = height < 0;
  height = Math.abs(height);
  if (icon) height = Math.floor(height / 2);
  width = Math.abs(width);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new Damaged(`implausible size ${width}x${height}`);
  }

  let end = at + headerSize;
  let masks: DibHeader['masks'] = [0, 0, 0, 0];
  if (bits === 16) masks = [0x7c00, 0x03e0, 0x001f, 0];
  if (bits === 32) masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000];
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (bits !== 16 && bits !== 32) throw new Damaged(`BITFIELDS with ${bits} bits per pixel`);
    // V2+ headers hold the masks; a 40-byte header is followed by 3 (or 4) of them.
    const inHeader = headerSize >= 52;
    const count = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
    const from = inHeader ? at + 40 : end;
    if (from + count * 4 > buf.length) throw new Damaged('the colour masks are missing');
    masks = [buf.readUInt32LE(from), buf.readUInt32LE(from + 4), buf.readUInt32LE(from + 8), 0];
    if (count === 4) masks[3] = buf.readUInt32LE(from + 12);
    if (!inHeader) end += count * 4;
    compression = BI_BITFIELDS;
  } else if (compression === BI_RGB && bits === 32 && headerSize >= 56) {
    // BI_RGB with a V3+ header: an alpha mask may still say where alpha is.
    masks[3] = buf.readUInt32LE(at + 52) || masks[3];
  }

  const palette: Uint8Array[] = [];
  if (bits <= 8) {
    if (![1, 2, 4, 8].includes(bits)) throw new Damaged(`${bits} bits per pixel`);
    const used = core ? 0 : buf.readUInt32LE(at + 32);
    const entry = core ? 3 : 4;
    const room = Math.floor(((pixelOffset && pixelOffset > end ? pixelOffset : buf.length) - end) / entry);
    const count = Math.min(used || 2 ** bits, 2 ** bits, room);
    if (count < 1) throw new Damaged('the palette is missing');
    for (let i = 0; i < count; i++) {
      const p = end + i * entry;
      palette.push(Uint8Array.of(buf[p + 2], buf[p + 1], buf[p]));
    }
    end += count * entry;
  } else if (![16, 24, 32].includes(bits)) {
    throw new UnreadableInput(unsupported(`${bits}-bit BMP`));
  }
  if (compression === BI_RLE8 && bits !== 8) throw new Damaged('RLE8 needs 8 bits per pixel');
  if (compression === BI_RLE4 && bits !== 4) throw new Damaged('RLE4 needs 4 bits per pixel');
  if (![BI_RGB, BI_RLE8, BI_RLE4, BI_BITFIELDS].includes(compression)) {
    // 4 = JPEG and 5 = PNG inside a BMP (printer formats), or anything newer.
    throw new UnreadableInput(unsupported(`BMP compression type ${compression}`));
  }
  if ((compression === BI_RLE8 || compression === BI_RLE4) && topDown) {
    throw new Damaged('RLE bitmaps cannot be top-down');
  }
  return { headerSize, width, height, topDown, bits, compression, masks, palette, end };
}

function unsupported(what: string): string {
  return `it is a ${what}, which we cannot read; save it as a standard 24-bit BMP or as PNG`;
}

export interface DecodeDibOptions {
  limitInputPixels: number;
  /** Where the pixel rows start (a BMP file's bfOffBits); default: right after the palette. */
  pixelOffset?: number;
  /** ICO entry: an AND mask (1 bit per pixel, 1 = transparent) follows the colour rows. */
  icon?: boolean;
  /**
   * Where the ICO entry ends (its directory length): a mask is only read inside it. Some writers leave
   * the mask out; reading on would take the next entry's bytes as a mask and speckle the icon.
   */
  entryEnd?: number;
}

export function decodeDib(buf: Buffer, header: DibHeader, options: DecodeDibOptions): RawImage {
  const { width, height } = header;
  checkPixelLimit(width, height, options.limitInputPixels);
  const start = options.pixelOffset ?? header.end;
  if (start > buf.length) throw new Damaged('the pixel data is missing');
  const rgba = new Uint8Array(width * height * 4);
  // File row n (in storage order) → picture row.
  const rowOf = (n: number) => (header.topDown ? n : height - 1 - n);

  let hasAlphaChannel = false;
  if (header.compression === BI_RLE8 || header.compression === BI_RLE4) {
    decodeRle(buf, start, header, rgba, rowOf);
  } else {
    hasAlphaChannel = decodeRows(buf, start, header, rgba, rowOf);
  }
  // 32-bit: a fourth byte that is zero everywhere was never meant as alpha.
  if (header.bits === 32 && !hasAlphaChannel) opaqueAll(rgba);

  if (options.icon) {
    const stride = Math.ceil(width / 32) * 4;
    const maskStart = start + Math.ceil((width * header.bits) / 32) * 4 * height;
    // As for colour rows, the last mask row needs only its bits, not its padding.
    const maskEnd = maskStart + stride * (height - 1) + Math.ceil(width / 8);
    const end = Math.min(buf.length, options.entryEnd ?? buf.length);
    // 32-bit icons carry real alpha; the AND mask is only for those that do not.
    if (!(header.bits === 32 && hasAlphaChannel) && maskEnd <= end) {
      for (let n = 0; n < height; n++) {
        const row = rowOf(n);
        for (let x = 0; x < width; x++) {
          if ((buf[maskStart + n * stride + (x >> 3)] >> (7 - (x & 7))) & 1)
            rgba[(row * width + x) * 4 + 3] = 0;
        }
      }
    }
  }
  return withoutUselessAlpha({ width, height, channels: 4, data: rgba });
}

function opaqueAll(rgba: Uint8Array): void {
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
}

/** Uncompressed and BITFIELDS rows. Returns whether the pixels carried any non-zero alpha. */
function decodeRows(
  buf: Buffer,
  start: number,
  header: DibHeader,
  rgba: Uint8Array,
  rowOf: (n: number) => number,
): boolean {
  const { width, height, bits, palette } = header;
  const stride = Math.ceil((width * bits) / 32) * 4;
  // The last row needs only its pixels, not its padding: some writers drop the final padding.
  const needed = stride * (height - 1) + Math.ceil((width * bits) / 8);
  if (start + needed > buf.length) throw new Damaged('the pixel data ends early');
  const channel = header.masks.map(maskReader);
  const alphaMask = header.masks[3];
  let anyAlpha = false;

  for (let n = 0; n < height; n++) {
    const src = start + n * stride;
    let out = rowOf(n) * width * 4;
    for (let x = 0; x < width; x++, out += 4) {
      if (bits <= 8) {
        const perByte = 8 / bits;
        const byte = buf[src + Math.floor(x / perByte)];
        const shift = 8 - bits * ((x % perByte) + 1);
        const colour = palette[(byte >> shift) & ((1 << bits) - 1)];
        // An index past the palette's end is shown black, as Windows does.
        if (colour) rgba.set(colour, out);
        rgba[out + 3] = 255;
      } else if (bits === 24) {
        rgba[out] = buf[src + x * 3 + 2];
        rgba[out + 1] = buf[src + x * 3 + 1];
        rgba[out + 2] = buf[src + x * 3];
        rgba[out + 3] = 255;
      } else {
        const v = bits === 16 ? buf.readUInt16LE(src + x * 2) : buf.readUInt32LE(src + x * 4);
        rgba[out] = channel[0](v);
        rgba[out + 1] = channel[1](v);
        rgba[out + 2] = channel[2](v);
        if (alphaMask) {
          const a = channel[3](v);
          rgba[out + 3] = a;
          if (a) anyAlpha = true;
        } else {
          rgba[out + 3] = 255;
        }
      }
    }
  }
  return anyAlpha;
}

/** Extracts one masked field and scales it to 0..255 (a 5-bit 31 becomes 255). */
function maskReader(mask: number): (v: number) => number {
  const m = mask >>> 0;
  if (!m) return () => 0;
  let shift = 0;
  while (!((m >>> shift) & 1)) shift++;
  const max = m >>> shift;
  if (max === 0xff) return (v) => (v >>> shift) & 0xff;
  return (v) => Math.round((((v & m) >>> shift) * 255) / max);
}

/**
 * RLE8/RLE4. Rows are bottom-up; pixels the stream never paints (delta jumps, early end of line)
 * stay transparent. Runs that overflow the row are clipped, not wrapped.
 */
function decodeRle(
  buf: Buffer,
  start: number,
  header: DibHeader,
  rgba: Uint8Array,
  rowOf: (n: number) => number,
): void {
  const { width, height, palette, compression } = header;
  const four = compression === BI_RLE4;
  let at = start;
  let x = 0;
  let n = 0; // storage row
  const put = (index: number) => {
    if (x < width && n < height) {
      const out = (rowOf(n) * width + x) * 4;
      const colour = palette[index];
      if (colour) rgba.set(colour, out);
      rgba[out + 3] = 255;
    }
    x++;
  };
  const byte = () => {
    if (at >= buf.length) throw new Damaged('the RLE pixel data ends early');
    return buf[at++];
  };

  while (n < height) {
    if (at >= buf.length) {
      // Data ending without an end-of-bitmap marker is fine once the last row has been started.
      if (n === height - 1) return;
      throw new Damaged('the RLE pixel data ends early');
    }
    const count = byte();
    const value = byte();
    if (count > 0) {
      for (let i = 0; i < count; i++) put(four ? (i & 1 ? value & 0x0f : value >> 4) : value);
    } else if (value === 0) {
      x = 0;
      n++;
    } else if (value === 1) {
      return;
    } else if (value === 2) {
      x += byte();
      n += byte();
    } else {
      // Absolute mode: `value` literal pixels, padded to a 16-bit boundary.
      const bytes = four ? Math.ceil(value / 2) : value;
      if (at + bytes > buf.length) throw new Damaged('the RLE pixel data ends early');
      for (let i = 0; i < value; i++) {
        put(four ? (i & 1 ? buf[at + (i >> 1)] & 0x0f : buf[at + (i >> 1)] >> 4) : buf[at + i]);
      }
      at += bytes + (bytes & 1);
    }
  }
}
