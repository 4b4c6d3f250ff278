import { aacAudioArgs, FASTSTART_ARGS, h264VideoArgs, keepTimingArgs, setsFrameRate } from './encoding.ts';
import type { StreamChoice } from './input-streams.ts';
import { sourceSdrFilters } from './source-colour.ts';

/** One input clip re-encoded through filters into one MP4: the shape of every single-clip edit. */
export interface ClipArgsOptions extends StreamChoice {
  input: string;
  output: string;
  /** Options that must precede `-i`, e.g. `-stream_loop`. */
  inputOptions?: readonly string[];
  /**
   * The `-vf` chain, in order. Tools whose output size follows the input end it with EVEN_DIMENSIONS_FILTER.
   * The source's colour filters (colour.ts: HDR tone-mapping, BT.601 → BT.709) are put before it.
   */
  videoFilters: readonly string[];
  /** The `-af` chain; ignored without audio. */
  audioFilters?: readonly string[];
  /** False writes a video-only file (`-an`), whether or not the input has sound. */
  audio: boolean;
  /** Defaults to h264VideoArgs() (CRF 23, yuv420p). */
  videoCodecArgs?: readonly string[];
  /** Defaults to aacAudioArgs() (AAC 160k). */
  audioCodecArgs?: readonly string[];
  /** Between the codecs and +faststart, e.g. `-t` or `-metadata`. */
  outputOptions?: readonly string[];
}

/**
 * Explicit maps take the video stream and, when there is one, the audio stream the handler chose
 * (input-streams.ts: the ones that hold data); without a choice, the first of each (`?`: a silent
 * input is not an error). Subtitle and data streams stay out, as MP4 cannot carry most of them.
 * Each frame keeps its own time (keepTimingArgs) unless a filter sets the rate.
 */
export function buildClipArgs(o: ClipArgsOptions): string[] {
  const audioFilters = o.audio && o.audioFilters?.length ? ['-af', o.audioFilters.join(',')] : [];
  const timing = o.videoFilters.some(setsFrameRate) ? [] : keepTimingArgs(o.videoTimeBase);
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    ...(o.inputOptions ?? []),
    '-i', o.input,
    '-map', `0:${o.videoStream ?? 'v:0'}`,
    ...(o.audio ? ['-map', `0:${o.audioStream ?? 'a:0?'}`] : ['-an']),
    '-vf', [...sourceSdrFilters(o.input), ...o.videoFilters].join(','),
    ...audioFilters,
    ...(o.videoCodecArgs ?? h264VideoArgs()),
    ...timing,
    ...(o.audio ? (o.audioCodecArgs ?? aacAudioArgs()) : []),
    ...(o.outputOptions ?? []),
    ...FASTSTART_ARGS,
    o.output,
  ];
}
