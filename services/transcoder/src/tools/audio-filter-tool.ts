import { join } from 'node:path';
import type { AudioOutput } from '@mediakit/catalog';
import type { ToolContext, ToolOutput } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import {
  type AudioSource,
  audioOutputName,
  audioTarget,
  audioToolOutputArgs,
  probeAudioSources,
} from './audio-source.ts';
import { describeSeconds, MAX_OUTPUT_SECONDS } from './editing-limits.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';

/**
 * The shape of the one-file audio tools (trim, volume, fade, speed): one input, a chain of audio
 * filters, the asked format out with the input's tags and cover.
 */
export interface AudioFilterArgsOptions {
  source: Pick<AudioSource, 'input' | 'audioStream' | 'coverStream' | 'tagStream' | 'channels'>;
  filters: string[];
  format: AudioOutput;
  settings: ReturnType<typeof audioTarget>['settings'];
  output: string;
}

export function buildAudioFilterArgs(o: AudioFilterArgsOptions): string[] {
  const { source } = o;
  return [
    '-i',
    source.input.path,
    '-af',
    o.filters.length ? o.filters.join(',') : 'anull',
    ...audioToolOutputArgs({
      audio: `0:${source.audioStream}`,
      cover: source.coverStream && `0:${source.coverStream}`,
      tagStream: source.tagStream,
      target: { format: o.format, settings: o.settings },
      channels: source.channels,
      output: o.output,
    }),
  ];
}

export interface AudioFilterTool {
  /** File name suffix: "trimmed" → "song-trimmed.mp3". */
  suffix: string;
  /** What the user sees failing, e.g. "Trimming". */
  what: string;
  filters(source: AudioSource): string[];
  /** Length of the result, for progress and the output limit; default the input's. */
  outputSeconds?(source: AudioSource): number;
  /** A note for the result, read from ffmpeg's log (what a filter measured). */
  note?(stderrTail: string): string | undefined;
}

/** Runs a one-file audio tool: probe, refuse a result over the output limit, filter, encode. */
export async function runAudioFilterTool(
  ctx: ToolContext<{ format?: AudioOutput | 'same' }>,
  tool: AudioFilterTool,
): Promise<ToolOutput[]> {
  const [source] = await probeAudioSources(ctx);
  if (!source) throw new JobFailure(`${ctx.tool} needs one audio file`);
  const seconds = tool.outputSeconds?.(source) ?? source.duration;
  refuseLongResult(seconds, source.input.name);
  const target = audioTarget(ctx.params.format, source);
  const { file, name } = audioOutputName(source, target, tool.suffix);
  const output = join(ctx.outDir, file);
  const { stderrTail } = await runFfmpegStep(ctx, {
    args: buildAudioFilterArgs({ source, filters: tool.filters(source), ...target, output }),
    durationSeconds: seconds,
    what: tool.what,
  });
  const note = tool.note?.(stderrTail);
  return [{ path: output, name, ...(note ? { note } : {}) }];
}

/** Slowed-down or joined audio may not outlast what one edit may produce (editing-limits.ts). */
export function refuseLongResult(seconds: number, what: string): void {
  if (seconds > MAX_OUTPUT_SECONDS) {
    throw new JobFailure(
      `Edited this way, ${what} would last ${describeSeconds(seconds)}, more than the ${describeSeconds(MAX_OUTPUT_SECONDS)} allowed; use shorter audio`,
    );
  }
}
