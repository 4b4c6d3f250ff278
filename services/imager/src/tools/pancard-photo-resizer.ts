/**
 * pancard-photo-resizer: one photo made into what PAN card applications accept: a JPEG of exactly
 * 197×276 pixels (25 mm × 35 mm at 200 DPI), 200 DPI written in the file, under 20 KB (at most 19 999
 * bytes), carrying no EXIF from the input.
 *
 * 200 DPI is written twice, as EXIF resolution (sharp's density) and as a JFIF header (editing-pan.ts).
 *
 * 1. Crop, in displayed pixels (EXIF orientation first): the `crop` box if given, else the largest
 *    centred 25:35 box. A given box of another shape is then cropped to fill 197×276 around its centre
 *    (`cover`) rather than stretched: a face must not be distorted.
 * 2. Resize to 197×276, transparency flattened onto white, sRGB; the pixels come out raw (so nothing of
 *    the input's metadata can follow).
 * 3. Encode: the largest baseline-JPEG quality under the budget (binary search, editing-byte-budget.ts).
 *    The size is fixed, so the fallback is not shrinking but smoothing: if even quality 1 were
 *    too big, a Gaussian blur of sigma 0.5, 0.75, 1, 1.5, 2, 3, 5 then 8 is tried before encoding. At
 *    197×276 a quality-1 JPEG is a few KB whatever the content, so this is a guarantee, not a path
 *    expected to run.
 */
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { openImage } from '../decode/open-image.ts';
import { fitByteBudget } from './editing-byte-budget.ts';
import { eachInput } from './editing-each-input.ts';
import { PAN_DPI, PAN_MAX_BYTES, panJpeg, withJfifDensity } from './editing-pan.ts';
import { displayedSize, fromRaw, type Size, toRaw } from './editing-pixels.ts';
import {
  applyPlan,
  type ImagePlan,
  type PixelSteps,
  pixelStepsOf,
  planImageJob,
  type Region,
} from './pipeline.ts';

export const PAN_PHOTO_SIZE: Readonly<Size> = { width: 197, height: 276 };

/** Gaussian sigmas tried in order while even quality 1 is too big; 0 = no smoothing. */
export const PAN_PHOTO_BLURS: readonly number[] = [0, 0.5, 0.75, 1, 1.5, 2, 3, 5, 8];

export interface PanPhotoParams {
  crop?: { x: number; y: number; width: number; height: number };
}

/** Pure: the largest 25:35 (width:height) box centred in an image of this size. */
export function centredPanCrop(size: Size): Region {
  let width = size.width;
  let height = Math.round((size.width * 35) / 25);
  if (height > size.height) {
    height = size.height;
    width = Math.min(size.width, Math.round((size.height * 25) / 35));
  }
  width = Math.max(1, width);
  height = Math.max(1, height);
  return {
    left: Math.floor((size.width - width) / 2),
    top: Math.floor((size.height - height) / 2),
    width,
    height,
  };
}

/** Pure: from the input (of displayed size `size`) to the 197×276 pixels. */
export function planPanPhotoPixels(size: Size, params: PanPhotoParams): PixelSteps {
  const { crop } = params;
  const region = crop
    ? { left: crop.x, top: crop.y, width: crop.width, height: crop.height }
    : centredPanCrop(size);
  if (region.left + region.width > size.width || region.top + region.height > size.height) {
    throw new JobFailure(
      `The crop (${region.width}×${region.height} at ${region.left},${region.top}) must lie inside the ${size.width}×${size.height} photo.`,
    );
  }
  return pixelStepsOf(
    planImageJob({
      format: 'jpeg', // for the white flatten: a JPEG has no transparency
      extract: region,
      resize: { ...PAN_PHOTO_SIZE, fit: 'cover' },
    }),
  );
}

/** Pure: one encode of the search, from the 197×276 pixels. */
export function planPanPhotoEncode(quality: number, blur: number): ImagePlan {
  return { ...planImageJob({ format: 'jpeg', blur, density: PAN_DPI }), output: panJpeg(quality) };
}

export const pancardPhotoResizer: ToolHandler<PanPhotoParams> = (ctx) =>
  eachInput(ctx, async (input, base) => {
    const image = await openImage(input);
    const steps = planPanPhotoPixels(await displayedSize(image), ctx.params);
    const raw = await toRaw(image, steps, 'drop', ctx.signal);
    const result = await fitByteBudget({
      maxBytes: PAN_MAX_BYTES,
      minQuality: 1,
      maxQuality: 100,
      steps: PAN_PHOTO_BLURS,
      encode: async (quality, blur) =>
        withJfifDensity(await applyPlan(fromRaw(raw), planPanPhotoEncode(quality, blur)).toBuffer(), PAN_DPI),
      signal: ctx.signal,
    });
    ctx.log.debug({ input: input.fileId, attempts: result.attempts }, 'PAN photo size search');
    // Unreachable at 197×276 (see the header); an Error, not a JobFailure: it would be our bug.
    if (!result.fits) throw new Error(`PAN photo still ${result.smallest.data.length} bytes after smoothing`);
    return { data: result.data, extension: 'jpg', name: `${base}-pan-photo` };
  });
