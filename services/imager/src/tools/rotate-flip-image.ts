/**
 * rotate-flip-image: 1..50 images rotated clockwise by 0, 90, 180 or 270 degrees, then mirrored
 * (`horizontal` = left-right, `vertical` = top-bottom), starting from the picture as displayed (EXIF
 * orientation first). A quarter turn swaps width and height. Keeps the format (others: formats.ts).
 */
import type { ToolHandler } from '@mediakit/worker';
import { eachImage } from './each-image.ts';
import { sameFormatAs } from './formats.ts';
import { type ImagePlan, planImageJob } from './pipeline.ts';

export interface RotateFlipParams {
  rotate?: 0 | 90 | 180 | 270;
  flip?: 'none' | 'horizontal' | 'vertical';
}

/** Pure. The pipeline stores sharp's mirror-before-rotate equivalent (see `mirrorBeforeRotate`). */
export function planRotateFlip(inputFormat: string, params: RotateFlipParams, hasAlpha = false): ImagePlan {
  return planImageJob({
    format: sameFormatAs(inputFormat, hasAlpha),
    rotate: params.rotate ?? 0,
    flip: params.flip,
  });
}

/** "photo-rotated", "photo-flipped", "photo-rotated-flipped"; unchanged when nothing was asked. */
export function rotateFlipName(base: string, params: RotateFlipParams): string {
  const rotated = params.rotate ? '-rotated' : '';
  const flipped = params.flip && params.flip !== 'none' ? '-flipped' : '';
  return `${base}${rotated}${flipped}`;
}

export const rotateFlipImage: ToolHandler<RotateFlipParams> = (ctx) =>
  eachImage(ctx, {
    keepsAnimation: true,
    plan: (input, { hasAlpha }) => planRotateFlip(input.format, ctx.params, hasAlpha),
    name: (base) => rotateFlipName(base, ctx.params),
  });
