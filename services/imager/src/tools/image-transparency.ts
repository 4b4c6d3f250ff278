/**
 * image-transparency: 1..50 images made see-through. Every pixel's alpha becomes opacity × its own
 * alpha (so a half-transparent pixel at 50 % ends at a quarter), written as a lossless RGBA PNG
 * whatever the input format: PNG is the format that every browser and editor reads with alpha. An
 * animation gives its first frame, named "<name>-first-frame-transparent".
 */
import type { ToolHandler } from '@mediakit/worker';
import { toneMapping } from '../decode/hdr.ts';
import { frameCount } from '../decode/open-animation.ts';
import { openImage } from '../decode/open-image.ts';
import { eachInput } from './editing-each-input.ts';
import { fromRaw, multiplyAlpha, toRaw } from './editing-pixels.ts';
import { applyPlan, type ImagePlan, planImageJob } from './pipeline.ts';
import { firstFrameNote, toneMappedNote } from './result-notes.ts';

export interface TransparencyParams {
  /** 0 (invisible) .. 100 (unchanged), percent. */
  opacity: number;
}

export interface TransparencyPlan {
  /** Orientation and sRGB before the pixels come out as RGBA. */
  pixels: ImagePlan;
  /** The factor every alpha value is multiplied by, 0..1. */
  alphaFactor: number;
  /** How the result is written. */
  output: ImagePlan;
}

/** Pure. */
export function planTransparency(params: TransparencyParams): TransparencyPlan {
  const png = planImageJob({ format: 'png' });
  return { pixels: png, alphaFactor: Math.min(100, Math.max(0, params.opacity)) / 100, output: png };
}

export const imageTransparency: ToolHandler<TransparencyParams> = (ctx) => {
  const plan = planTransparency(ctx.params);
  return eachInput(ctx, async (input, base) => {
    const image = await openImage(input);
    const raw = await toRaw(image, plan.pixels, 'add', ctx.signal);
    const data = applyPlan(fromRaw(multiplyAlpha(raw, plan.alphaFactor)), plan.output);
    // PNG holds one frame: an animation's result is named for the frame it holds.
    const frames = await frameCount(input);
    const frame = frames > 1 ? '-first-frame' : '';
    const mapped = toneMapping(image);
    const note =
      frames > 1
        ? firstFrameNote(input.name, frames, 'png')
        : mapped && toneMappedNote(input.name, mapped.transfer, 'png');
    return { data, extension: plan.output.extension, name: `${base}${frame}-transparent`, note };
  });
};
