/**
 * Which formats the imager writes, and how an input's format maps onto one.
 *
 * The bundled libvips of sharp 0.35 reads JPEG, PNG, WebP, GIF, TIFF, AVIF and SVG, and writes
 * JPEG, PNG, WebP, GIF, TIFF and AVIF. BMP, ICO, PSD and HEIC are decoded before sharp (decode/);
 * none of them can be written, so tools that keep the input's format pick another for them here.
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

/** A format sharp can write back as it is, or undefined (bmp, ico, heic, psd, svg, ...). */
export function writableAs(inputFormat: string): OutputFormat | undefined {
  return SAME_FORMAT[inputFormat.toLowerCase()];
}

/** Inputs that are camera photos in a lossy codec sharp cannot write: a user expects a JPEG of them. */
const PHOTO_FORMATS = new Set(['heic', 'heif']);

/**
 * The format a "keeps the input's format" editing tool (resize, crop, rotate, overlay) writes.
 * An input sharp cannot write becomes what a user expects instead:
 * - a photo (HEIC) becomes JPEG, or PNG when it has transparency: a lossless PNG of a 1 MB HEIC
 *   photo is 3-4 MB, a JPEG at quality 90 about the size of the HEIC;
 * - BMP, ICO, PSD and SVG (screenshots, icons, artwork, masters) become PNG: lossless, keeps alpha,
 *   and every browser and OS opens it.
 */
export function sameFormatAs(inputFormat: string, hasAlpha = false): OutputFormat {
  const same = writableAs(inputFormat);
  if (same) return same;
  return PHOTO_FORMATS.has(inputFormat.toLowerCase()) && !hasAlpha ? 'jpeg' : 'png';
}

/**
 * The format compress-image writes: the input's own, or for a format sharp cannot write the smallest
 * sensible one, JPEG, or PNG (palette-quantised) when there is transparency that JPEG would lose.
 */
export function compressedFormatOf(inputFormat: string, hasAlpha: boolean): OutputFormat {
  return writableAs(inputFormat) ?? (hasAlpha ? 'png' : 'jpeg');
}

/** The `format` param of resize-image and compress-image (catalog OUTPUT_FORMATS). */
export type FormatChoice = 'keep' | 'jpg' | 'png' | 'webp' | 'avif';

/** The format the user picked, or undefined for `keep` (the tool's own rule above then decides). */
export function chosenFormat(choice: FormatChoice | undefined): OutputFormat | undefined {
  if (choice === undefined || choice === 'keep') return undefined;
  return choice === 'jpg' ? 'jpeg' : choice;
}

/** How the user sees a format named in a sentence. */
export function formatLabel(format: OutputFormat): string {
  return format === 'jpeg' ? 'JPEG' : format.toUpperCase();
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
