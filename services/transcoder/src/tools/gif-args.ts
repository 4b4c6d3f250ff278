import { formatSeconds } from './encoding.ts';
import type { StreamChoice } from './input-streams.ts';
import { sourceSdrFilters } from './source-colour.ts';

/**
 * The ffmpeg arguments of video-to-gif, and how a size budget picks the next width and frame rate.
 * Pure: the handler (video-to-gif.ts) runs them and measures the files.
 */

export type GifDither = 'sierra2_4a' | 'bayer' | 'floyd_steinberg' | 'none';

export interface GifArgsOptions extends Pick<StreamChoice, 'videoStream'> {
  input: string;
  output: string;
  start: number;
  /** Seconds of video made into the GIF, from `start`. */
  seconds: number;
  fps: number;
  /** Output width in px (the handler never asks for more than the source's); the height follows. */
  width: number;
  /** 0: forever; n: played n times. */
  loop: number;
  dither: GifDither;
}

/**
 * GIF's loop count (NETSCAPE2.0) counts repeats after the first play, and ffmpeg's gif muxer takes
 * it as is (`-loop 0` forever, `-1` no loop extension: play once). Our `loop` counts plays.
 */
export function gifMuxerLoop(plays: number): number {
  if (plays === 0) return 0;
  return plays === 1 ? -1 : plays - 1;
}

/**
 * One decode, one filter graph: the frames go through the source's colour filters (HDR is
 * tone-mapped to SDR, as for the MP4 tools), `fps` and a lanczos `scale`, then `split` feeds both
 * `palettegen` (the 256 colours made for this clip, not a generic palette) and `paletteuse`.
 * stats_mode=full: the palette counts every pixel of every frame, so a static background, most of
 * what a viewer looks at in a screen recording, gets its own colours instead of banding (diff would
 * spend them on what moves). paletteuse's diff_mode=rectangle re-dithers only the changed rectangle
 * of each frame: static areas keep the same pixels, so they do not shimmer and compress better.
 * `-ss` before `-i` seeks cheaply and `-t` stops decoding at the end of the part.
 */
export function buildGifArgs(o: GifArgsOptions): string[] {
  const graph = [
    [...sourceSdrFilters(o.input), `fps=${o.fps}`, `scale=${o.width}:-1:flags=lanczos`, 'split[a][b]'].join(
      ',',
    ),
    '[a]palettegen=stats_mode=full[p]',
    `[b][p]paletteuse=dither=${o.dither}:diff_mode=rectangle`,
  ].join(';');
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-ss', formatSeconds(o.start),
    '-t', formatSeconds(o.seconds),
    '-i', o.input,
    '-map', `0:${o.videoStream ?? 'v:0'}`,
    '-an', '-sn', '-dn',
    '-vf', graph,
    '-loop', String(gifMuxerLoop(o.loop)),
    '-f', 'gif',
    o.output,
  ];
}

/** A width and frame rate to try. */
export interface GifSize {
  width: number;
  fps: number;
}

/** The budget never goes below these: narrower or choppier GIFs are not worth making. */
export const GIF_FLOOR: Readonly<GifSize> = Object.freeze({ width: 120, fps: 5 });
/** Encodes made for one size budget, the first included. */
export const MAX_GIF_ATTEMPTS = 5;
/** A retry aims this far under the budget: GIF sizes do not scale exactly with pixels and frames. */
const AIM = 0.9;

/**
 * The next width and frame rate after a GIF of `bytes` missed `targetBytes`, or undefined when
 * nothing is left to lower. A GIF's size grows about with width² × frame rate (pixels per frame ×
 * frames), so the needed shrink factor is shared out as its cube root to each of the three; each
 * step shrinks by at least 10 %, never below GIF_FLOOR (nor raises what the source already had
 * lower). `last`: the final try goes straight to the floor, so a failure means the floor did not fit.
 */
export function nextGifSize(
  current: GifSize,
  bytes: number,
  targetBytes: number,
  last = false,
): GifSize | undefined {
  const step = last ? 0 : Math.cbrt(Math.min(0.9 ** 3, (AIM * targetBytes) / bytes));
  const lower = (value: number, floor: number) => Math.min(value, Math.max(floor, Math.floor(value * step)));
  const next = { width: lower(current.width, GIF_FLOOR.width), fps: lower(current.fps, GIF_FLOOR.fps) };
  return next.width === current.width && next.fps === current.fps ? undefined : next;
}

/**
 * The share of the progress bar of each encode when a size budget may need several: the first
 * gets 0..50 %, each retry half of what is left. The bar never goes back, and the last steps stay
 * short because they are rare.
 */
export function attemptProgress(attempt: number, percent: number): number {
  const from = 100 - 100 / 2 ** attempt;
  const to = 100 - 100 / 2 ** (attempt + 1);
  return from + ((to - from) * Math.min(100, Math.max(0, percent))) / 100;
}
