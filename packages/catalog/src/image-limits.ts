/**
 * How big a job input of an image tool may be. The limits come from the environment (the same
 * variables for the jobs service, which refuses a job with 422 before queueing it, and for the
 * imager, which checks the file it actually got before any work) and are checked here, in one pure
 * function, so both say the same sentence. Mirrors video-limits.ts;
 * the sentences both say are in limit-sentences.ts.
 */
import { type Static, type TProperties, Type } from 'typebox';
import { bytesSentence, count, known, pixelsSentence } from './limit-sentences.ts';

export interface ImageLimits {
  /** Most pixels in one image (width × height; for animations and multi-page files, of one frame). */
  maxPixels: number;
  /** Most frames (animated GIF/WebP) or pages (TIFF) in one input. */
  maxFrames: number;
  /** Largest input file, in bytes. */
  maxInputBytes: number;
  /** Longest time one image may take to process, in seconds (the imager's time budget per input). */
  decodeTimeoutSeconds: number;
}

/**
 * 100 MP is above every camera sold to the public (the largest phone and full-frame sensors make
 * 50–61 MP; medium format 100 MP) yet a decoded 100 MP RGBA image is already 400 MB of memory: the
 * point of the limit is that a small file cannot claim a huge canvas (a decompression bomb). A
 * thousand frames is a long animated GIF (40 s at 25 fps); counting them means reading every
 * frame header, which is what the limit bounds. 200 MB is far above any photo (a 100 MP 16-bit TIFF
 * without compression is 600 MB, but that is not what people upload to a web tool). A minute per
 * image is about a hundred times what a normal photo takes on one libvips thread.
 */
export const DEFAULT_IMAGE_LIMITS: Readonly<ImageLimits> = Object.freeze({
  maxPixels: 100_000_000,
  maxFrames: 1000,
  maxInputBytes: 200 * 1024 ** 2,
  decodeTimeoutSeconds: 60,
});

/** The environment variables of the limits; services spread these into their own schema. */
export const imageLimitsEnv = {
  MAX_IMAGE_PIXELS: Type.Integer({
    minimum: 1,
    default: DEFAULT_IMAGE_LIMITS.maxPixels,
    description: 'most pixels in one image tool input (width × height; default 100 MP)',
  }),
  MAX_IMAGE_FRAMES: Type.Integer({
    minimum: 1,
    default: DEFAULT_IMAGE_LIMITS.maxFrames,
    description: 'most frames (animated GIF/WebP) or pages (TIFF) in one image tool input',
  }),
  MAX_IMAGE_INPUT_BYTES: Type.Integer({
    minimum: 1,
    default: DEFAULT_IMAGE_LIMITS.maxInputBytes,
    description: 'largest file an image tool takes, in bytes (default 200 MB)',
  }),
  // sharp's own timeout takes whole seconds up to an hour.
  IMAGE_DECODE_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: DEFAULT_IMAGE_LIMITS.decodeTimeoutSeconds,
    description: 'seconds one image may take in the imager; a job gets this much per input',
  }),
} satisfies TProperties;

export const imageLimitsEnvSchema = Type.Object(imageLimitsEnv);
export type ImageLimitsEnv = Static<typeof imageLimitsEnvSchema>;

/** The limits from a loaded config (kit loadConfig of a schema that spreads imageLimitsEnv). */
export function imageLimitsFromEnv(env: ImageLimitsEnv): ImageLimits {
  return {
    maxPixels: env.MAX_IMAGE_PIXELS,
    maxFrames: env.MAX_IMAGE_FRAMES,
    maxInputBytes: env.MAX_IMAGE_INPUT_BYTES,
    decodeTimeoutSeconds: env.IMAGE_DECODE_TIMEOUT_SECONDS,
  };
}

/** What the check needs to know of one input; a files-service File and a worker JobInput both fit. */
export interface ImageLimitsInput {
  /** The upload name, used in the sentence. */
  name: string;
  /** When given, only images are checked. */
  media?: string;
  /** Short format name ("gif", "tiff"...): TIFF speaks of pages rather than frames. */
  format?: string;
  width?: number;
  height?: number;
  /** Frames or pages; unknown for most records (the files service does not count them). */
  frames?: number;
  size?: number;
}

/**
 * One sentence per limit an input goes over, e.g. "poster.png is 20000×20000 (400 MP); the limit
 * is 100 MP."; empty when every input is within the limits. Unknown values are not guessed at: the
 * imager re-reads the file and checks what it finds. Inputs that are not images are not checked.
 */
export function checkImageLimits(inputs: readonly ImageLimitsInput[], limits: ImageLimits): string[] {
  const sentences: string[] = [];
  for (const input of inputs) {
    if (input.media !== undefined && input.media !== 'image') continue;
    const { name } = input;

    const pixels = pixelsSentence(input, limits.maxPixels, formatMegapixels);
    if (pixels) sentences.push(pixels);

    const frames = known(input.frames);
    if (frames !== undefined && frames > limits.maxFrames) {
      const unit = isPaged(input.format) ? 'pages' : 'frames';
      sentences.push(
        `${name} has ${count(frames)} ${unit}; the limit is ${count(limits.maxFrames)} ${unit}.`,
      );
    }

    const bytes = bytesSentence(input, limits.maxInputBytes);
    if (bytes) sentences.push(bytes);
  }
  return sentences;
}

/** "400 MP", "50 MP", "12.3 MP", or the exact count below a megapixel (or when asked to be precise). */
export function formatMegapixels(pixels: number, precise = false): string {
  if (precise || pixels < 1_000_000) return `${count(pixels)} pixels`;
  return `${Math.round(pixels / 100_000) / 10} MP`;
}

const isPaged = (format: string | undefined) => format === 'tiff' || format === 'tif';
