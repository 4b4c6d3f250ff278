/**
 * resize-image: 1..50 images into a box, keeping each input's format where sharp can write it
 * (png stays png, jpg stays jpg, webp stays webp; an opaque HEIC becomes JPEG, bmp/ico/psd/svg PNG; formats.ts).
 *
 * Fits, as the catalog names them (sharp uses the same words):
 * - contain: the whole image inside the box, letterboxed (transparent bars, white for JPEG);
 * - cover: fills the box, cropping the overflow around the centre;
 * - fill: stretched to the box, aspect ratio ignored;
 * - inside: as large as fits the box keeping the aspect ratio, never enlarged.
 * With only one side given, every fit keeps the aspect ratio.
 *
 * `format` other than `keep` writes that format instead: WebP keeps an animation's every frame,
 * JPG, PNG and AVIF hold its first frame (the job's note says so).
 */
import type { ToolHandler } from '@mediakit/worker';
import { eachImage } from './each-image.ts';
import { chosenFormat, type FormatChoice, sameFormatAs } from './formats.ts';
import { planImageJob, type ResizeFit } from './pipeline.ts';

export interface ResizeParams {
  width?: number;
  height?: number;
  fit: ResizeFit;
  format?: FormatChoice;
}

export const resizeImage: ToolHandler<ResizeParams> = (ctx) => {
  const { width, height, fit } = ctx.params;
  const chosen = chosenFormat(ctx.params.format);
  return eachImage(ctx, {
    keepsAnimation: chosen === undefined,
    writesAnimation: chosen === 'webp',
    plan: (input, { hasAlpha }) =>
      planImageJob({
        format: chosen ?? sameFormatAs(input.format, hasAlpha),
        resize: { width, height, fit },
        inputSize: { width: input.width, height: input.height },
      }),
    // The actual size, not the requested one: `inside` and one-sided requests decide the other side.
    name: (base, written) => `${base}-${written.width}x${written.height}`,
  });
};
