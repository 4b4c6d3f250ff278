import type { AudioOutput } from '@mediakit/catalog';

/**
 * How every audio output is encoded: one place that turns a format and the user's settings
 * (catalog audio-params.ts) into ffmpeg output arguments, shared by the audio converters and the
 * audio tools so the same choice always gives the same kind of file.
 */

export interface AudioSettings {
  /** Constant bitrate in kb/s (lossy formats). */
  bitrate?: number;
  /** Variable bitrate level (lossy formats). */
  vbr?: 'low' | 'medium' | 'high' | 'best';
  sampleRate?: number;
  channels?: 'mono' | 'stereo';
  /** Default keep: title, artist, album… and the cover picture where the format holds one. */
  tags?: 'keep' | 'strip';
}

interface Codec {
  /** File extension and the muxer it implies. */
  extension: string;
  /** The encoder. */
  args: readonly string[];
  /** The muxer's options, for an encoded and a copied stream alike. */
  muxer?: readonly string[];
  /** The codec (ffprobe's codec_name) a stream must already have to be copied into this format. */
  copies: string;
  /** Arguments for a VBR level; for AAC a bitrate, as ffmpeg's native AAC VBR is experimental. */
  vbr?: Record<NonNullable<AudioSettings['vbr']>, readonly string[]>;
  /** Arguments when neither a bitrate nor a VBR level is given. */
  fallback: readonly string[];
  /** Whether the container carries a cover picture (ffmpeg 5.1's Ogg muxer does not). */
  cover: boolean;
  /** Largest channel count the encoder takes; more are mixed down to stereo. */
  maxChannels?: number;
}

// LAME V7/V5/V2/V0 ≈ 100/130/190/245 kb/s; Vorbis q2/q4/q6/q8 ≈ 96/128/192/256 kb/s.
const CODECS: Record<AudioOutput, Codec> = {
  mp3: {
    extension: 'mp3',
    args: ['-c:a', 'libmp3lame'],
    muxer: ['-id3v2_version', '3'],
    copies: 'mp3',
    vbr: { low: ['-q:a', '7'], medium: ['-q:a', '5'], high: ['-q:a', '2'], best: ['-q:a', '0'] },
    fallback: ['-q:a', '2'],
    cover: true,
    maxChannels: 2,
  },
  m4a: {
    extension: 'm4a',
    args: ['-c:a', 'aac'],
    muxer: ['-movflags', '+faststart'],
    copies: 'aac',
    vbr: { low: ['-b:a', '96k'], medium: ['-b:a', '128k'], high: ['-b:a', '192k'], best: ['-b:a', '256k'] },
    fallback: ['-b:a', '192k'],
    cover: true,
  },
  ogg: {
    extension: 'ogg',
    args: ['-c:a', 'libvorbis'],
    copies: 'vorbis',
    vbr: { low: ['-q:a', '2'], medium: ['-q:a', '4'], high: ['-q:a', '6'], best: ['-q:a', '8'] },
    fallback: ['-q:a', '5'],
    cover: false,
  },
  opus: {
    extension: 'opus',
    args: ['-c:a', 'libopus', '-vbr', 'on'],
    copies: 'opus',
    vbr: { low: ['-b:a', '48k'], medium: ['-b:a', '64k'], high: ['-b:a', '96k'], best: ['-b:a', '160k'] },
    fallback: ['-b:a', '96k'],
    cover: false,
  },
  wav: { extension: 'wav', args: ['-c:a', 'pcm_s16le'], copies: 'pcm_s16le', fallback: [], cover: false },
  flac: { extension: 'flac', args: ['-c:a', 'flac'], copies: 'flac', fallback: [], cover: true },
};

export function audioExtension(format: AudioOutput): string {
  return CODECS[format].extension;
}

/** Whether the format keeps a cover picture, so the caller maps the input's attached picture. */
export function keepsCover(format: AudioOutput, settings: AudioSettings): boolean {
  return CODECS[format].cover && settings.tags !== 'strip';
}

/**
 * Output arguments for one audio stream (after the caller's `-map`s and filters, before the path).
 * `inputChannels` lets a 5.1 source become stereo for encoders that take at most two; `tagStream`
 * is tagArgs'.
 */
export function audioOutputArgs(
  format: AudioOutput,
  settings: AudioSettings,
  inputChannels?: number,
  tagStream?: string,
): string[] {
  const codec = CODECS[format];
  const rate = settings.bitrate
    ? ['-b:a', `${settings.bitrate}k`]
    : settings.vbr && codec.vbr
      ? codec.vbr[settings.vbr]
      : codec.fallback;
  const channels =
    settings.channels === 'mono'
      ? ['-ac', '1']
      : settings.channels === 'stereo' || (codec.maxChannels && (inputChannels ?? 0) > codec.maxChannels)
        ? ['-ac', '2']
        : [];
  return [
    ...codec.args,
    ...(codec.muxer ?? []),
    ...rate,
    ...(settings.sampleRate ? ['-ar', String(settings.sampleRate)] : []),
    ...channels,
    ...tagArgs(settings, tagStream),
  ];
}

/**
 * Tags: the input's global ones, or none. `tagStream` (a stream index of input 0) also copies that
 * stream's tags to the file's: Ogg, Opus and Matroska keep title and artist on the audio stream,
 * and other containers (MP3, MP4, FLAC) read only the file's.
 */
function tagArgs(settings: AudioSettings, tagStream?: string): string[] {
  if (settings.tags === 'strip') return ['-map_metadata', '-1', '-map_chapters', '-1'];
  return ['-map_metadata', '0', ...(tagStream ? ['-map_metadata:g', `0:s:${tagStream}`] : [])];
}

/** What the stream to convert already is, as ffprobe reads it. */
export interface SourceAudio {
  codec: string;
  sampleRate?: number;
  channels?: number;
}

/**
 * Whether the stream can go into the format as it is (no decoding, no loss, seconds for an hour):
 * it already has the format's codec and no setting asks for something else. A bitrate or VBR level
 * always means encoding; a sample rate or channel count the stream already has does not.
 */
export function canCopyAudio(format: AudioOutput, settings: AudioSettings, source: SourceAudio): boolean {
  if (CODECS[format].copies !== source.codec || settings.bitrate || settings.vbr) return false;
  if (settings.sampleRate && settings.sampleRate !== source.sampleRate) return false;
  const wanted = settings.channels === 'mono' ? 1 : settings.channels === 'stereo' ? 2 : undefined;
  return wanted === undefined || wanted === source.channels;
}

/** Output arguments that copy the audio stream into the format, with the same muxer options and tags. */
export function audioCopyArgs(format: AudioOutput, settings: AudioSettings, tagStream?: string): string[] {
  return ['-c:a', 'copy', ...(CODECS[format].muxer ?? []), ...tagArgs(settings, tagStream)];
}

/** The format written for a tool's `same`: the input's where we write it, else M4A (AAC). */
export function sameAudioFormat(inputFormat: string): AudioOutput {
  const known: Record<string, AudioOutput> = {
    mp3: 'mp3',
    m4a: 'm4a',
    wav: 'wav',
    flac: 'flac',
    ogg: 'ogg',
    opus: 'opus',
  };
  return known[inputFormat] ?? 'm4a';
}
