import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobInput, ToolContext, ToolHandler, ToolOutput } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { stepSlice } from './composition-progress.ts';
import { formatSeconds } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { baseName } from './output-name.ts';
import { sourceSdrFilters } from './source-colour.ts';

export type FrameMode = 'interval' | 'times' | 'all';
export type FrameFormat = 'jpg' | 'png';

export interface FrameExtractorParams {
  /** Default interval. */
  mode?: FrameMode;
  /** Seconds between frames (mode interval). */
  interval?: number;
  /** Seconds, each before the end of the video (mode times; 1..500 of them). */
  times?: number[];
  /** Default jpg. */
  format?: FrameFormat;
}

/**
 * Most frames one job writes. Each is stored as its own output and zipped: past this the job is a
 * video transcode in disguise (1000 frames of 1080p PNG is already ~3 GB), so we say no up front.
 */
export const MAX_FRAMES = 1000;

/** How ffmpeg names the frames on disk (our names; the user's come later). */
export const FRAME_FILE = /^frame-(\d{5})\.(jpg|png)$/;
const framePattern = (format: FrameFormat) => `frame-%05d.${format}`;

/**
 * JPEG at `-q:v 2` (visually lossless; ffmpeg's default ~q 8 is visibly blocky). PNG as 8-bit RGB,
 * so a 10-bit video gives the same kind of PNG as any other instead of a 16-bit one.
 */
export function imageEncodeArgs(format: FrameFormat): string[] {
  return format === 'jpg' ? ['-q:v', '2'] : ['-pix_fmt', 'rgb24'];
}

export interface FramesArgsOptions {
  input: string;
  /** Directory the numbered frames go to. */
  outDir: string;
  format: FrameFormat;
}

/**
 * Mode interval: the first frame at or after each multiple of `interval` (0, i, 2i, …), chosen by
 * `select` on the real timestamps. Not `fps=1/interval`: that snaps frames up to half an interval
 * early and, at the end, drops the last one. `passthrough` writes each selected frame once, and
 * `-frames:v` one past the limit lets the handler tell "exactly the limit" from "more".
 */
export function buildIntervalFramesArgs(o: FramesArgsOptions & { interval: number }): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.input,
    '-map', '0:v:0',
    // Selected first: only the frames kept are tone-mapped (colour.ts), not every decoded one.
    '-vf', [`select='gte(t,selected_n*${o.interval})'`, ...sourceSdrFilters(o.input)].join(','),
    '-fps_mode', 'passthrough',
    '-frames:v', String(MAX_FRAMES + 1),
    '-start_number', '1',
    ...imageEncodeArgs(o.format),
    join(o.outDir, framePattern(o.format)),
  ];
}

/** Mode all: every decoded frame once, no duplicates or drops for variable frame rates. */
export function buildAllFramesArgs(o: FramesArgsOptions): string[] {
  const colour = sourceSdrFilters(o.input);
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.input,
    '-map', '0:v:0',
    ...(colour.length ? ['-vf', colour.join(',')] : []),
    '-fps_mode', 'passthrough',
    '-frames:v', String(MAX_FRAMES + 1),
    '-start_number', '1',
    ...imageEncodeArgs(o.format),
    join(o.outDir, framePattern(o.format)),
  ];
}

export interface FrameAtArgsOptions {
  input: string;
  output: string;
  time: number;
  format: FrameFormat;
}

/**
 * Mode times, one run per time: `-ss` before `-i` seeks to the keyframe before `time` and then
 * decodes up to it, so the frame is the exact one shown at `time`, without decoding the whole video.
 */
export function buildFrameAtArgs(o: FrameAtArgsOptions): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-ss', formatSeconds(o.time),
    '-i', o.input,
    '-map', '0:v:0',
    '-frames:v', '1',
    ...imageEncodeArgs(o.format),
    o.output,
  ];
}

/**
 * A time after the last frame starts but before the end (t = 4.99 of a 5 s video at 25 fps) has no
 * frame at or after it: the picture on screen then is the last frame. Decode the last second and
 * keep overwriting one file (`-update 1`), which leaves the last frame.
 */
export function buildLastFrameArgs(o: Omit<FrameAtArgsOptions, 'time'>): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-sseof', '-1',
    '-i', o.input,
    '-map', '0:v:0',
    '-update', '1',
    ...imageEncodeArgs(o.format),
    o.output,
  ];
}

/** How many frames a mode would give, when the video's length (and rate, for all) is known. */
export function estimateFrameCount(
  mode: 'interval' | 'all',
  video: Pick<JobInput, 'duration' | 'fps'>,
  interval?: number,
): number | undefined {
  const { duration, fps } = video;
  if (duration === undefined || !(duration > 0)) return undefined;
  if (mode === 'all') return fps ? Math.round(duration * fps) : undefined;
  return interval && interval > 0 ? Math.floor(duration / interval) + 1 : undefined;
}

function tooManyFrames(mode: 'interval' | 'all', count: string, video: JobInput): JobFailure {
  if (mode === 'all') {
    return new JobFailure(
      `${video.name} has ${count} frames, but at most ${MAX_FRAMES} frames can be extracted at once; use mode interval or times, or trim the video first`,
    );
  }
  const least = video.duration ? Math.ceil((video.duration / (MAX_FRAMES - 1)) * 1000) / 1000 : undefined;
  return new JobFailure(
    `This interval gives ${count} frames, but at most ${MAX_FRAMES} frames can be extracted at once${least ? `; choose an interval of at least ${least} seconds` : ''}`,
  );
}

/** Times rounded to milliseconds (the precision of the names and of -ss), duplicates dropped, order kept. */
export function uniqueTimes(times: number[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  for (const t of times) {
    const key = formatSeconds(t);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(Number(key));
  }
  return out;
}

const exists = (path: string) =>
  stat(path).then(
    (s) => s.size > 0,
    () => false,
  );

async function framesAtTimes(
  ctx: ToolContext<FrameExtractorParams>,
  video: JobInput,
  times: number[],
  format: FrameFormat,
): Promise<ToolOutput[]> {
  const base = baseName(video.name);
  const outputs: ToolOutput[] = [];
  for (const [i, time] of times.entries()) {
    const output = join(ctx.outDir, `at-${String(i + 1).padStart(5, '0')}.${format}`);
    const step = stepSlice(ctx, i, times.length);
    const what = `Extracting the frame at ${formatSeconds(time)} s`;
    await runFfmpegStep(step, { args: buildFrameAtArgs({ input: video.path, output, time, format }), what });
    if (!(await exists(output))) {
      await runFfmpegStep(step, { args: buildLastFrameArgs({ input: video.path, output, format }), what });
    }
    if (!(await exists(output))) {
      throw new JobFailure(`${video.name} has no frame at ${formatSeconds(time)} s`);
    }
    outputs.push({ path: output, name: `${base}-${formatSeconds(time)}s.${format}` });
  }
  return outputs;
}

async function numberedFrames(
  ctx: ToolContext<FrameExtractorParams>,
  video: JobInput,
  mode: 'interval' | 'all',
  format: FrameFormat,
): Promise<ToolOutput[]> {
  const { interval } = ctx.params;
  if (mode === 'interval' && !(interval && interval > 0)) {
    throw new JobFailure('interval is required when mode is interval: give the seconds between frames');
  }
  const estimate = estimateFrameCount(mode, video, interval);
  if (estimate !== undefined && estimate > MAX_FRAMES) throw tooManyFrames(mode, `about ${estimate}`, video);

  const options = { input: video.path, outDir: ctx.outDir, format };
  await runFfmpegStep(ctx, {
    args:
      mode === 'all'
        ? buildAllFramesArgs(options)
        : buildIntervalFramesArgs({ ...options, interval: interval as number }),
    durationSeconds: video.duration,
    what: 'Extracting frames',
  });

  const files = (await readdir(ctx.outDir)).filter((f) => FRAME_FILE.test(f)).sort();
  if (files.length > MAX_FRAMES) throw tooManyFrames(mode, `more than ${MAX_FRAMES}`, video);
  if (files.length === 0) throw new JobFailure(`No frames could be read from ${video.name}`);
  const base = baseName(video.name);
  return files.map((file) => ({
    path: join(ctx.outDir, file),
    name: `${base}-${file}`,
  }));
}

export const videoFrameExtractor: ToolHandler<FrameExtractorParams> = async (ctx) => {
  const video = requireVideoInput(ctx);
  const { mode = 'interval', format = 'jpg', times } = ctx.params;
  if (mode !== 'times') return numberedFrames(ctx, video, mode, format);
  if (!times || times.length === 0) {
    throw new JobFailure('times is required when mode is times: list at least one time in seconds');
  }
  return framesAtTimes(ctx, video, uniqueTimes(times), format);
};
