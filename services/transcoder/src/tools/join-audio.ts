import { join } from 'node:path';
import type { JoinAudioParams } from '@mediakit/catalog';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { refuseLongResult } from './audio-filter-tool.ts';
import {
  type AudioSource,
  audioOutputName,
  audioTarget,
  audioToolOutputArgs,
  probeAudioSources,
} from './audio-source.ts';
import { formatSeconds } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';

export const MIN_AUDIO_FILES = 2;
export const MAX_AUDIO_FILES = 20;

/** One sample rate and channel layout for every file: concat and acrossfade need the same format. */
export interface JoinFormat {
  sampleRate: number;
  layout: 'mono' | 'stereo';
}

/**
 * The files' own rate and layout when they all share them (nothing is resampled), else 48 kHz
 * stereo: every format we write takes it, and nothing is lost from a mono or 44.1 kHz file.
 */
export function joinFormat(sources: Pick<AudioSource, 'sampleRate' | 'channels'>[]): JoinFormat {
  const [first] = sources;
  const same = sources.every((s) => s.sampleRate === first?.sampleRate && s.channels === first.channels);
  if (first && same && first.channels <= 2) {
    return { sampleRate: first.sampleRate, layout: first.channels === 1 ? 'mono' : 'stereo' };
  }
  return { sampleRate: 48_000, layout: 'stereo' };
}

export interface JoinAudioArgsOptions {
  sources: Pick<AudioSource, 'input' | 'audioStream' | 'coverStream' | 'tagStream'>[];
  format: JoinFormat;
  /** Seconds each file blends into the next; 0 plays them back to back (concat). */
  crossfade: number;
  target: ReturnType<typeof audioTarget>;
  output: string;
}

/**
 * One graph: each file's sound brought to the common format, then the concat filter, or a chain of
 * acrossfade (each join blending into the next). Tags and cover come from the first file. Never the
 * concat demuxer: its list files could point ffmpeg at any path (see join-video.ts).
 */
export function buildJoinAudioArgs(o: JoinAudioArgsOptions): string[] {
  const { sampleRate, layout } = o.format;
  const chains = o.sources.map(
    (s, i) =>
      `[${i}:${s.audioStream}]aresample=${sampleRate},aformat=sample_fmts=fltp:channel_layouts=${layout}[a${i}]`,
  );
  const n = o.sources.length;
  if (o.crossfade > 0) {
    let last = 'a0';
    for (let i = 1; i < n; i++) {
      const next = i === n - 1 ? 'out' : `x${i}`;
      chains.push(`[${last}][a${i}]acrossfade=d=${formatSeconds(o.crossfade)}[${next}]`);
      last = next;
    }
  } else {
    chains.push(`${o.sources.map((_, i) => `[a${i}]`).join('')}concat=n=${n}:v=0:a=1[out]`);
  }
  const cover = o.sources[0]?.coverStream;
  return [
    ...o.sources.flatMap((s) => ['-i', s.input.path]),
    '-filter_complex',
    chains.join(';'),
    ...audioToolOutputArgs({
      audio: '[out]',
      cover: cover && `0:${cover}`,
      tagStream: o.sources[0]?.tagStream,
      target: o.target,
      output: o.output,
    }),
  ];
}

/** A crossfade needs that much sound at both ends of a join: a shorter file is refused by name. */
export function checkCrossfade(sources: Pick<AudioSource, 'input' | 'duration'>[], crossfade: number): void {
  if (crossfade <= 0) return;
  const short = sources.find((s) => s.duration <= crossfade);
  if (short) {
    throw new JobFailure(
      `The crossfade (${crossfade} s) is longer than ${short.input.name} (${short.duration} s); choose a crossfade under ${short.duration} s or leave that file out`,
    );
  }
}

export const joinAudio: ToolHandler<JoinAudioParams> = async (ctx) => {
  if (ctx.inputs.length < MIN_AUDIO_FILES || ctx.inputs.length > MAX_AUDIO_FILES) {
    throw new JobFailure(`join-audio takes ${MIN_AUDIO_FILES} to ${MAX_AUDIO_FILES} audio files`);
  }
  const sources = await probeAudioSources(ctx);
  const crossfade = ctx.params.crossfade ?? 0;
  checkCrossfade(sources, crossfade);
  const seconds = sources.reduce((sum, s) => sum + s.duration, 0) - crossfade * (sources.length - 1);
  refuseLongResult(seconds, 'the joined files');
  const first = sources[0] as AudioSource;
  const format = joinFormat(sources);
  const target = audioTarget(ctx.params.format, { ...first, channels: format.layout === 'mono' ? 1 : 2 });
  const { file, name } = audioOutputName(first, target, 'joined');
  const output = join(ctx.outDir, file);
  await runFfmpegStep(ctx, {
    args: buildJoinAudioArgs({ sources, format, crossfade, target, output }),
    durationSeconds: seconds,
    what: 'Joining the audio files',
  });
  return [{ path: output, name }];
};
