import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { buildClipArgs } from './editing-clip-args.ts';
import { frameRateArg } from './editing-frame-rate.ts';
import { EVEN_DIMENSIONS_FILTER } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';

export interface FramerateParams {
  /** 1..120. */
  fps?: number;
}

export const MIN_FPS = 1;
export const MAX_FPS = 120;

export interface FramerateArgsOptions extends StreamChoice {
  input: string;
  output: string;
  fps: number;
  hasAudio: boolean;
}

/**
 * The `fps` filter drops or repeats frames to an exact constant rate (each output frame shows the
 * input frame nearest its time), and the encoder and MP4 take that rate from the filter, so the
 * output's avg_frame_rate is exactly `fps`. No interpolation: going up repeats frames, it does not
 * invent motion. The duration and sound are unchanged.
 */
export function buildFramerateArgs(o: FramerateArgsOptions): string[] {
  return buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    videoFilters: [`fps=${frameRateArg(o.fps)}`, EVEN_DIMENSIONS_FILTER],
    audio: o.hasAudio,
  });
}

export const changeVideoFramerate: ToolHandler<FramerateParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const { fps = 30 } = ctx.params;
  if (!(fps >= MIN_FPS && fps <= MAX_FPS)) {
    throw new JobFailure(`The frame rate must be between ${MIN_FPS} and ${MAX_FPS} FPS (got ${fps})`);
  }
  const output = join(ctx.outDir, 'framerate.mp4');
  await runFfmpegStep(ctx, {
    args: buildFramerateArgs({ input: input.path, output, fps, ...inputStreams(input) }),
    durationSeconds: input.duration,
    what: 'Changing the frame rate',
  });
  return [{ path: output, name: `${baseName(input.name)}-${Math.round(fps * 1000) / 1000}fps.mp4` }];
};
