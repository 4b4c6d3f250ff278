/**
 * SVG → pixels: the checked document (svg-sanitize.ts) rendered by librsvg through sharp, with a
 * transparent background, at the size the file declares (72 DPI, sharp's default). A drawing that
 * would exceed the pixel limit at that size is rendered smaller instead, keeping its proportions:
 * a vector has no "real" resolution, so shrinking it loses nothing the user asked for.
 */
import sharp, { type Sharp } from 'sharp';
import { checkInlineImages, sanitizeSvg } from './svg-sanitize.ts';

const DEFAULT_DENSITY = 72;

export async function openSvg(file: Buffer, limitInputPixels: number): Promise<Sharp> {
  const { svg, images } = sanitizeSvg(file);
  await checkInlineImages(images, limitInputPixels);
  const bytes = Buffer.from(svg, 'utf8');
  const density = await densityWithin(bytes, limitInputPixels);
  return sharp(bytes, { density, limitInputPixels, failOn: 'error' });
}

/** 72 DPI, or the density at which width × height fits the limit. */
async function densityWithin(svg: Buffer, limitInputPixels: number): Promise<number> {
  // Header only: librsvg parses the (already checked) document to size it; nothing is drawn.
  const { width, height } = await sharp(svg, { limitInputPixels: false }).metadata();
  if (!width || !height || width * height <= limitInputPixels) return DEFAULT_DENSITY;
  // Rounding may add a pixel per side: aim a little below the limit.
  const scale = Math.sqrt(limitInputPixels / (width * height)) * 0.999;
  return Math.max(1, DEFAULT_DENSITY * scale);
}
