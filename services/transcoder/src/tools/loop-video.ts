import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { buildClipArgs } from './editing-clip-args.ts';
import { describeSeconds, MAX_OUTPUT_SECONDS } from './editing-limits.ts';
import { EVEN_DIMENSIONS_FILTER, formatSeconds } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';

export interface LoopVideoParams {
  /** Times the clip plays in total, 2..50. */
  count?: number;
}

export const MIN_LOOPS = 2;
export const MAX_LOOPS = 50;

export interface LoopArgsOptions extends StreamChoice {
  input: string;
  output: string;
  count: number;
  /** The input's duration; when known the output is cut at exactly count × duration. */
  durationSeconds?: number;
  hasAudio: boolean;
}

/**
 * `-stream_loop N` (before `-i`) makes the demuxer read the file N more times, offsetting each
 * pass's timestamps by the file's duration, so video and sound loop together in one decode and
 * one encode. `-t count × duration` cuts the result at exactly the expected length: a stream that
 * is a little longer than the file's duration (audio priming, a last long frame) would otherwise
 * add its excess once per loop.
 */
export function buildLoopArgs(o: LoopArgsOptions): string[] {
  const length = o.durationSeconds ? ['-t', formatSeconds(o.count * o.durationSeconds)] : [];
  return buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    inputOptions: ['-stream_loop', String(o.count - 1)],
    videoFilters: [EVEN_DIMENSIONS_FILTER],
    audio: o.hasAudio,
    outputOptions: length,
  });
}

export const loopVideo: ToolHandler<LoopVideoParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const { count = 2 } = ctx.params;
  if (!Number.isInteger(count) || count < MIN_LOOPS || count > MAX_LOOPS) {
    throw new JobFailure(`The clip can play ${MIN_LOOPS} to ${MAX_LOOPS} times (got ${count})`);
  }
  const outputSeconds = input.duration === undefined ? undefined : count * input.duration;
  if (input.duration !== undefined && outputSeconds !== undefined && outputSeconds > MAX_OUTPUT_SECONDS) {
    const most = Math.floor(MAX_OUTPUT_SECONDS / input.duration);
    const allowed = most >= MIN_LOOPS ? `can play at most ${most} times` : 'is too long to play even twice';
    throw new JobFailure(
      `Looping gives at most ${describeSeconds(MAX_OUTPUT_SECONDS)} of video: this ` +
        `${describeSeconds(input.duration)} clip ${allowed}`,
    );
  }
  const output = join(ctx.outDir, 'looped.mp4');
  await runFfmpegStep(ctx, {
    args: buildLoopArgs({
      input: input.path,
      output,
      count,
      durationSeconds: input.duration,
      ...inputStreams(input),
    }),
    durationSeconds: outputSeconds,
    what: 'Looping',
  });
  return [{ path: output, name: `${baseName(input.name)}-looped.mp4` }];
};
