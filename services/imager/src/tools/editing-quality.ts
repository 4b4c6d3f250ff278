/**
 * One quality knob (1..100, higher = more bytes and detail) for every format the imager writes, so that
 * compress-image's levels and its size search turn the same dial, and the PAN presets share the JPEG.
 *
 * - JPEG: mozjpeg (trellis quantisation, its own quantisation table, optimised progressive scans): a
 *   third to a half fewer bytes than libjpeg-turbo's defaults at the same quality number on our test
 *   photos, for several times the CPU; worth it when size is the point.
 * - WebP, AVIF: the encoders' own quality scales.
 * - `fast` (large images in a size search, see `fastSearch`): libjpeg-turbo progressive instead of
 *   mozjpeg, AVIF effort 2 instead of 4.
 * - PNG: lossless at 100; below, palette quantisation (libimagequant) with that quality: the fewest
 *   colours (up to 256) that reach it, with zlib level 9. Lossy, but PNG stays PNG and keeps alpha.
 * - GIF: always a palette; sharp only sets its bit depth (2, 4, 16 or 256 colours), so the knob has
 *   three steps: 4 colours below 15, 16 below 50, 256 from 50.
 * - TIFF: JPEG compression inside the TIFF at that quality; with alpha, lossless deflate instead
 *   (libtiff's JPEG codec cannot carry alpha: it came out dark and without transparency in a test).
 */
import type { OutputFormat } from './formats.ts';
import type { OutputStep } from './pipeline.ts';

export function qualityOutput(
  format: OutputFormat,
  quality: number,
  hasAlpha: boolean,
  fast = false,
): OutputStep {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  switch (format) {
    case 'jpeg':
      if (fast) return { format, options: { quality: q, progressive: true } };
      return { format, options: { quality: q, mozjpeg: true } };
    case 'webp':
      return { format, options: { quality: q } };
    case 'avif':
      if (fast) return { format, options: { quality: q, effort: 2 } };
      return { format, options: { quality: q } };
    case 'png':
      if (q < 100) return { format, options: { palette: true, quality: q, compressionLevel: 9 } };
      return { format, options: { compressionLevel: 9, adaptiveFiltering: true, palette: false } };
    case 'gif':
      return { format, options: { colours: q < 15 ? 4 : q < 50 ? 16 : 256 } };
    case 'tiff':
      if (hasAlpha) return { format, options: { compression: 'deflate', predictor: 'horizontal' } };
      return { format, options: { compression: 'jpeg', quality: q } };
  }
}

/**
 * Whether a search that encodes this many pixels 7-13 times should use the fast encoder settings to stay
 * well inside the per-image time budget (60 s by default): mozjpeg and AVIF at effort 4 are several times
 * slower per megapixel than libjpeg-turbo and AVIF at effort 2 (docs/benchmarks.md has the speeds).
 * The fast settings make bigger files at a given quality, so the search simply lands on a lower one.
 */
export function fastSearch(format: OutputFormat, pixels: number): boolean {
  if (format === 'jpeg') return pixels > 30_000_000;
  if (format === 'avif') return pixels > 3_000_000;
  return false;
}

/** Whether the quality knob changes anything for this output (a TIFF with alpha is lossless). */
export function hasQualityKnob(format: OutputFormat, hasAlpha: boolean): boolean {
  return !(format === 'tiff' && hasAlpha);
}
