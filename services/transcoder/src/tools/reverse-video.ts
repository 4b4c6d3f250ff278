import { join } from 'node:path';
import type { JobInput, ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { buildClipArgs } from './editing-clip-args.ts';
import { describeSeconds, requireDuration } from './editing-limits.ts';
import { EVEN_DIMENSIONS_FILTER } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';

/** No params: the catalog's schema is empty. */
export type ReverseVideoParams = Record<string, never>;

/**
 * The `reverse` filter can emit nothing until it has the last frame, so it holds every decoded
 * frame of the clip in memory: width × height × 1.5 bytes each in yuv420p. 2 GiB of frames (about
 * 2.3 GB of ffmpeg memory with buffer padding and the encoder) is 23 s of 1080p30, 52 s of 720p30,
 * about 9 min of 480p30. Beyond that the job is refused before ffmpeg starts, rather than letting
 * the kernel kill a worker that also runs other jobs.
 */
export const REVERSE_FRAME_MEMORY_BYTES = 2 * 1024 ** 3;
/** Whatever the size, and so whatever the memory: longer clips are not what the tool is for. */
export const REVERSE_MAX_SECONDS = 10 * 60;
/** When the frame rate is unknown the budget assumes this many frames a second (high, so safe). */
const ASSUMED_FPS = 60;

/** The longest clip, in seconds, that fits the frame budget at this size and rate. */
export function reverseMaxSeconds(width: number, height: number, fps: number): number {
  const frameBytes = width * height * 1.5;
  return Math.min(REVERSE_MAX_SECONDS, REVERSE_FRAME_MEMORY_BYTES / frameBytes / fps);
}

/** Refuses clips that are too long to reverse in memory, naming the limit for this clip. */
export function checkReversible(
  input: Pick<JobInput, 'name' | 'duration' | 'width' | 'height' | 'fps'>,
): void {
  const duration = requireDuration(input, 'to check it fits in memory for reversing');
  if (duration > REVERSE_MAX_SECONDS) {
    throw new JobFailure(
      `Reverse takes videos up to ${describeSeconds(REVERSE_MAX_SECONDS)} long; this one is ${describeSeconds(duration)}. Trim it first`,
    );
  }
  // Unknown sizes count as 1080p: a wrong guess must refuse, not exhaust memory.
  const width = input.width ?? 1920;
  const height = input.height ?? 1080;
  const fps = input.fps ?? ASSUMED_FPS;
  const limit = reverseMaxSeconds(width, height, fps);
  if (duration > limit) {
    throw new JobFailure(
      `Reversing keeps every frame in memory, so at ${width}×${height} and ${Math.round(fps * 100) / 100} fps ` +
        `it takes at most ${describeSeconds(Math.floor(limit * 10) / 10)} of video; this one is ${describeSeconds(duration)}. ` +
        'Trim it or make it smaller first',
    );
  }
}

export interface ReverseArgsOptions extends StreamChoice {
  input: string;
  output: string;
}

/**
 * Video only (`-an`): reversed speech and music are noise, so the product drops the sound.
 * `format=yuv420p` before `reverse` makes the buffered frames the smallest kind the output needs
 * (a 10-bit or 4:4:4 source would otherwise be held at two or three times the memory).
 */
export function buildReverseArgs(o: ReverseArgsOptions): string[] {
  return buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    videoFilters: [EVEN_DIMENSIONS_FILTER, 'format=yuv420p', 'reverse'],
    audio: false,
  });
}

export const reverseVideo: ToolHandler<ReverseVideoParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  checkReversible(input);
  const output = join(ctx.outDir, 'reversed.mp4');
  await runFfmpegStep(ctx, {
    args: buildReverseArgs({ input: input.path, output, ...inputStreams(input) }),
    durationSeconds: input.duration,
    what: 'Reversing',
  });
  return [{ path: output, name: `${baseName(input.name)}-reversed.mp4` }];
};
