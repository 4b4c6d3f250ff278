import { open } from 'node:fs/promises';
import type { Metadata } from 'sharp';
import sharp from 'sharp';
import type { SniffedFormat } from './formats.ts';
import { AVIF_FORMAT } from './formats.ts';
import { HEADER_READERS } from './image-headers.ts';
import type { MediaInfo } from './types.ts';

/** Enough for any fixed image header, including an ICO directory of 4,000 entries. */
const HEADER_BYTES = 64 * 1024;

/**
 * Image dimensions as displayed. Returns null when a format sharp should read turns out unreadable
 * (a truncated or fake file): the image tools could not process it either.
 */
export async function inspectImage(path: string, sniffed: SniffedFormat): Promise<MediaInfo | null> {
  const readHeader = HEADER_READERS[sniffed.format];
  if (readHeader) {
    const size = readHeader(await readStart(path, HEADER_BYTES));
    return size ? { ...sniffed, ...size } : null;
  }

  let meta: Metadata;
  try {
    // Metadata reads headers only, so the pixel limit (a decoding safeguard) does not apply here.
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    // Prebuilt sharp can parse HEIF containers but may lack the HEVC codec; the bytes still say HEIC.
    return sniffed.format === 'heic' ? { ...sniffed } : null;
  }

  // The generic HEIF brand "mif1" is also used by AVIF files; the codec inside settles it.
  const format = sniffed.format === 'heic' && meta.compression === 'av1' ? AVIF_FORMAT : sniffed;
  return { ...format, ...orientedSize(meta) };
}

/** Width/height after applying EXIF orientation (5–8 are quarter turns). */
export function orientedSize(
  meta: Pick<Metadata, 'width' | 'height' | 'orientation' | 'autoOrient' | 'pageHeight'>,
): {
  width?: number;
  height?: number;
} {
  if (meta.autoOrient?.width && meta.autoOrient?.height) {
    return { width: meta.autoOrient.width, height: meta.autoOrient.height };
  }
  if (!meta.width || !meta.height) return {};
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  return quarterTurn
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height };
}

async function readStart(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
