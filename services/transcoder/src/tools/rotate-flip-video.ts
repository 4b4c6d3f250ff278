import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { buildClipArgs } from './editing-clip-args.ts';
import { EVEN_DIMENSIONS_FILTER } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';

export type Rotation = 0 | 90 | 180 | 270;
export type Flip = 'none' | 'horizontal' | 'vertical';

export interface RotateFlipVideoParams {
  rotate?: Rotation;
  flip?: Flip;
}

/**
 * Rotate clockwise first, then mirror the rotated picture (what the user previews), as the fewest
 * filters doing that. transpose: 1 = 90° clockwise, 2 = 90° counter-clockwise (= 270° clockwise),
 * 0 = counter-clockwise + vertical flip (a mirror along the main diagonal), 3 = clockwise + vertical
 * flip (along the other diagonal). A quarter turn followed by a mirror is one of the two diagonal
 * mirrors, so every combination is one transpose, or at most hflip and vflip.
 */
const ORIENTATION_FILTERS: Record<Rotation, Record<Flip, string[]>> = {
  0: { none: [], horizontal: ['hflip'], vertical: ['vflip'] },
  90: { none: ['transpose=1'], horizontal: ['transpose=0'], vertical: ['transpose=3'] },
  180: { none: ['hflip', 'vflip'], horizontal: ['vflip'], vertical: ['hflip'] },
  270: { none: ['transpose=2'], horizontal: ['transpose=3'], vertical: ['transpose=0'] },
};

export function orientationFilters(rotate: Rotation, flip: Flip): string[] {
  const filters = ORIENTATION_FILTERS[rotate]?.[flip];
  if (!filters) throw new JobFailure(`Cannot rotate by ${rotate}° with flip ${flip}`);
  return filters;
}

export interface RotateFlipArgsOptions extends StreamChoice {
  input: string;
  output: string;
  rotate: Rotation;
  flip: Flip;
  hasAudio: boolean;
}

/**
 * ffmpeg first applies the input's own rotation flag (phones store portrait video as landscape plus
 * a "rotate 90" flag), so the filters work on the picture as displayed, and ffmpeg then leaves
 * that flag off the output. `rotate=0` additionally clears the legacy tag, so no player turns the
 * already turned pixels again.
 */
export function buildRotateFlipArgs(o: RotateFlipArgsOptions): string[] {
  return buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    videoFilters: [...orientationFilters(o.rotate, o.flip), EVEN_DIMENSIONS_FILTER],
    audio: o.hasAudio,
    outputOptions: ['-metadata:s:v:0', 'rotate=0'],
  });
}

function suffix(rotate: Rotation, flip: Flip): string {
  if (flip === 'none') return 'rotated';
  return rotate === 0 ? 'flipped' : 'rotated-flipped';
}

export const rotateFlipVideo: ToolHandler<RotateFlipVideoParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const output = join(ctx.outDir, 'rotated.mp4');
  const { rotate = 90, flip = 'none' } = ctx.params;
  await runFfmpegStep(ctx, {
    args: buildRotateFlipArgs({ input: input.path, output, rotate, flip, ...inputStreams(input) }),
    durationSeconds: input.duration,
    what: 'Rotating',
  });
  return [{ path: output, name: `${baseName(input.name)}-${suffix(rotate, flip)}.mp4` }];
};
