/**
 * BMP files: a 14-byte file header ("BM", size, pixel offset) in front of a DIB (see dib.ts).
 *
 * A BMP may also hold a whole JPEG or PNG file as its pixels (compression BI_JPEG or BI_PNG, meant
 * for printers): that file is handed to libvips as it is, once its signature says it is one.
 */
import { decodeDib, readDibHeader } from './dib.ts';
import type { RawImage } from './raw-image.ts';

const FILE_HEADER = 14;
const BI_JPEG = 4;
const BI_PNG = 5;
const EMBEDDED = {
  [BI_JPEG]: { name: 'JPEG', signature: Buffer.from([0xff, 0xd8, 0xff]) },
  [BI_PNG]: { name: 'PNG', signature: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
};

/** Raw pixels, or the JPEG/PNG file a BMP wraps. */
export type BmpImage = { kind: 'raw'; raw: RawImage } | { kind: 'embedded'; data: Buffer };

export function decodeBmp(file: Buffer, limitInputPixels: number): BmpImage {
  if (file.length < FILE_HEADER + 12 || file.toString('latin1', 0, 2) !== 'BM') {
    throw new Error('bmpload: not a BMP file');
  }
  const offBits = file.readUInt32LE(10);
  const embedded = embeddedImage(file, offBits);
  if (embedded) return { kind: 'embedded', data: embedded };
  // bfOffBits says where the rows are (writers may leave a gap after the palette). One that points
  // into the headers or past the end is a writer's mistake: the rows then follow the palette.
  const header = readDibHeader(file, FILE_HEADER, false, offBits < file.length ? offBits : undefined);
  const pixelOffset = offBits >= header.end && offBits < file.length ? offBits : header.end;
  return { kind: 'raw', raw: decodeDib(file, header, { limitInputPixels, pixelOffset }) };
}

/** The JPEG or PNG file of a BI_JPEG/BI_PNG bitmap (BITMAPINFOHEADER or later), or undefined. */
function embeddedImage(file: Buffer, offBits: number): Buffer | undefined {
  const headerSize = file.readUInt32LE(FILE_HEADER);
  if (headerSize < 40 || file.length < FILE_HEADER + 40) return undefined;
  const compression = file.readUInt32LE(FILE_HEADER + 16);
  if (compression !== BI_JPEG && compression !== BI_PNG) return undefined;
  const { name, signature } = EMBEDDED[compression];
  // biSizeImage is the embedded file's length; 0 or too large means "to the end of the file".
  const size = file.readUInt32LE(FILE_HEADER + 20);
  const end = size > 0 && offBits + size <= file.length ? offBits + size : file.length;
  const data = file.subarray(offBits, end);
  if (!data.subarray(0, signature.length).equals(signature)) {
    throw new Error(`bmpload: the embedded ${name} image is missing`);
  }
  return Buffer.from(data);
}
