import { join } from 'node:path';
import { LOUDNESS_PRESETS, type NormalizeAudioParams } from '@mediakit/catalog';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { buildAudioFilterArgs } from './audio-filter-tool.ts';
import { audioOutputName, audioTarget, probeAudioSources } from './audio-source.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';

/**
 * EBU R128 loudness normalisation in two passes of ffmpeg's loudnorm: the first measures the whole
 * file, the second applies one gain to it (linear) when the peaks allow, else loudnorm's dynamic mode.
 */

/** What loudnorm's first pass prints (print_format=json), as numbers. */
export interface LoudnessMeasurement {
  input_i: number;
  input_tp: number;
  input_lra: number;
  input_thresh: number;
  target_offset: number;
}

/** Below this the file is silence or hiss: raising it to a target would only raise the noise. */
export const QUIET_LUFS = -60;

export interface LoudnormTarget {
  /** Integrated loudness, LUFS. */
  target: number;
  /** True peak ceiling, dBTP. */
  truePeak: number;
}

const num = (n: number) => String(Math.round(n * 100) / 100);

/**
 * loudnorm's LRA is a ceiling: below the file's own range, linear mode is impossible and the
 * dynamics get squeezed. It is set to the measured range (7..20, loudnorm's bounds being 1..20).
 */
function loudnessRange(measuredLra?: number): number {
  return Math.min(20, Math.max(7, Math.ceil(measuredLra ?? 7)));
}

/** Pass 1: measure only; the sound goes nowhere (`-f null`). */
export function buildLoudnessMeasureArgs(input: string, audioStream: string, t: LoudnormTarget): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', input,
    '-map', `0:${audioStream}`,
    '-af', `loudnorm=I=${num(t.target)}:TP=${num(t.truePeak)}:LRA=${loudnessRange()}:print_format=json`,
    '-f', 'null', '-',
  ];
}

/**
 * Pass 2's filters: loudnorm with pass 1's numbers (linear=true: one gain when the peaks allow),
 * then back to the input's rate, as loudnorm works and outputs at 192 kHz.
 */
export function loudnormApplyFilters(
  t: LoudnormTarget,
  m: LoudnessMeasurement,
  sampleRate: number,
): string[] {
  const measured = [
    `measured_I=${num(m.input_i)}`,
    `measured_TP=${num(m.input_tp)}`,
    `measured_LRA=${num(m.input_lra)}`,
    `measured_thresh=${num(m.input_thresh)}`,
    `offset=${num(m.target_offset)}`,
  ].join(':');
  return [
    `loudnorm=I=${num(t.target)}:TP=${num(t.truePeak)}:LRA=${loudnessRange(m.input_lra)}:${measured}:linear=true:print_format=summary`,
    `aresample=${sampleRate}`,
  ];
}

/** The JSON block loudnorm prints at the end of pass 1; undefined when the log holds none. */
export function parseLoudnorm(stderrTail: string): LoudnessMeasurement | undefined {
  const start = stderrTail.lastIndexOf('{');
  const end = stderrTail.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    const raw = JSON.parse(stderrTail.slice(start, end + 1)) as Record<string, string>;
    const keys = ['input_i', 'input_tp', 'input_lra', 'input_thresh', 'target_offset'] as const;
    const values = keys.map((k) => (raw[k]?.endsWith('inf') ? Number.NEGATIVE_INFINITY : Number(raw[k])));
    if (values.some((v) => Number.isNaN(v))) return undefined;
    return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as unknown as LoudnessMeasurement;
  } catch {
    return undefined;
  }
}

/** The target of a preset, or `target` for custom. */
export function loudnessTarget(p: NormalizeAudioParams): LoudnormTarget {
  const preset = p.preset ?? 'streaming';
  const target = preset === 'custom' ? p.target : LOUDNESS_PRESETS[preset];
  if (target === undefined) throw new JobFailure('Give a target loudness in LUFS for the custom preset');
  return { target, truePeak: p.truePeak ?? -1 };
}

export const normalizeAudio: ToolHandler<NormalizeAudioParams> = async (ctx) => {
  const [source] = await probeAudioSources(ctx);
  if (!source) throw new JobFailure('normalize-audio needs one audio file');
  const t = loudnessTarget(ctx.params);
  const half = (from: number) => ({ ...ctx, progress: (p: number) => ctx.progress(from + p / 2) });

  const pass1 = await runFfmpegStep(half(0), {
    args: buildLoudnessMeasureArgs(source.input.path, source.audioStream, t),
    durationSeconds: source.duration,
    what: 'Measuring the loudness',
  });
  const measured = parseLoudnorm(pass1.stderrTail);
  if (!measured) throw new Error('loudnorm printed no measurement');
  if (!(measured.input_i >= QUIET_LUFS)) {
    throw new JobFailure(
      `${source.input.name} is almost silent (below ${QUIET_LUFS} LUFS): bringing it to ${t.target} LUFS would only make its background noise loud. Check that it is the right file.`,
    );
  }

  const target = audioTarget(ctx.params.format, source);
  const { file, name } = audioOutputName(source, target, 'normalized');
  const output = join(ctx.outDir, file);
  await runFfmpegStep(half(50), {
    args: buildAudioFilterArgs({
      source,
      filters: loudnormApplyFilters(t, measured, source.sampleRate),
      ...target,
      output,
    }),
    durationSeconds: source.duration,
    what: 'Normalising the loudness',
  });
  return [{ path: output, name }];
};
