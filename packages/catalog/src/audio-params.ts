/**
 * The params of the audio converters and tools (audio-tools.ts, converters.ts): TypeBox schemas.
 * Lossy outputs (MP3, M4A, OGG, Opus) take a bitrate or a VBR level; lossless ones (WAV, FLAC) do not.
 */
import { type Static, Type } from 'typebox';
import { atMostOne } from './rules.ts';
import { endTime, params, startTime } from './schema.ts';
import type { ParamRule } from './types.ts';

/** The audio formats the transcoder writes. */
export const AUDIO_OUTPUTS = ['mp3', 'm4a', 'wav', 'flac', 'ogg', 'opus'] as const;
export type AudioOutput = (typeof AUDIO_OUTPUTS)[number];
export const LOSSLESS_AUDIO: readonly AudioOutput[] = ['wav', 'flac'];

const sampleRate = () =>
  Type.Enum([8000, 16000, 22050, 24000, 32000, 44100, 48000], {
    title: 'Sample rate (Hz)',
    description: "Defaults to the input's rate where the format allows it.",
  });
const channels = () =>
  Type.Enum(['mono', 'stereo'], {
    title: 'Channels',
    description: "Defaults to the input's (more than two are mixed down to stereo).",
  });
const tags = () =>
  Type.Enum(['keep', 'strip'], {
    title: 'Tags',
    description: 'keep copies title, artist, album and cover art; strip writes none.',
    default: 'keep',
  });
const bitrate = () =>
  Type.Integer({
    title: 'Bitrate (kb/s)',
    description: 'A constant bitrate. Leave empty for a good default.',
    minimum: 32,
    maximum: 320,
  });
const vbr = () =>
  Type.Enum(['low', 'medium', 'high', 'best'], {
    title: 'VBR quality',
    description: 'A variable bitrate that follows the sound: best keeps the most.',
  });

const lossless = {
  sampleRate: Type.Optional(sampleRate()),
  channels: Type.Optional(channels()),
  tags: Type.Optional(tags()),
};
const lossy = { bitrate: Type.Optional(bitrate()), vbr: Type.Optional(vbr()), ...lossless };

/** Converters to MP3, M4A, OGG and Opus. */
export const lossyAudioParams = params(lossy);
export type LossyAudioParams = Static<typeof lossyAudioParams>;

/** Converters to WAV and FLAC. */
export const losslessAudioParams = params(lossless);
export type LosslessAudioParams = Static<typeof losslessAudioParams>;

/** A bitrate or a VBR level, not both. */
export const bitrateOrVbr: ParamRule = atMostOne('bitrate', 'vbr');

/** Bitrate and VBR only mean something for lossy outputs. */
export const noBitrateWhenLossless: ParamRule = (c) => {
  const format = c.params.format as AudioOutput | undefined;
  if (!format || !LOSSLESS_AUDIO.includes(format)) return [];
  return ['bitrate', 'vbr']
    .filter((f) => c.has(f))
    .map((field) => ({
      field,
      message: `${field} applies to MP3, M4A, OGG and Opus; ${format.toUpperCase()} is lossless, so leave it empty`,
    }));
};

/** The rates libopus encodes at: Opus has no 44.1 kHz, and resampling silently would surprise. */
const OPUS_RATES = [8000, 16000, 24000, 48000];

/** An Opus output (the converter's fixed target, else the `format` param) only at Opus's rates. */
export function opusSampleRates(fixed?: AudioOutput): ParamRule {
  return (c) => {
    const format = fixed ?? (c.params.format as AudioOutput | undefined);
    const rate = c.params.sampleRate as number | undefined;
    if (format !== 'opus' || !c.valid('sampleRate') || OPUS_RATES.includes(rate as number)) return [];
    return [{ field: 'sampleRate', message: 'sampleRate for Opus must be 8000, 16000, 24000 or 48000 Hz' }];
  };
}

const outputFormat = (dflt: AudioOutput) =>
  Type.Enum([...AUDIO_OUTPUTS], { title: 'Output format', default: dflt });

/** audio-converter and extract-audio: the user picks the output format and its settings. */
export const audioConverterParams = params({ format: Type.Optional(outputFormat('mp3')), ...lossy });
export type AudioConverterParams = Static<typeof audioConverterParams>;

/**
 * The audio tools' output: `same` writes the input's format where we write it (MP3, M4A, WAV, FLAC,
 * OGG, Opus), else M4A; the bitrate follows the input's.
 */
const toolOutput = () =>
  Type.Enum(['same', ...AUDIO_OUTPUTS], {
    title: 'Output format',
    description: "same keeps the input's format where it can.",
    default: 'same',
  });

export const trimAudioParams = params({
  start: startTime(),
  end: endTime(),
  format: Type.Optional(toolOutput()),
});
export type TrimAudioParams = Static<typeof trimAudioParams>;

export const audioVolumeParams = params({
  volume: Type.Optional(
    Type.Number({
      title: 'Volume (%)',
      description: '100 keeps it as it is, 200 doubles the amplitude (+6 dB), 50 halves it.',
      minimum: 1,
      maximum: 1000,
      default: 150,
    }),
  ),
  limit: Type.Optional(
    Type.Boolean({
      title: 'Prevent clipping',
      description: 'Limit peaks to just under 0 dBFS.',
      default: true,
    }),
  ),
  format: Type.Optional(toolOutput()),
});
export type AudioVolumeParams = Static<typeof audioVolumeParams>;

/** EBU R128 targets: streaming services (−14 LUFS), podcasts (−16), broadcast (−23). */
export const LOUDNESS_PRESETS = { streaming: -14, podcast: -16, broadcast: -23 } as const;

export const normalizeAudioParams = params({
  preset: Type.Optional(
    Type.Enum(['streaming', 'podcast', 'broadcast', 'custom'], {
      title: 'Target',
      description: 'streaming −14 LUFS, podcast −16 LUFS, broadcast −23 LUFS (EBU R128), or your own.',
      default: 'streaming',
    }),
  ),
  target: Type.Optional(
    Type.Number({ title: 'Target loudness (LUFS)', description: 'For custom.', minimum: -40, maximum: -5 }),
  ),
  truePeak: Type.Optional(
    Type.Number({ title: 'True peak limit (dBTP)', minimum: -9, maximum: 0, default: -1 }),
  ),
  format: Type.Optional(toolOutput()),
});
export type NormalizeAudioParams = Static<typeof normalizeAudioParams>;

export const fadeAudioParams = params({
  fadeIn: Type.Optional(Type.Number({ title: 'Fade in (seconds)', minimum: 0, maximum: 60, default: 2 })),
  fadeOut: Type.Optional(Type.Number({ title: 'Fade out (seconds)', minimum: 0, maximum: 60, default: 2 })),
  format: Type.Optional(toolOutput()),
});
export type FadeAudioParams = Static<typeof fadeAudioParams>;

export const joinAudioParams = params({
  crossfade: Type.Optional(
    Type.Number({
      title: 'Crossfade (seconds)',
      description: 'Blend each file into the next; 0 plays them back to back.',
      minimum: 0,
      maximum: 10,
      default: 0,
    }),
  ),
  format: Type.Optional(toolOutput()),
});
export type JoinAudioParams = Static<typeof joinAudioParams>;

export const audioSpeedParams = params({
  factor: Type.Optional(
    Type.Number({
      title: 'Speed (×)',
      description: 'Below 1 slows down, above 1 speeds up; the pitch stays the same.',
      minimum: 0.25,
      maximum: 4,
      default: 1.5,
    }),
  ),
  format: Type.Optional(toolOutput()),
});
export type AudioSpeedParams = Static<typeof audioSpeedParams>;
