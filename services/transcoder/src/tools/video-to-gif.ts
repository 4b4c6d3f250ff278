import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_GIF_SECONDS, type VideoToGifParams } from '@mediakit/catalog';
import type { ToolContext, ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { BYTES_PER_MB } from './compress-video.ts';
import { describeSeconds } from './editing-limits.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import {
  attemptProgress,
  buildGifArgs,
  type GifDither,
  type GifSize,
  MAX_GIF_ATTEMPTS,
  nextGifSize,
} from './gif-args.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams } from './input-streams.ts';
import { baseName } from './output-name.ts';

type GifContext = ToolContext<VideoToGifParams>;

/** The part to make into a GIF, checked against the real duration (the API checked the recorded one). */
export function gifRange(
  params: Pick<VideoToGifParams, 'start' | 'end'>,
  duration: number | undefined,
): { start: number; seconds: number } {
  const start = params.start ?? 0;
  const end = Math.min(
    params.end ?? duration ?? Number.POSITIVE_INFINITY,
    duration ?? Number.POSITIVE_INFINITY,
  );
  if (duration !== undefined && start >= duration) {
    throw new JobFailure(`Start (${start} s) is past the end of the video (${describeSeconds(duration)})`);
  }
  if (!Number.isFinite(end)) {
    throw new JobFailure('Could not read the length of this video: give an end time for the GIF');
  }
  if (end <= start) throw new JobFailure(`The end (${end} s) must come after the start (${start} s)`);
  if (end - start > MAX_GIF_SECONDS) {
    throw new JobFailure(
      `A GIF can be at most ${MAX_GIF_SECONDS} seconds long, and this part is ${describeSeconds(end - start)}: choose a shorter part`,
    );
  }
  return { start, seconds: end - start };
}

/** The first width and frame rate: as asked, but never more than the video has. */
export function firstGifSize(
  params: Pick<VideoToGifParams, 'width' | 'fps'>,
  source: { width?: number; fps?: number },
): GifSize {
  const width = Math.min(params.width ?? 480, source.width ?? Number.POSITIVE_INFINITY);
  const fps = Math.min(params.fps ?? 10, Math.max(1, Math.round(source.fps ?? Number.POSITIVE_INFINITY)));
  return { width: Math.max(1, Math.floor(width)), fps };
}

const mb = (bytes: number) => `${Math.round((bytes / BYTES_PER_MB) * 100) / 100} MB`;

export const videoToGif: ToolHandler<VideoToGifParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const { start, seconds } = gifRange(ctx.params, input.duration);
  const { videoStream } = inputStreams(input);
  const name = `${baseName(input.name)}.gif`;
  const budget = ctx.params.maxSizeMB;
  const encode = async (size: GifSize, attempt: number, output: string) => {
    await runFfmpegStep(
      {
        ...ctx,
        progress: (p) => ctx.progress(budget === undefined ? p : attemptProgress(attempt, p)),
      },
      {
        args: buildGifArgs({
          input: input.path,
          output,
          start,
          seconds,
          videoStream,
          ...size,
          loop: ctx.params.loop ?? 0,
          dither: (ctx.params.dither ?? 'sierra2_4a') as GifDither,
        }),
        durationSeconds: seconds,
        what: 'Making the GIF',
      },
    );
    return (await stat(output)).size;
  };
  const size = firstGifSize(ctx.params, input);
  if (budget === undefined) {
    const output = join(ctx.outDir, 'animation.gif');
    await encode(size, 0, output);
    return [{ path: output, name }];
  }
  const output = await gifWithinBudget(ctx, size, budget * BYTES_PER_MB, encode);
  return [{ path: output.path, name, note: output.note }];
};

/**
 * Encodes at the asked size, then, while the file is over the budget, at a smaller width and frame
 * rate (nextGifSize), down to the floor. Each try replaces the last, so the job dir holds one GIF.
 */
async function gifWithinBudget(
  ctx: GifContext,
  first: GifSize,
  targetBytes: number,
  encode: (size: GifSize, attempt: number, output: string) => Promise<number>,
): Promise<{ path: string; note?: string }> {
  const output = join(ctx.outDir, 'animation.gif');
  const trying = join(ctx.outDir, 'attempt.gif');
  let size: GifSize | undefined = first;
  let smallest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; size && attempt < MAX_GIF_ATTEMPTS; attempt++) {
    const bytes = await encode(size, attempt, trying);
    ctx.log.info({ attempt, ...size, bytes, targetBytes }, 'size-budgeted GIF');
    smallest = Math.min(smallest, bytes);
    if (bytes <= targetBytes) {
      await rename(trying, output);
      ctx.progress(100);
      const note =
        attempt === 0
          ? undefined
          : `To stay under ${mb(targetBytes)}, the GIF was made ${size.width} px wide at ${size.fps} frames per second.`;
      return { path: output, note };
    }
    size = nextGifSize(size, bytes, targetBytes, attempt === MAX_GIF_ATTEMPTS - 2);
  }
  await rm(trying, { force: true });
  throw new JobFailure(
    `Could not make this GIF smaller than ${mb(targetBytes)}: the smallest reached was ${mb(smallest)}. Choose a shorter part or a larger size limit.`,
  );
}
