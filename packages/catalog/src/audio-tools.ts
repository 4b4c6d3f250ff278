/**
 * The audio tools: worker transcoder, output audio. Their params are in audio-params.ts. The audio
 * converters (wav-to-mp3…) are rows of converters.ts.
 */
import {
  AUDIO_OUTPUTS,
  audioConverterParams,
  audioSpeedParams,
  audioVolumeParams,
  bitrateOrVbr,
  fadeAudioParams,
  joinAudioParams,
  noBitrateWhenLossless,
  normalizeAudioParams,
  opusSampleRates,
  trimAudioParams,
} from './audio-params.ts';
import { AUDIO_MIMES, VIDEO_MIMES } from './mime.ts';
import { endAfterStart, requiredWhen, seconds, withinDuration } from './rules.ts';
import type { CatalogEntry, InputRule, ParamRule } from './types.ts';

type AudioToolSpec = Omit<CatalogEntry, 'kind' | 'media' | 'worker' | 'inputs' | 'output'> & {
  inputs?: Partial<CatalogEntry['inputs']>;
};

function audioTool(spec: AudioToolSpec): CatalogEntry {
  return {
    ...spec,
    kind: 'tool',
    media: 'audio',
    worker: 'transcoder',
    inputs: { min: 1, max: 1, accept: [...AUDIO_MIMES], ...spec.inputs },
    output: { media: 'audio', formats: [...AUDIO_OUTPUTS] },
  };
}

/** A custom loudness target only with the custom preset, and then required. */
const targetWithCustom: ParamRule[] = [
  requiredWhen(
    'target',
    (p) => p.preset === 'custom',
    'target is required when preset is custom: give the loudness in LUFS, e.g. -16',
  ),
  (c) =>
    c.has('target') && c.params.preset !== 'custom'
      ? [
          {
            field: 'target',
            message: 'target applies to the custom preset: choose custom or leave target empty',
          },
        ]
      : [],
];

/** Both fades fit in the file. */
const fadesWithinDuration: InputRule = (p, inputs) => {
  const d = inputs[0]?.duration;
  const total = ((p.fadeIn as number) ?? 0) + ((p.fadeOut as number) ?? 0);
  if (typeof d !== 'number' || !(d > 0) || total <= d) return [];
  return [
    {
      field: 'fadeOut',
      message: `fadeIn and fadeOut together must be at most ${seconds(d)} seconds, the length of this audio`,
    },
  ];
};

/** The audio converter where the user picks the output, and the sound of videos as audio. */
export const audioConversionTools: CatalogEntry[] = [
  audioTool({
    name: 'audio-converter',
    title: 'Audio Converter',
    description:
      'Convert audio, or the sound of a video, to MP3, M4A, WAV, FLAC, OGG or Opus, with the bitrate, sample rate and channels you choose. Free, no sign-up.',
    inputs: { max: 20, accept: [...AUDIO_MIMES, ...VIDEO_MIMES] },
    params: audioConverterParams,
    rules: [bitrateOrVbr, noBitrateWhenLossless, opusSampleRates()],
  }),
  audioTool({
    name: 'extract-audio',
    title: 'Extract Audio from Video',
    description:
      'Save the sound of a video as MP3, M4A, WAV, FLAC, OGG or Opus, copied without loss where the format allows. Free, no watermark, no sign-up.',
    inputs: { max: 20, accept: [...VIDEO_MIMES] },
    params: audioConverterParams,
    rules: [bitrateOrVbr, noBitrateWhenLossless, opusSampleRates()],
  }),
];

/** Tools that edit the sound: one file in (join: several), the same or a chosen format out. */
export const audioEditingTools: CatalogEntry[] = [
  audioTool({
    name: 'trim-audio',
    title: 'Trim Audio Online',
    description:
      'Cut a song, recording or podcast down to the part you need: pick it on the waveform, listen, and download. Free, no sign-up.',
    params: trimAudioParams,
    rules: [endAfterStart()],
    inputRules: [withinDuration('end', 0, 'this audio')],
  }),
  audioTool({
    name: 'change-audio-volume',
    title: 'Change Audio Volume',
    description:
      'Make a recording louder or quieter by a percentage, with a limiter that keeps the peaks from clipping. Free, no sign-up.',
    params: audioVolumeParams,
  }),
  audioTool({
    name: 'normalize-audio',
    title: 'Normalize Audio Loudness',
    description:
      'Bring audio to a standard loudness (EBU R128): −14 LUFS for streaming, −16 for podcasts, −23 for broadcast, with a true-peak limit. Free.',
    params: normalizeAudioParams,
    rules: targetWithCustom,
  }),
  audioTool({
    name: 'fade-audio',
    title: 'Fade Audio In and Out',
    description:
      'Add a smooth fade-in at the start and a fade-out at the end of a song or recording. Free, no sign-up.',
    params: fadeAudioParams,
    inputRules: [fadesWithinDuration],
  }),
  audioTool({
    name: 'join-audio',
    title: 'Join Audio Files',
    description:
      'Merge 2 to 20 songs or recordings into one file in the order you choose, back to back or crossfaded. Free, no sign-up.',
    inputs: { min: 2, max: 20 },
    params: joinAudioParams,
  }),
  audioTool({
    name: 'change-audio-speed',
    title: 'Change Audio Speed',
    description:
      'Speed up or slow down audio from 0.25× to 4× without the chipmunk effect: the pitch stays the same. Free, no sign-up.',
    params: audioSpeedParams,
  }),
];
