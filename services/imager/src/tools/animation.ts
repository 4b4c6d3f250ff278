/**
 * Animated inputs through the editing tools: every frame goes through the same pixel steps as a still
 * (crop, mirror, rotation, resize...), then the frames are encoded as one animation with each frame's
 * delay and the loop count of the input.
 *
 * Frame by frame rather than sharp's own multi-page pipeline: libvips resizes an animation as a whole
 * (pageHeight), but refuses a quarter turn of one ("Rotate is not supported for multi-page images")
 * and crops the tall strip rather than each frame. One small pipeline per frame runs every step the
 * same way as for a still, which is what the tests of each step already check.
 *
 * Where the output cannot hold an animation (JPEG, PNG, TIFF, AVIF as written here), the tools keep
 * their one-frame path: the first frame.
 */
import { writeFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import type { RawAnimation, RgbaFrame } from '../decode/open-animation.ts';
import { fromRaw } from './editing-pixels.ts';
import type { OutputFormat } from './formats.ts';
import { sameFormatAs } from './formats.ts';
import { applySteps, type ImagePlan, type OutputStep, type PixelSteps } from './pipeline.ts';

export type { RawAnimation };

/** Above this many pixels in all frames together, GIF palettes are chosen at the fastest effort. */
export const FAST_GIF_PIXELS = 2_000_000;

/** The formats whose encoders in sharp write animations. */
export function holdsAnimation(format: OutputFormat): format is 'gif' | 'webp' {
  return format === 'gif' || format === 'webp';
}

/**
 * The format a "keeps the input's format" tool writes for an ANIMATED input: its own when that holds
 * an animation (GIF, WebP); WebP for an animated AVIF or HEIF, which sharp cannot write as sequences
 * (WebP is as widely shown and, like them, lossy with alpha).
 */
export function animatedFormatFor(inputFormat: string): 'gif' | 'webp' {
  const own = sameFormatAs(inputFormat);
  return holdsAnimation(own) ? own : 'webp';
}

/**
 * Every frame through `steps`, as RGBA; the delays and loop count stay as they were. `before` changes
 * a frame's pixels first (compress-image's fine knobs), `after` adds to its pipeline (an overlay).
 */
export async function mapFrames(
  animation: RawAnimation,
  steps: PixelSteps,
  signal?: AbortSignal,
  before: (frame: RgbaFrame) => RgbaFrame = (frame) => frame,
  after: (image: Sharp) => Sharp = (image) => image,
): Promise<RawAnimation> {
  // The frames are written into one strip, which encodeAnimation hands to sharp as it is: an
  // animation near the pixel limit is 400 MB of RGBA, and a second copy for the encoder would double it.
  let strip: Buffer | undefined;
  const frames: RgbaFrame[] = [];
  for (const [i, frame] of animation.frames.entries()) {
    signal?.throwIfAborted();
    const { data, info } = await after(applySteps(fromRaw(before(frame)), steps))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    strip ??= Buffer.allocUnsafe(data.length * animation.frames.length);
    // Every frame gets the same steps, so the same size; anything else is a bug, not an input problem.
    if (data.length * animation.frames.length !== strip.length)
      throw new Error('Frames came out in different sizes');
    data.copy(strip, i * data.length);
    frames.push({
      data: strip.subarray(i * data.length, (i + 1) * data.length),
      width: info.width,
      height: info.height,
      channels: 4,
    });
  }
  return { ...animation, frames };
}

/** The frames as one strip, without a copy when they already lie end to end in one buffer. */
function stripOf(frames: readonly RgbaFrame[]): Buffer {
  const [first] = frames;
  const whole = Buffer.from(first.data.buffer, first.data.byteOffset, first.data.length * frames.length);
  const contiguous =
    first.data.byteOffset + whole.length <= first.data.buffer.byteLength &&
    frames.every(
      (frame, i) =>
        frame.data.buffer === first.data.buffer &&
        frame.data.byteOffset === first.data.byteOffset + i * first.data.length,
    );
  return contiguous ? whole : Buffer.concat(frames.map((frame) => frame.data));
}

/** The frames encoded as one animated GIF or WebP with `output`'s options, delays and loop count. */
export async function encodeAnimation(animation: RawAnimation, output: OutputStep): Promise<Buffer> {
  const { frames, delay, loop } = animation;
  const [first] = frames;
  if (!first) throw new Error('An animation needs at least one frame');
  const strip = stripOf(frames);
  const image = sharp(strip, {
    raw: { width: first.width, height: first.height * frames.length, channels: 4, pageHeight: first.height },
    limitInputPixels: false,
  });
  switch (output.format) {
    case 'gif': {
      // libimagequant picks each frame's palette; effort 1 is several times faster than its default
      // for a few percent more bytes, so large animations get it (docs/benchmarks.md).
      const fast = strip.length / 4 > FAST_GIF_PIXELS ? { effort: 1 } : {};
      return image.gif({ ...fast, ...output.options, delay, loop }).toBuffer();
    }
    case 'webp':
      return image.webp({ ...output.options, delay, loop }).toBuffer();
    default:
      throw new Error(`${output.format} cannot hold an animation`);
  }
}

/** What `eachImage` and the other loops write for an animated input: the plan on every frame. */
export async function writeAnimation(
  animation: RawAnimation,
  plan: Pick<ImagePlan, 'output'> & PixelSteps,
  path: string,
  signal?: AbortSignal,
): Promise<{ width: number; height: number; size: number }> {
  const edited = await mapFrames(animation, plan, signal);
  const data = await encodeAnimation(edited, plan.output);
  await writeFile(path, data);
  const [first] = edited.frames;
  return { width: first?.width ?? 0, height: first?.height ?? 0, size: data.length };
}
