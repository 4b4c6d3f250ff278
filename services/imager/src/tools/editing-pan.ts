/**
 * What the two PAN card presets share. The PAN rules (docs/tools.md) fix: photo 25:35, 197×276 px,
 * 200 DPI, JPG under 20 KB; signature under 20 KB, 200 DPI, white or transparent background. The
 * signature box, 354×157 px, is the catalog's (2 cm × 4.5 cm at 200 DPI, per the Income Tax
 * department's e-PAN guidance).
 */
import type { OutputStep } from './pipeline.ts';

/** Written into every PAN output (JFIF density for JPEG, pHYs for PNG, plus EXIF resolution). */
export const PAN_DPI = 200;

/** "Under 20 KB", with KB = 1000 bytes as upload portals count: at most 19 999 bytes. */
export const PAN_MAX_BYTES = 19_999;

/**
 * The JPEG of both presets, at a quality the byte search picks. Baseline (not progressive) because
 * form-upload validators are old code; mozjpeg's trellis quantisation, deringing and quantisation
 * table still apply (sharp's `mozjpeg: true` would force progressive scans), which buys a higher
 * quality under the same 20 KB. 4:2:0 chroma, sharp's default.
 */
export function panJpeg(quality: number): OutputStep {
  return {
    format: 'jpeg',
    options: {
      quality,
      progressive: false,
      trellisQuantisation: true,
      overshootDeringing: true,
      quantisationTable: 3,
      optimiseCoding: true,
    },
  };
}

/**
 * Adds a JFIF header (APP0) with `dpi` right after the JPEG's start marker. sharp writes the density only
 * as EXIF resolution and no JFIF header at all; older validators read DPI from JFIF only, so PAN JPEGs carry
 * both (JFIF first, then EXIF: the order cameras and editors use). 18 bytes, counted in the budget.
 */
export function withJfifDensity(jpeg: Buffer, dpi: number): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new RangeError('Not a JPEG');
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) throw new RangeError('The JPEG already has an APP0 header');
  const density = Buffer.alloc(2);
  density.writeUInt16BE(Math.round(dpi));
  const app0 = Buffer.concat([
    Buffer.from([0xff, 0xe0, 0x00, 0x10]), // APP0, 16 bytes long
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x02, 0x01]), // version 1.02; units: dots per inch
    density, // X
    density, // Y
    Buffer.from([0x00, 0x00]), // no thumbnail
  ]);
  return Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}
