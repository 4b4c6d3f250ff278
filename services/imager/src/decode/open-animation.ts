/**
 * Every frame of an animated input, for the tools that keep the animation (animation.ts). openImage
 * reads the first frame only; this reads them all, or says "not animated" (undefined) so the caller
 * takes the one-frame path.
 *
 * - Animated GIF and WebP: sharp itself (`animated: true`), with the frame delays and loop count
 *   from the header.
 * - AVIF and HEIF image sequences (brands avis, msf1, hevs) and animated PNG: libvips reads only
 *   their still image, so ffmpeg decodes the frames (image-sequence.ts).
 *
 * The pixel bound holds for all frames together: width × height × frames, checked on the header
 * before any pixel is decoded, with its own sentence (a 40-frame GIF of 3000×2000 decodes to 240
 * megapixels, 960 MB of RGBA, even though each frame is under the per-image limit).
 */
import { readHeifSequence, sniff } from '@mediakit/media';
import { JobFailure, type JobInput } from '@mediakit/worker';
import sharp from 'sharp';
import { boundDecodeTime } from '../guard.ts';
import { readApngHeader } from './apng.ts';
import { decodeImageSequence } from './image-sequence.ts';
import { DEFAULT_LIMIT_INPUT_PIXELS } from './open-image.ts';
import { DEFAULT_FRAME_DELAY_MS, type RawAnimation, splitStrip } from './raw-animation.ts';
import { UnreadableInput } from './raw-image.ts';

export type { RawAnimation, RgbaFrame } from './raw-animation.ts';

export interface AnimationHeader {
  width: number;
  height: number;
  frames: number;
}

export interface OpenAnimationOptions {
  limitInputPixels?: number;
  signal?: AbortSignal;
}

/**
 * The frames of `input`, or undefined when it has one frame (or is not a format that animates).
 * All frames together over the pixel limit: a JobFailure naming the file, like openImage's.
 */
export async function openAnimation(
  input: Pick<JobInput, 'path' | 'name'>,
  options: OpenAnimationOptions = {},
): Promise<RawAnimation | undefined> {
  try {
    return await readAnimation(input.path, options);
  } catch (error) {
    if (error instanceof UnreadableInput) {
      throw new JobFailure(`${input.name} could not be read: ${error.message}`, { log: error.message });
    }
    throw error;
  }
}

async function readAnimation(path: string, options: OpenAnimationOptions): Promise<RawAnimation | undefined> {
  const limitInputPixels = options.limitInputPixels ?? DEFAULT_LIMIT_INPUT_PIXELS;
  const format = (await sniff(path))?.format;
  if (format === 'gif' || format === 'webp') {
    const meta = await sharp(path, { animated: true, limitInputPixels: false }).metadata();
    const pageHeight = meta.pageHeight;
    if ((meta.pages ?? 1) < 2 || !pageHeight) return undefined;
    checkAnimationPixels(
      { width: meta.width, height: pageHeight, frames: meta.pages ?? 1 },
      limitInputPixels,
    );
    const decode = sharp(path, { animated: true, limitInputPixels, failOn: 'error' }).ensureAlpha().raw();
    const bounded = options.signal ? boundDecodeTime(decode, options.signal) : decode;
    const { data, info } = await bounded.toBuffer({ resolveWithObject: true });
    // Frames as decoded (a truncated GIF gives those it holds), not as the header counted them.
    const pages = Math.floor(info.height / pageHeight);
    const frames = splitStrip(
      data.subarray(0, info.width * pageHeight * pages * 4),
      info.width,
      pageHeight,
      pages,
    );
    return { frames, delay: frameDelays(meta.delay, pages), loop: meta.loop ?? 0 };
  }
  if (format === 'png') {
    const apng = await readApngHeader(path);
    if (!apng || apng.frames < 2) return undefined;
    checkAnimationPixels(apng, limitInputPixels);
    return decodeImageSequence(path, apng, { demuxer: 'apng', loop: apng.loop, signal: options.signal });
  }
  if (format === 'avif' || format === 'heic') {
    const track = await readHeifSequence(path);
    if (!track || track.frames < 2) return undefined;
    checkAnimationPixels(track, limitInputPixels);
    return decodeImageSequence(path, track, { signal: options.signal });
  }
  return undefined;
}

/**
 * How many frames `input` has, from its header only (1 for a still or a format that does not
 * animate): what a one-frame output says it left out.
 */
export async function frameCount(input: Pick<JobInput, 'path'>): Promise<number> {
  const format = (await sniff(input.path))?.format;
  if (format === 'gif' || format === 'webp') {
    const meta = await sharp(input.path, { animated: true, limitInputPixels: false }).metadata();
    return meta.pages ?? 1;
  }
  if (format === 'png') return (await readApngHeader(input.path))?.frames ?? 1;
  if (format === 'avif' || format === 'heic') return (await readHeifSequence(input.path))?.frames ?? 1;
  return 1;
}

/** Refuses an animation whose frames together have more pixels than one image may. */
export function checkAnimationPixels(header: AnimationHeader, limitInputPixels: number): void {
  const total = header.width * header.height * header.frames;
  if (total <= limitInputPixels) return;
  throw new UnreadableInput(
    `its ${header.frames} frames of ${header.width}×${header.height} make ${megapixels(total)} megapixels together, ` +
      `more than the ${megapixels(limitInputPixels)} an animation may have; make it smaller or shorter first`,
  );
}

function megapixels(pixels: number): string {
  const mp = pixels / 1_000_000;
  return Number.isInteger(mp) ? String(mp) : mp.toFixed(1);
}

/** One delay per frame, as the file gives them (0 included: players decide what it means). */
export function frameDelays(delay: readonly number[] | undefined, frames: number): number[] {
  return Array.from({ length: frames }, (_, i) => {
    const ms = delay?.[i];
    return ms !== undefined && ms >= 0 ? ms : DEFAULT_FRAME_DELAY_MS;
  });
}
