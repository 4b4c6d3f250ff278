/**
 * compress-image on an animated GIF or WebP (or an animated AVIF/HEIF, written as WebP): the same
 * levels and the same byte-budget search as for a still (compress-image.ts), or as the animated WebP
 * the user chose (`format: 'webp'`), with every encode
 * writing all the frames. The pixels are prepared once (sRGB, RGBA); each attempt applies its
 * knob to every frame (softening frame by frame, so no frame blurs into the next; shrinking each
 * frame to the same size) and encodes the whole animation with the input's delays and loop count.
 */
import { stat } from 'node:fs/promises';
import type { JobInput, ToolContext } from '@mediakit/worker';
import type { RawAnimation, RgbaFrame } from '../decode/open-animation.ts';
import { animatedFormatFor, encodeAnimation, mapFrames } from './animation.ts';
import { type FineSetting, finePixels } from './compress-fine-pixels.ts';
import {
  type CompressParams,
  fineKnobs,
  planCompressLevel,
  planCompressPixels,
  planCompressTarget,
  searchTargetSize,
} from './compress-image.ts';
import { NotSmaller } from './compress-not-larger.ts';
import { kilobytes } from './editing-byte-budget.ts';
import type { EditedImage } from './editing-each-input.ts';
import { EXTENSION } from './formats.ts';

export async function compressAnimation(
  ctx: ToolContext<CompressParams>,
  input: JobInput,
  animation: RawAnimation,
  name: string,
  format: 'gif' | 'webp' = animatedFormatFor(input.format),
): Promise<EditedImage> {
  const edited = await encodeSmaller(ctx, input, animation, name, format);
  // Animations are often optimised already (gifsicle stores only what changes between frames, which
  // our GIF encoder does less well): a "compressed" file larger than the upload is no use to anyone.
  const { size } = await stat(input.path);
  if (edited.data.length >= size) {
    throw new NotSmaller(
      `${input.name} is already smaller (${kilobytes(size)} KB) than compressing its animation would make it (${kilobytes(edited.data.length)} KB): it is best kept as it is.`,
    );
  }
  return edited;
}

async function encodeSmaller(
  ctx: ToolContext<CompressParams>,
  input: JobInput,
  animation: RawAnimation,
  name: string,
  format: 'gif' | 'webp',
): Promise<EditedImage & { data: Buffer }> {
  const { targetSizeKB } = ctx.params;
  if (targetSizeKB === undefined) {
    const plan = planCompressLevel(format, ctx.params.level ?? 'medium', true);
    const edited = await mapFrames(animation, plan, ctx.signal);
    return { data: await encodeAnimation(edited, plan.output), extension: plan.extension, name };
  }

  const prepared = await mapFrames(animation, planCompressPixels(format, true), ctx.signal);
  const size = prepared.frames[0];
  const encode = async (quality: number, scale: number, fine?: FineSetting) => {
    const plan = planCompressTarget(format, size, quality, scale, true, fine);
    const changesPixels = plan.resize !== undefined || fine !== undefined;
    const frames = changesPixels
      ? await mapFrames(prepared, plan, ctx.signal, (frame) => finePixels(frame, fine) as RgbaFrame)
      : prepared;
    return encodeAnimation(frames, plan.output);
  };
  const data = await searchTargetSize(ctx, input, {
    targetSizeKB,
    minQuality: 1,
    knobs: (quality) => fineKnobs(format, quality, true),
    encode,
  });
  return { data, extension: EXTENSION[format], name };
}
