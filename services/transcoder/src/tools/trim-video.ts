import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import {
  aacAudioArgs,
  EVEN_DIMENSIONS_FILTER,
  FASTSTART_ARGS,
  formatSeconds,
  h264VideoArgs,
  keepTimingArgs,
} from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';
import { sourceSdrFilters } from './source-colour.ts';

export interface TrimParams {
  start: number;
  end: number;
}

export interface TrimArgsOptions extends TrimParams, StreamChoice {
  input: string;
  output: string;
  hasAudio: boolean;
}

/**
 * `-ss` before `-i` seeks the demuxer to the keyframe before `start` (fast, no decoding of the
 * skipped part) and, because we re-encode, ffmpeg then decodes and drops frames up to `start`
 * exactly: frame-accurate. Timestamps restart at 0, so the length is given with `-t`.
 * Explicit maps keep subtitle/data streams (which MP4 may not carry) out, and an audio track that
 * holds nothing out of the way (input-streams.ts). Frames keep their own times (keepTimingArgs).
 */
export function buildTrimArgs(o: TrimArgsOptions): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-ss', formatSeconds(o.start),
    '-i', o.input,
    '-t', formatSeconds(o.end - o.start),
    '-map', `0:${o.videoStream ?? 'v:0'}`,
    ...(o.hasAudio ? ['-map', `0:${o.audioStream ?? 'a:0?'}`] : []),
    '-vf', [...sourceSdrFilters(o.input), EVEN_DIMENSIONS_FILTER].join(','),
    ...h264VideoArgs(),
    ...keepTimingArgs(o.videoTimeBase),
    ...(o.hasAudio ? aacAudioArgs() : []),
    ...FASTSTART_ARGS,
    o.output,
  ];
}

/** Checks the range against the real duration; an `end` slightly past it is clamped. */
export function trimRange(params: TrimParams, duration: number | undefined): TrimParams {
  const { start, end } = params;
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start) {
    throw new JobFailure(`Invalid range: start ${start} s, end ${end} s (need 0 ≤ start < end)`);
  }
  if (duration === undefined) return { start, end };
  if (start >= duration) {
    throw new JobFailure(`Start (${start} s) is past the end of the video (${duration} s)`);
  }
  return { start, end: Math.min(end, duration) };
}

export const trimVideo: ToolHandler<TrimParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const { start, end } = trimRange(ctx.params, input.duration);
  const output = join(ctx.outDir, 'trimmed.mp4');
  await runFfmpegStep(ctx, {
    args: buildTrimArgs({ input: input.path, output, start, end, ...inputStreams(input) }),
    durationSeconds: end - start,
    what: 'Trimming',
  });
  return [{ path: output, name: `${baseName(input.name)}-trimmed.mp4` }];
};
