import { open } from 'node:fs/promises';
import type { Metadata } from 'sharp';
import sharp from 'sharp';
import type { SniffedFormat } from './formats.ts';
import { readHeifFile } from './heif.ts';
import { readHeifSequence } from './heif-sequence.ts';
import { bmpSize, icoSize, plausibleSize, psdSize, type Size } from './image-headers.ts';
import { SVG_SNIFF_BYTES, svgSize } from './svg.ts';
import { readTiffFileLayout } from './tiff-header.ts';
import type { MediaInfo } from './types.ts';

/** Enough for any fixed image header (BMP, PSD). */
const HEADER_BYTES = 64 * 1024;
/**
 * ICO entries' own headers (the only reliable sizes: the directory cannot say more than 256) sit
 * wherever the directory points; icons are small, so the file is read whole up to this size, and
 * beyond it the directory's sizes are used.
 */
const ICO_READ_BYTES = 4 * 1024 * 1024;

/** Formats sharp's libvips cannot read (or, for SVG, that must not reach librsvg unchecked): sized from their headers. */
const HEADER_READERS: Record<string, (path: string) => Promise<Size | undefined>> = {
  bmp: async (path) => bmpSize(await readStart(path, HEADER_BYTES)),
  psd: async (path) => psdSize(await readStart(path, HEADER_BYTES)),
  ico: async (path) => icoSize(await readStart(path, ICO_READ_BYTES)),
  heic: async (path) => {
    const heif = await readHeifFile(path);
    if (heif?.width && heif.height) return { width: heif.width, height: heif.height };
    return sequenceSize(path);
  },
};

/**
 * Image dimensions as displayed, without decoding pixels. Returns null when the file turns out
 * unreadable (a truncated or fake file): the image tools could not process it either.
 */
export async function inspectImage(path: string, sniffed: SniffedFormat): Promise<MediaInfo | null> {
  if (sniffed.format === 'svg') {
    // An SVG sized by its drawing alone (no width, height or viewBox) is still an SVG.
    const size = svgSize(await readStart(path, SVG_SNIFF_BYTES));
    return size ? { ...sniffed, ...size } : { ...sniffed };
  }
  const readHeader = HEADER_READERS[sniffed.format];
  if (readHeader) {
    const size = await readHeader(path);
    return size ? { ...sniffed, ...size } : null;
  }

  // An animated AVIF is sized from its track: libvips does not open an "avis" file.
  if (sniffed.format === 'avif') {
    const size = await sequenceSize(path);
    if (size) return { ...sniffed, ...size };
  }
  let meta: Metadata;
  try {
    // Metadata reads headers only, so the pixel limit (a decoding safeguard) does not apply here.
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    // libvips refuses some valid TIFF layouts even to measure (12-bit, 8-bit CIELab): their tags
    // still give the size, and the image tools then say which feature they cannot read.
    return sniffed.format === 'tiff' ? tiffFromTags(path, sniffed) : null;
  }
  return { ...sniffed, ...orientedSize(meta) };
}

async function tiffFromTags(path: string, sniffed: SniffedFormat): Promise<MediaInfo | null> {
  const layout = await readTiffFileLayout(path);
  const size = layout && plausibleSize(layout.width, layout.height);
  return size ? { ...sniffed, ...size } : null;
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

/** The frame size of an image sequence (animated AVIF or HEIF), or undefined for a still. */
async function sequenceSize(path: string): Promise<Size | undefined> {
  const sequence = await readHeifSequence(path);
  return sequence ? { width: sequence.width, height: sequence.height } : undefined;
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
