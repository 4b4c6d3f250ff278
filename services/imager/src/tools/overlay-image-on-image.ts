/**
 * overlay-image-on-image: the second image placed on the first with its top-left corner at `x`, `y`
 * (base pixels, as displayed), optionally scaled to `width` (height follows the aspect ratio), with its
 * alpha multiplied by `opacity` %. What hangs over the base's right or bottom edge is cut off. The result
 * keeps the base's format: a JPEG base stays JPEG, the overlay's transparency blended into it.
 */
import { JobFailure, type ToolHandler } from '@mediakit/worker';
import type { Sharp } from 'sharp';
import { openAnimation } from '../decode/open-animation.ts';
import { openImage } from '../decode/open-image.ts';
import { animatedFormatFor, encodeAnimation, mapFrames } from './animation.ts';
import { eachInput, readingInput } from './editing-each-input.ts';
import { displayedSize, multiplyAlpha, type Size, toRaw } from './editing-pixels.ts';
import { MAX_SIDE, sameFormatAs } from './formats.ts';
import { applyPlan, type ImagePlan, type PixelSteps, planImageJob } from './pipeline.ts';
import { otherFormatNote } from './result-notes.ts';

export interface OverlayParams {
  x?: number;
  y?: number;
  /** Overlay width in pixels; the height keeps the overlay's aspect ratio. Default: its own size. */
  width?: number;
  /** 0..100 %. */
  opacity: number;
}

export interface OverlayPlan {
  /** The base: orientation, its own format (white under JPEG), sRGB. */
  base: ImagePlan;
  /** The overlay: orientation, scaling, then only the part that lands on the base; taken out as RGBA. */
  overlay: PixelSteps;
  /** Every overlay alpha value is multiplied by this, 0..1. */
  alphaFactor: number;
  /** Where the overlay's top-left corner goes on the base. */
  left: number;
  top: number;
}

/** Pure: the plan for a base and an overlay of these displayed sizes. */
export function planOverlay(
  baseFormat: string,
  baseSize: Size,
  overlaySize: Size,
  params: OverlayParams,
  baseHasAlpha = false,
): OverlayPlan {
  const { x = 0, y = 0 } = params;
  if (x >= baseSize.width || y >= baseSize.height) {
    throw new JobFailure(
      `The overlay position (${x},${y}) must lie inside the ${baseSize.width}×${baseSize.height} base image.`,
    );
  }
  const width = params.width ?? overlaySize.width;
  const height = params.width
    ? Math.max(1, Math.round((overlaySize.height * width) / overlaySize.width))
    : overlaySize.height;
  // The resize is lazy (only the visible part is computed), but libvips still needs a sane canvas.
  if (height > MAX_SIDE.jpeg) {
    throw new JobFailure(
      `At ${width} pixels wide the overlay would be ${height} pixels high; choose a smaller width.`,
    );
  }
  const overlay: PixelSteps = { autoOrient: true, colourspace: 'srgb' };
  if (width !== overlaySize.width || height !== overlaySize.height) {
    overlay.resize = {
      width,
      height,
      fit: 'fill',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
      withoutEnlargement: false,
    };
  }
  const visible = {
    left: 0,
    top: 0,
    width: Math.min(width, baseSize.width - x),
    height: Math.min(height, baseSize.height - y),
  };
  if (visible.width < width || visible.height < height) overlay.extractAfterResize = visible;
  return {
    base: planImageJob({ format: sameFormatAs(baseFormat, baseHasAlpha) }),
    overlay,
    alphaFactor: Math.min(100, Math.max(0, params.opacity)) / 100,
    left: x,
    top: y,
  };
}

export const overlayImageOnImage: ToolHandler<OverlayParams> = (ctx) => {
  const [baseInput, overlayInput] = ctx.inputs;
  const edit = async (_input: unknown, base: string) => {
    // An animated base keeps its animation: the overlay goes on every frame (animation.ts).
    const animation = await openAnimation(baseInput, { signal: ctx.signal });
    const baseImage = animation ? undefined : await openImage(baseInput);
    const baseSize = animation ? animation.frames[0] : await displayedSize(baseImage as Sharp);
    const baseFormat = animation ? animatedFormatFor(baseInput.format) : baseInput.format;
    // Animated outputs (GIF, WebP) keep alpha; a still base's transparency picks its format.
    const baseHasAlpha = animation ? true : ((await (baseImage as Sharp).metadata()).hasAlpha ?? false);
    // The overlay is read here, so its own decode errors must name it, not the base.
    const { plan, pixels } = await readingInput(overlayInput.name, async () => {
      const overlayImage = await openImage(overlayInput);
      const overlaySize = await displayedSize(overlayImage);
      const plan = planOverlay(baseFormat, baseSize, overlaySize, ctx.params, baseHasAlpha);
      return { plan, pixels: await toRaw(overlayImage, plan.overlay, 'add', ctx.signal) };
    });
    const { data, width, height, channels } = multiplyAlpha(pixels, plan.alphaFactor);
    const layer = { input: data, raw: { width, height, channels }, left: plan.left, top: plan.top };
    const name = `${base}-overlay`;
    const note = otherFormatNote(baseInput.format, plan.base.output.format, Boolean(animation));
    if (animation) {
      const frames = await mapFrames(animation, plan.base, ctx.signal, undefined, (frame) =>
        frame.composite([layer]),
      );
      const data = await encodeAnimation(frames, plan.base.output);
      return { data, extension: plan.base.extension, name, note };
    }
    const composed = applyPlan(baseImage as Sharp, plan.base).composite([layer]);
    return { data: composed, extension: plan.base.extension, name, note };
  };
  return eachInput(ctx, edit, [baseInput]);
};
