/**
 * crop-image: one image cut to `x`, `y`, `width`, `height`, in the pixels the user sees: EXIF
 * orientation is applied before the cut (the catalog checks the box against the displayed size too).
 * Keeps the input's format; formats sharp cannot write become JPEG or PNG (formats.ts).
 */
import { JobFailure, type ToolHandler } from '@mediakit/worker';
import { toneMapping } from '../decode/hdr.ts';
import { openAnimation } from '../decode/open-animation.ts';
import { openImage } from '../decode/open-image.ts';
import { animatedFormatFor, encodeAnimation, mapFrames } from './animation.ts';
import { eachInput } from './editing-each-input.ts';
import { displayedSize, type Size } from './editing-pixels.ts';
import { sameFormatAs } from './formats.ts';
import { applyPlan, type ImagePlan, planImageJob } from './pipeline.ts';
import { otherFormatNote, toneMappedNote } from './result-notes.ts';

export interface CropParams {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/** Pure: the plan for one input of displayed size `size`; a box outside the frame is the user's mistake. */
export function planCrop(inputFormat: string, size: Size, params: CropParams, hasAlpha = false): ImagePlan {
  const { x = 0, y = 0, width, height } = params;
  if (x + width > size.width || y + height > size.height) {
    throw new JobFailure(
      `The crop (${width}×${height} at ${x},${y}) must lie inside the ${size.width}×${size.height} image.`,
    );
  }
  return planImageJob({
    format: sameFormatAs(inputFormat, hasAlpha),
    extract: { left: x, top: y, width, height },
  });
}

export const cropImage: ToolHandler<CropParams> = (ctx) =>
  eachInput(ctx, async (input, base) => {
    const animation = await openAnimation(input, { signal: ctx.signal });
    if (animation) {
      // Every frame cut to the same box (frames share one size, and have no EXIF orientation).
      const plan = planCrop(animatedFormatFor(input.format), animation.frames[0], ctx.params);
      const edited = await mapFrames(animation, plan, ctx.signal);
      return {
        data: await encodeAnimation(edited, plan.output),
        extension: plan.extension,
        name: `${base}-cropped`,
        note: otherFormatNote(input.format, plan.output.format, true),
      };
    }
    const image = await openImage(input);
    const { hasAlpha = false } = await image.metadata();
    const plan = planCrop(input.format, await displayedSize(image), ctx.params, hasAlpha);
    const mapped = toneMapping(image);
    const note = mapped
      ? toneMappedNote(input.name, mapped.transfer, plan.output.format)
      : otherFormatNote(input.format, plan.output.format);
    return { data: applyPlan(image, plan), extension: plan.extension, name: `${base}-cropped`, note };
  });
