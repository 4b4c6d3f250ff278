import { type AudioOutput, LOSSLESS_AUDIO } from '@mediakit/catalog';
import {
  FfmpegError,
  ffprobe,
  firstPlayableAudio,
  isCoverArt,
  type ProbeResult,
  type ProbeStream,
} from '@mediakit/ffmpeg';
import { probeDuration } from '@mediakit/media';
import type { JobInput, ToolContext } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { probedByGuard, unreadableInputError } from '../guard.ts';
import {
  type AudioSettings,
  audioExtension,
  audioOutputArgs,
  keepsCover,
  sameAudioFormat,
} from './audio-output.ts';
import { baseName } from './output-name.ts';

/** The streams of one input to take: its sound, and the cover picture and tags that go with it. */
export interface AudioStreams {
  input: string;
  /** Index of the first audio stream that holds sound (input-streams.ts). */
  audioStream: string;
  /** Index of the embedded cover picture, if there is one. */
  coverStream?: string;
  /** Index of the audio stream whose tags are the file's (Ogg, Opus, Matroska keep them there). */
  tagStream?: string;
  codec: string;
  sampleRate?: number;
  channels?: number;
}

/** Covers the formats we write hold: JPEG and PNG (the ID3, MP4 and FLAC picture kinds). */
const COVER_CODECS = ['mjpeg', 'png'];

/** The streams of a probed input to take (converters and tools alike), or undefined when it has no sound that holds anything. */
export function audioStreams(
  input: string,
  probe: Pick<ProbeResult, 'streams' | 'format'>,
): AudioStreams | undefined {
  const audio = firstPlayableAudio(probe);
  if (!audio) return undefined;
  const cover = probe.streams.find((s) => isCoverArt(s) && COVER_CODECS.includes(s.codec_name ?? ''));
  return {
    input,
    audioStream: String(audio.index),
    ...(cover ? { coverStream: String(cover.index) } : {}),
    ...(tagsOnStream(probe, audio) ? { tagStream: String(audio.index) } : {}),
    codec: audio.codec_name ?? '',
    sampleRate: Number(audio.sample_rate) || undefined,
    channels: audio.channels || undefined,
  };
}

/** The file has no title or artist of its own but its audio stream does (Vorbis comments). */
function tagsOnStream(probe: Pick<ProbeResult, 'format'>, audio: ProbeStream): boolean {
  const named = (tags?: Record<string, string>) =>
    Object.keys(tags ?? {}).some((k) => ['title', 'artist', 'album'].includes(k.toLowerCase()));
  return !named(probe.format.tags) && named(audio.tags);
}

/**
 * The input's headers: the guard's probe (every handler runs behind it), or read here, restricted
 * as everywhere, when a handler runs on its own; an unreadable file becomes its sentence.
 */
export async function probeInput(input: JobInput, signal: AbortSignal): Promise<ProbeResult> {
  const probed = probedByGuard(input);
  if (probed) return probed;
  try {
    return await ffprobe(input.path, { signal });
  } catch (err) {
    throw err instanceof FfmpegError ? unreadableInputError(input.name, err, input.media) : err;
  }
}

/** What the audio tools need to know of one input, read from the file itself. */
export interface AudioSource {
  input: JobInput;
  /** ffmpeg stream index of the sound, e.g. "0". */
  audioStream: string;
  /** Stream index of the cover picture (JPEG or PNG), when there is one. */
  coverStream?: string;
  /** Stream whose tags are the file's (Ogg, Opus), as the converters read it (convert-audio.ts). */
  tagStream?: string;
  sampleRate: number;
  channels: number;
  /** Seconds. */
  duration: number;
  /** The sound's bitrate in kb/s, for lossy inputs only: a lossy output is encoded near it. */
  lossyKbps?: number;
}

/** Codecs whose bitrate says nothing about the quality a lossy re-encode needs. */
const LOSSLESS_CODECS = /^(pcm_|flac$|alac$|wavpack$|ape$|tta$|mlp$|truehd$)/;

/** The job's input as an audio tool needs it (probeInput, audioSourceOf). */
export async function probeAudioSource(input: JobInput, signal: AbortSignal): Promise<AudioSource> {
  return audioSourceOf(input, await probeInput(input, signal));
}

/** The AudioSource of a probe: the same streams the converters take (convert-audio.ts). */
export function audioSourceOf(input: JobInput, probe: ProbeResult): AudioSource {
  const streams = audioStreams(input.path, probe);
  if (!streams) throw new JobFailure(`${input.name} holds no sound to work on`);
  const duration = probeDuration(probe);
  if (duration === undefined) throw new JobFailure(`Could not read the length of ${input.name}`);
  const audio = probe.streams.find((s) => String(s.index) === streams.audioStream);
  const bitRate = Number(audio?.bit_rate ?? (streams.coverStream ? undefined : probe.format.bit_rate));
  const lossy = !LOSSLESS_CODECS.test(streams.codec) && Number.isFinite(bitRate) && bitRate > 0;
  return {
    input,
    audioStream: streams.audioStream,
    ...(streams.coverStream ? { coverStream: streams.coverStream } : {}),
    ...(streams.tagStream ? { tagStream: streams.tagStream } : {}),
    sampleRate: streams.sampleRate ?? 48_000,
    channels: streams.channels ?? 2,
    duration,
    ...(lossy ? { lossyKbps: bitRate / 1000 } : {}),
  };
}

/** Probes every input of a job, in order, each checked to be audio. */
export function probeAudioSources(
  ctx: Pick<ToolContext<unknown>, 'tool' | 'inputs' | 'signal'>,
): Promise<AudioSource[]> {
  for (const input of ctx.inputs) {
    if (input.media !== 'audio') {
      throw new JobFailure(`${ctx.tool} needs audio, but ${input.name} is ${input.media} (${input.format})`);
    }
  }
  return Promise.all(ctx.inputs.map((input) => probeAudioSource(input, ctx.signal)));
}

/** The format and settings an audio tool writes: `format`, or for `same` the input's (sameAudioFormat). */
export interface AudioTarget {
  format: AudioOutput;
  settings: AudioSettings;
}

/**
 * A lossy output gets the input's own bitrate (rounded, within 32..320 kb/s), so an edit neither
 * bloats a 64 kb/s podcast nor starves a 256 kb/s song; a lossless input leaves the format's default.
 * Mono and stereo are written as such (`-ac`): ffmpeg 5.1 cannot pick a layout for a WAV that
 * declares none once a filter such as loudnorm has run.
 */
export function audioTarget(
  format: AudioOutput | 'same' | undefined,
  source: Pick<AudioSource, 'input' | 'lossyKbps' | 'channels'>,
): AudioTarget {
  const out = !format || format === 'same' ? sameAudioFormat(source.input.format) : format;
  const channels = source.channels === 1 ? 'mono' : source.channels === 2 ? 'stereo' : undefined;
  const settings: AudioSettings = channels ? { channels } : {};
  if (LOSSLESS_AUDIO.includes(out) || source.lossyKbps === undefined) return { format: out, settings };
  const bitrate = Math.min(320, Math.max(32, Math.round(source.lossyKbps)));
  return { format: out, settings: { bitrate, ...settings } };
}

export interface AudioToolOutputOptions {
  /** What to map as the sound: a filter's output label ("[out]") or an input stream ("0:1"). */
  audio: string;
  /** The input's cover picture stream ("0:2"), copied as the output's cover when the format holds one. */
  cover?: string;
  /** Input 0's stream whose tags are the file's (audio-output.ts tagArgs). */
  tagStream?: string;
  target: AudioTarget;
  channels?: number;
  output: string;
}

/** The output half of every audio tool's command: the sound, the cover, the encoding (audio-output.ts). */
export function audioToolOutputArgs(o: AudioToolOutputOptions): string[] {
  const cover =
    o.cover && keepsCover(o.target.format, o.target.settings)
      ? ['-map', o.cover, '-c:v', 'copy', '-disposition:v:0', 'attached_pic']
      : [];
  return [
    '-map',
    o.audio,
    ...cover,
    ...audioOutputArgs(o.target.format, o.target.settings, o.channels, o.tagStream),
    o.output,
  ];
}

/** Where the tool writes and what the download is called: "<input>-<suffix>.<ext>". */
export function audioOutputName(
  source: AudioSource,
  target: AudioTarget,
  suffix: string,
): { file: string; name: string } {
  const ext = audioExtension(target.format);
  return { file: `${suffix}.${ext}`, name: `${baseName(source.input.name, 'audio')}-${suffix}.${ext}` };
}
