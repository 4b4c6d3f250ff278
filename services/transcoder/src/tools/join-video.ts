import { join } from 'node:path';
import type { JobInput, ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { evenFloor, fitFilter, frameRateValue, outputFrameRate } from './composition-filters.ts';
import { inputsOf } from './composition-inputs.ts';
import { aacAudioArgs, FASTSTART_ARGS, formatSeconds, h264VideoArgs } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { inputStreams } from './input-streams.ts';
import { baseName } from './output-name.ts';
import { sourceColourInput } from './source-colour.ts';

export interface JoinVideoParams {
  /** "WIDTHxHEIGHT", each even 16..7680 (checked by the catalog); default: the first clip's size. */
  resolution?: string;
}

export interface JoinClip {
  path: string;
  hasAudio: boolean;
  /** Streams to take (input-streams.ts); the first of each kind when unknown. */
  videoStream?: string;
  audioStream?: string;
  /** Seconds; sizes the silence that stands in for a missing audio track. */
  duration: number;
}

export interface JoinVideoArgsOptions {
  clips: JoinClip[];
  width: number;
  height: number;
  /** Frame rate for every clip, as frameRateValue gives it ("25", "30000/1001"). */
  fps: string;
  output: string;
}

export const MIN_CLIPS = 2;
export const MAX_CLIPS = 20;

/** Every clip's audio is brought to this before concatenation: the concat filter needs one format. */
const AUDIO_FORMAT = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
const SILENCE = 'anullsrc=r=48000:cl=stereo';

/**
 * One graph: each clip letterboxed to the target size at one frame rate, its audio resampled to
 * 48 kHz stereo (or silence of its length when it has none, so every segment has the same
 * streams), then the concat FILTER. Never the concat demuxer: it needs a list file, and list files
 * and playlists can point ffmpeg at any path or URL, so the platform never lets ffmpeg read one.
 */
export function buildJoinVideoArgs(o: JoinVideoArgsOptions): string[] {
  const chains: string[] = [];
  const segments: string[] = [];
  for (const [i, clip] of o.clips.entries()) {
    const source = sourceColourInput(i, clip.path, clip.videoStream);
    chains.push(`${source.prelude}${source.label}${fitFilter(o.width, o.height)},fps=${o.fps}[v${i}]`);
    chains.push(
      clip.hasAudio
        ? `[${i}:${clip.audioStream ?? 'a:0'}]${AUDIO_FORMAT}[a${i}]`
        : `${SILENCE},atrim=duration=${formatSeconds(clip.duration)}[a${i}]`,
    );
    segments.push(`[v${i}][a${i}]`);
  }
  chains.push(`${segments.join('')}concat=n=${o.clips.length}:v=1:a=1[v][a]`);
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    ...o.clips.flatMap((clip) => ['-i', clip.path]),
    '-filter_complex', chains.join(';'),
    '-map', '[v]',
    '-map', '[a]',
    ...h264VideoArgs(),
    ...aacAudioArgs(),
    ...FASTSTART_ARGS,
    o.output,
  ];
}

const RESOLUTION = /^(\d{1,5})x(\d{1,5})$/;

/** The output size: the `resolution` param, else the first clip's displayed size made even. */
export function joinTargetSize(
  resolution: string | undefined,
  first: Pick<JobInput, 'width' | 'height' | 'name'>,
): { width: number; height: number } {
  if (resolution !== undefined) {
    const m = RESOLUTION.exec(resolution);
    if (!m) throw new JobFailure(`resolution must be a size like 1920x1080, not "${resolution}"`);
    return { width: evenFloor(Number(m[1])), height: evenFloor(Number(m[2])) };
  }
  if (!first.width || !first.height) {
    throw new JobFailure(
      `Could not read the size of ${first.name}; choose a resolution for the joined video`,
    );
  }
  return { width: evenFloor(first.width), height: evenFloor(first.height) };
}

export const joinVideo: ToolHandler<JoinVideoParams> = async (ctx) => {
  const inputs = inputsOf(ctx, 'video', MIN_CLIPS, MAX_CLIPS);
  const clips = inputs.map((input): JoinClip => {
    // Sound of unknown presence counts as none: a `[i:a:0]` label cannot be optional.
    const streams = inputStreams(input, false);
    const { hasAudio } = streams;
    if (!hasAudio && !(input.duration && input.duration > 0)) {
      throw new JobFailure(`Could not read the length of ${input.name}, so it cannot be joined`);
    }
    return {
      path: input.path,
      hasAudio,
      videoStream: streams.videoStream,
      audioStream: streams.audioStream,
      duration: input.duration ?? 0,
    };
  });
  const first = inputs[0];
  const { width, height } = joinTargetSize(ctx.params.resolution, first);
  const output = join(ctx.outDir, 'joined.mp4');
  const total = inputs.reduce((sum, input) => sum + (input.duration ?? 0), 0);
  await runFfmpegStep(ctx, {
    args: buildJoinVideoArgs({
      clips,
      width,
      height,
      fps: frameRateValue(outputFrameRate(first.fps)),
      output,
    }),
    durationSeconds: total > 0 ? total : undefined,
    what: 'Joining the videos',
  });
  return [{ path: output, name: `${baseName(first.name)}-joined.mp4` }];
};
