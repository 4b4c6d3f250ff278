/**
 * BMP files: a 14-byte file header ("BM", size, pixel offset) in front of a DIB (see dib.ts).
 */
import { decodeDib, readDibHeader } from './dib.ts';
import type { RawImage } from './raw-image.ts';

const FILE_HEADER = 14;

export function decodeBmp(file: Buffer, limitInputPixels: number): RawImage {
  if (file.length < FILE_HEADER + 12 || file.toString('latin1', 0, 2) !== 'BM') {
    throw new Error('bmpload: not a BMP file');
  }
  // bfOffBits says where the rows are (writers may leave a gap after the palette). One that points
  // into the headers or past the end is a writer's mistake: the rows then follow the palette.
  const offBits = file.readUInt32LE(10);
  const header = readDibHeader(file, FILE_HEADER, false, offBits < file.length ? offBits : undefined);
  const pixelOffset = offBits >= header.end && offBits < file.length ? offBits : header.end;
  return decodeDib(file, header, { limitInputPixels, pixelOffset });
}
