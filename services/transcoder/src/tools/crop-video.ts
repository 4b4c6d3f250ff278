import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { buildClipArgs } from './editing-clip-args.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';

export interface CropVideoParams {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const evenFloor = (n: number) => Math.floor(n / 2) * 2;

/**
 * The box ffmpeg gets. yuv420p needs even sizes, so width and height are rounded DOWN to even
 * (a 101×81 request gives 100×80: one column and row less, never a pixel from outside the box).
 * The catalog already checked the box lies inside the frame as displayed; the box is still
 * clamped to the frame, in case the stored size and the decoded one ever disagree by a pixel.
 */
export function cropBox(params: CropVideoParams, frame?: { width?: number; height?: number }): CropBox {
  const axis = (pos: number | undefined, size: number, limit: number | undefined) => {
    let s = evenFloor(size);
    if (limit !== undefined) s = Math.min(s, evenFloor(limit));
    let p = Math.max(0, Math.floor(pos ?? 0));
    if (limit !== undefined) p = Math.min(p, limit - s);
    return [p, s];
  };
  const [x, width] = axis(params.x, params.width, frame?.width);
  const [y, height] = axis(params.y, params.height, frame?.height);
  if (width < 2 || height < 2) {
    throw new JobFailure(`The crop must be at least 2×2 pixels (got ${params.width}×${params.height})`);
  }
  return { x, y, width, height };
}

export interface CropArgsOptions extends CropBox, StreamChoice {
  input: string;
  output: string;
  hasAudio: boolean;
}

/**
 * `exact=1` keeps an odd x or y where it was asked for; by default the crop filter moves it to
 * the chroma grid (an even pixel) for yuv420p, one pixel off from the user's box.
 */
export function buildCropArgs(o: CropArgsOptions): string[] {
  return buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    videoFilters: [`crop=${o.width}:${o.height}:${o.x}:${o.y}:exact=1`],
    audio: o.hasAudio,
  });
}

export const cropVideo: ToolHandler<CropVideoParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const output = join(ctx.outDir, 'cropped.mp4');
  const box = cropBox(ctx.params, input);
  await runFfmpegStep(ctx, {
    args: buildCropArgs({ input: input.path, output, ...box, ...inputStreams(input) }),
    durationSeconds: input.duration,
    what: 'Cropping',
  });
  return [{ path: output, name: `${baseName(input.name)}-cropped.mp4` }];
};
