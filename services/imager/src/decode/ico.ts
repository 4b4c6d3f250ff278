/**
 * ICO files: a directory of images of one icon at several sizes. The converters give the largest
 * (most pixels, then most bits per pixel), chosen by the same rule inspectFile uses to report the
 * file's size. Only that entry is decoded.
 *
 * An entry is either a whole PNG file (Vista and later, usual for 256×256), which sharp reads as it
 * is, or a DIB without file header whose colour rows are followed by an AND mask (dib.ts).
 */
import { icoEntries, largestIcoEntry } from '@mediakit/media';
import { decodeDib, readDibHeader } from './dib.ts';
import { checkPixelLimit, type RawImage } from './raw-image.ts';

export type IcoImage = { kind: 'png'; png: Buffer } | { kind: 'raw'; raw: RawImage };

export function decodeIco(file: Buffer, limitInputPixels: number): IcoImage {
  const entry = largestIcoEntry(icoEntries(file));
  if (!entry) throw new Error('icoload: the icon directory lists no readable image');
  if (entry.offset >= file.length) throw new Error('icoload: the largest image lies outside the file');
  checkPixelLimit(entry.width, entry.height, limitInputPixels);
  if (entry.kind === 'png') {
    // The directory's length may be wrong: the PNG runs at most to the end of the file, and a
    // truncated one fails in libvips' PNG loader like any other.
    return { kind: 'png', png: Buffer.from(file.subarray(entry.offset, entry.offset + entry.length)) };
  }
  if (entry.kind !== 'bmp') throw new Error('icoload: the largest image is neither PNG nor a bitmap');
  // Decoding from the entry's start keeps every offset relative to it, as the format defines.
  const dib = file.subarray(entry.offset);
  const header = readDibHeader(dib, 0, true);
  // A directory length shorter than the colour rows is wrong, not a missing mask: then read to the file's end.
  const entryEnd = entry.length > header.end ? entry.length : undefined;
  return { kind: 'raw', raw: decodeDib(dib, header, { limitInputPixels, icon: true, entryEnd }) };
}
