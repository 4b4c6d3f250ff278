/**
 * Floating-point TIFF (32-bit, and 16-bit half floats). libvips loads float RGB as scRGB, i.e. linear
 * light, and converts it to sRGB with the sRGB curve, so a float TIFF written by ImageMagick, GIMP or
 * a scanner tool, whose samples are ordinary (gamma-encoded) RGB scaled 0..1, came out far too light;
 * float greyscale was cast to 8 bits unscaled and came out black. ImageMagick and libtiff's viewers show
 * the samples as encoded RGB/grey at 0..1, clipping outside that; so do we: the samples are taken out
 * as they are stored, scaled to 16 bits and handed on as ordinary RGB, with the file's ICC profile when
 * it has one (that profile then says what the numbers mean, linear ones included).
 */
import type { Sharp } from 'sharp';
import { sharpFromTaggedRaw } from './icc-tag.ts';

const FLOAT_DEPTHS = new Set(['float', 'double']);

/** A TIFF as libvips opened it, or, when its samples are floats, those samples as 16-bit RGB/grey. */
export async function withFloatSamplesScaled(image: Sharp, limitInputPixels: number): Promise<Sharp> {
  const meta = await image.metadata();
  if (!meta.depth || !FLOAT_DEPTHS.has(meta.depth)) return image;
  // Converting to the space it already has keeps the stored numbers (no scRGB → sRGB curve).
  const stored = meta.space === 'scrgb' ? 'scrgb' : 'b-w';
  const { data, info } = await image
    .rotate()
    .toColourspace(stored)
    .raw({ depth: 'float' })
    .toBuffer({ resolveWithObject: true });
  const samples = new Float32Array(data.buffer, data.byteOffset, data.length / 4);
  const deep = new Uint16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i];
    // NaN and negatives are black, above 1 is white: what a viewer clips to.
    deep[i] = v > 0 ? Math.round(Math.min(1, v) * 65_535) : 0;
  }
  const channels = info.channels as 1 | 2 | 3 | 4;
  return sharpFromTaggedRaw(
    { width: info.width, height: info.height, channels, data: deep },
    meta.icc,
    limitInputPixels,
  );
}
