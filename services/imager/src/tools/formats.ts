/**
 * Which formats the imager writes, and how an input's format maps onto one.
 *
 * The bundled libvips of sharp 0.35 reads JPEG, PNG, WebP, GIF, TIFF, AVIF and SVG, and writes
 * JPEG, PNG, WebP, GIF, TIFF and AVIF. It has no BMP, ICO or PSD loader and no HEVC decoder
 * (so no HEIC); those need their own decode step before sharp (a later increment).
 */

/** A format sharp can write; the names are sharp's own (`jpeg`, not `jpg`). */
export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'avif';

/** The file extension of each output, as users expect to see it in a download name. */
export const EXTENSION: Readonly<Record<OutputFormat, string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  tiff: 'tiff',
  avif: 'avif',
};

/** MediaInfo short names (read from the bytes) that sharp can also write back. */
const SAME_FORMAT: Readonly<Record<string, OutputFormat>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  tif: 'tiff',
  tiff: 'tiff',
  avif: 'avif',
};

/**
 * The format a "keeps the input's format" tool writes for an input.
 * Formats sharp cannot write (bmp, ico, heic, psd, svg, ...) become PNG: it is lossless and keeps
 * alpha, so nothing the source had is lost, and every browser and OS opens it.
 */
export function sameFormatAs(inputFormat: string): OutputFormat {
  return SAME_FORMAT[inputFormat.toLowerCase()] ?? 'png';
}

/** JPEG is the only output without an alpha channel: transparency must be flattened for it. */
export function supportsAlpha(format: OutputFormat): boolean {
  return format !== 'jpeg';
}

/**
 * The largest width or height each encoder accepts. Checked before encoding so an oversize request
 * fails with a sentence the user can act on, instead of a libvips error after all the work.
 */
export const MAX_SIDE: Readonly<Record<OutputFormat, number>> = {
  jpeg: 65_535,
  png: 2_147_483_647,
  webp: 16_383,
  gif: 65_535,
  tiff: 2_147_483_647,
  avif: 65_536,
};
