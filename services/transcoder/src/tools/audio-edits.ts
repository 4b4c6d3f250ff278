import type {
  AudioSpeedParams,
  AudioVolumeParams,
  FadeAudioParams,
  TrimAudioParams,
} from '@mediakit/catalog';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { atempoChain, formatFactor } from './atempo.ts';
import { runAudioFilterTool } from './audio-filter-tool.ts';
import { formatSeconds } from './encoding.ts';

/**
 * The one-file audio edits: each is a filter chain (a pure function, unit-tested with exact
 * strings) run by audio-filter-tool.ts, which writes the asked format with the input's tags.
 */

/** atrim counts decoded samples, not packets: the result starts on the sample nearest `start`. */
export function trimFilters(start: number, end: number, sampleRate: number): string[] {
  const at = (s: number) => Math.round(s * sampleRate);
  return [`atrim=start_sample=${at(start)}:end_sample=${at(end)}`, 'asetpts=PTS-STARTPTS'];
}

export const trimAudio: ToolHandler<TrimAudioParams> = (ctx) => {
  const { start = 0, end } = ctx.params;
  return runAudioFilterTool(ctx, {
    suffix: 'trimmed',
    what: 'Trimming',
    filters: (source) => {
      if (start >= source.duration) {
        throw new JobFailure(
          `Start (${start} s) is past the end of ${source.input.name} (${source.duration} s)`,
        );
      }
      return trimFilters(start, Math.min(end, source.duration), source.sampleRate);
    },
    outputSeconds: (source) => Math.min(end, source.duration) - start,
  });
};

/** Peaks are held at −1 dBFS, measured at 192 kHz so peaks between samples count too. */
export const LIMIT_DBFS = -1;
const TRUE_PEAK_RATE = 192_000;

/**
 * The gain, then, with `limit`, a look-ahead limiter on 4× (or more) oversampled sound (a true-peak
 * limiter), `astats` before it measuring the peak the limiter faces (so the job can say it acted),
 * and back to the input's rate. Without `limit` the gain alone: peaks over 0 dBFS clip.
 */
export function volumeFilters(volume: number, limit: boolean, sampleRate: number): string[] {
  const gain = `volume=${formatFactor(volume / 100)}`;
  if (!limit) return [gain];
  const ceiling = formatFactor(10 ** (LIMIT_DBFS / 20));
  return [
    gain,
    `aresample=${TRUE_PEAK_RATE}`,
    'astats=measure_perchannel=0:measure_overall=Peak_level',
    `alimiter=limit=${ceiling}:level=false:latency=true`,
    `aresample=${sampleRate}`,
  ];
}

/** The peak astats printed last ("Peak level dB: -3.2"), in dB; undefined when there is none. */
export function measuredPeakDb(stderrTail: string): number | undefined {
  const all = [...stderrTail.matchAll(/Peak level dB: (-?[\d.]+|-?inf)/g)];
  const last = all.at(-1)?.[1];
  if (last === undefined) return undefined;
  return last.endsWith('inf') ? Number.NEGATIVE_INFINITY : Number(last);
}

export const changeAudioVolume: ToolHandler<AudioVolumeParams> = (ctx) => {
  const { volume = 150, limit = true } = ctx.params;
  return runAudioFilterTool(ctx, {
    suffix: `volume-${formatFactor(volume)}`,
    what: 'Changing the volume',
    filters: (source) => volumeFilters(volume, limit, source.sampleRate),
    note: (log) => {
      const peak = measuredPeakDb(log);
      return limit && peak !== undefined && peak > LIMIT_DBFS
        ? `At ${formatFactor(volume)} % the loudest peaks would have reached ${peak.toFixed(1)} dBFS; the limiter held them at ${LIMIT_DBFS} dBFS so they do not clip.`
        : undefined;
    },
  });
};

/** The fade-out ends on the last sample: it starts `fadeOut` seconds before the measured end. */
export function fadeFilters(fadeIn: number, fadeOut: number, duration: number): string[] {
  return [
    ...(fadeIn > 0 ? [`afade=t=in:st=0:d=${formatSeconds(fadeIn)}`] : []),
    ...(fadeOut > 0
      ? [`afade=t=out:st=${formatSeconds(Math.max(0, duration - fadeOut))}:d=${formatSeconds(fadeOut)}`]
      : []),
  ];
}

export const fadeAudio: ToolHandler<FadeAudioParams> = (ctx) => {
  const { fadeIn = 2, fadeOut = 2 } = ctx.params;
  return runAudioFilterTool(ctx, {
    suffix: 'faded',
    what: 'Fading',
    filters: (source) => {
      if (fadeIn + fadeOut > source.duration) {
        throw new JobFailure(
          `The fades (${fadeIn} s in, ${fadeOut} s out) are longer than ${source.input.name} (${source.duration} s)`,
        );
      }
      return fadeFilters(fadeIn, fadeOut, source.duration);
    },
  });
};

export const changeAudioSpeed: ToolHandler<AudioSpeedParams> = (ctx) => {
  const { factor = 1.5 } = ctx.params;
  return runAudioFilterTool(ctx, {
    suffix: `${formatFactor(factor)}x`,
    what: 'Changing the speed',
    filters: () => atempoChain(factor),
    outputSeconds: (source) => source.duration / factor,
  });
};
