import type { JobInput } from '@mediakit/worker';
import sharp, { type Sharp } from 'sharp';

/** Pixels an input may have (width × height, from its header), unless the caller says otherwise. */
export const DEFAULT_LIMIT_INPUT_PIXELS = 100_000_000;

export interface OpenImageOptions {
  limitInputPixels?: number;
}

/**
 * Every image tool reads its inputs through here: one place decides how a format is decoded
 * (sharp's libvips for JPEG, PNG, WebP, GIF, TIFF, AVIF, SVG; other decoders for the formats
 * libvips lacks) and with which safety limits. Only the first page or frame is read.
 */
export async function openImage(
  input: Pick<JobInput, 'path' | 'format' | 'name'>,
  options: OpenImageOptions = {},
): Promise<Sharp> {
  const limitInputPixels = options.limitInputPixels ?? DEFAULT_LIMIT_INPUT_PIXELS;
  return sharp(input.path, { limitInputPixels, failOn: 'error', pages: 1 });
}
