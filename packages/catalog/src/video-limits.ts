/**
 * How big a job input of a video tool may be. The limits come from the environment (the same
 * variables for the jobs service, which refuses a job with 422 before queueing it, and for the
 * transcoder, which checks the file it actually got before any work) and are checked here, in
 * one pure function, so both say the same sentence.
 */
import { type Static, type TProperties, Type } from 'typebox';
import { bytesSentence, count, distinct, known, pixelsSentence, round } from './limit-sentences.ts';

export { formatBytes } from './limit-sentences.ts';

export interface VideoLimits {
  /** Longest input, in seconds. */
  maxDurationSeconds: number;
  /** Most pixels in one frame (width × height, as displayed). */
  maxPixels: number;
  /** Most frames in one input (duration × frame rate). */
  maxFrames: number;
  /** Largest input file, in bytes. */
  maxInputBytes: number;
}

/**
 * 3 h covers a feature film or a long lecture. 8192×4320 (8K DCI) is the largest frame cameras
 * make. A million frames is 9.3 h at 30 fps, so within 3 h it binds only above ~92 fps: it is for
 * high-speed footage and absurd frame rates, which cost per frame (reverse, frame extraction)
 * whatever their length. 4 GiB is the classic MP4/FAT32 ceiling, about an hour of a phone's 4K.
 */
export const DEFAULT_VIDEO_LIMITS: Readonly<VideoLimits> = Object.freeze({
  maxDurationSeconds: 3 * 3600,
  maxPixels: 8192 * 4320,
  maxFrames: 1_000_000,
  maxInputBytes: 4 * 1024 ** 3,
});

/** The environment variables of the limits; services spread these into their own schema. */
export const videoLimitsEnv = {
  MAX_VIDEO_DURATION_SECONDS: Type.Number({
    exclusiveMinimum: 0,
    default: DEFAULT_VIDEO_LIMITS.maxDurationSeconds,
    description: 'longest video or audio input a transcoder tool takes, in seconds',
  }),
  MAX_VIDEO_PIXELS: Type.Integer({
    minimum: 1,
    default: DEFAULT_VIDEO_LIMITS.maxPixels,
    description: 'most pixels in one frame of a video tool input (width × height; default 8192×4320)',
  }),
  MAX_VIDEO_FRAMES: Type.Integer({
    minimum: 1,
    default: DEFAULT_VIDEO_LIMITS.maxFrames,
    description: 'most frames in one video tool input (duration × frame rate)',
  }),
  MAX_VIDEO_INPUT_BYTES: Type.Integer({
    minimum: 1,
    default: DEFAULT_VIDEO_LIMITS.maxInputBytes,
    description: 'largest file a video tool takes, in bytes (default 4 GiB)',
  }),
} satisfies TProperties;

export const videoLimitsEnvSchema = Type.Object(videoLimitsEnv);
export type VideoLimitsEnv = Static<typeof videoLimitsEnvSchema>;

/** The limits from a loaded config (kit loadConfig of a schema that spreads videoLimitsEnv). */
export function videoLimitsFromEnv(env: VideoLimitsEnv): VideoLimits {
  return {
    maxDurationSeconds: env.MAX_VIDEO_DURATION_SECONDS,
    maxPixels: env.MAX_VIDEO_PIXELS,
    maxFrames: env.MAX_VIDEO_FRAMES,
    maxInputBytes: env.MAX_VIDEO_INPUT_BYTES,
  };
}

/** What the check needs to know of one input; a files-service File and a worker JobInput both fit. */
export interface VideoLimitsInput {
  /** The upload name, used in the sentence. */
  name: string;
  media: string;
  width?: number;
  height?: number;
  duration?: number;
  fps?: number;
  size?: number;
}

/**
 * One sentence per limit an input goes over, e.g. "clip.mov is 4 h 10 min long; the limit is 3 h.";
 * empty when every input is within the limits. Unknown values are not guessed at: a file whose
 * duration could not be read is not refused for its duration (the transcoder re-reads it).
 *
 * Videos are checked on every limit. Images going into a video tool (overlays, logos, slideshow
 * pictures) become frames, so the frame-size and file-size limits apply to them too; they have no
 * duration. Audio is held to the duration and file-size limits: decoding it costs far less than
 * video, so a length safe for a video is safe for a song. Other media (archives) are not checked.
 */
export function checkVideoLimits(inputs: readonly VideoLimitsInput[], limits: VideoLimits): string[] {
  const sentences: string[] = [];
  for (const input of inputs) {
    if (input.media !== 'video' && input.media !== 'image' && input.media !== 'audio') continue;
    const { name } = input;

    const duration = known(input.duration);
    if (input.media !== 'image' && duration !== undefined && duration > limits.maxDurationSeconds) {
      const [is, limit] = distinct(formatDuration, duration, limits.maxDurationSeconds);
      sentences.push(`${name} is ${is} long; the limit is ${limit}.`);
    }

    const pixels = pixelsSentence(input, limits.maxPixels, formatPixels);
    if (pixels) sentences.push(pixels);

    const fps = known(input.fps);
    if (input.media === 'video' && duration !== undefined && fps !== undefined) {
      const frames = Math.round(duration * fps);
      if (frames > limits.maxFrames) {
        sentences.push(
          `${name} has about ${count(frames)} frames (${formatDuration(duration)} at ${Math.round(fps * 100) / 100} fps); ` +
            `the limit is ${count(limits.maxFrames)} frames.`,
        );
      }
    }

    const bytes = bytesSentence(input, limits.maxInputBytes);
    if (bytes) sentences.push(bytes);
  }
  return sentences;
}

/** "45 s", "2.5 s", "1 min 30 s", "4 h 10 min"; `precise` keeps the seconds of long durations. */
export function formatDuration(seconds: number, precise = false): string {
  if (seconds < 60) return `${round(seconds, 2)} s`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = precise ? round(seconds % 60, 2) : Math.floor(seconds % 60);
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} h`);
  if (minutes > 0 || (hours > 0 && precise && rest > 0)) parts.push(`${minutes} min`);
  if ((hours === 0 || precise) && rest > 0) parts.push(`${rest} s`);
  return parts.join(' ');
}

/** "35.4 megapixels", or the exact count below a megapixel (or when asked to be precise). */
export function formatPixels(pixels: number, precise = false): string {
  return pixels >= 1_000_000 && !precise
    ? `${round(pixels / 1_000_000, 1)} megapixels`
    : `${count(pixels)} pixels`;
}
