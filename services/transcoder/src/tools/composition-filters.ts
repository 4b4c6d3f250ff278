/**
 * Filter-graph pieces shared by the tools that combine inputs. Pure string builders: every size and
 * time is computed by the caller, so the graph a job runs is fully determined by its options.
 */
import { formatSeconds } from './encoding.ts';

/**
 * Letterbox: scale to fit inside W×H keeping the aspect ratio, centre on black, square pixels.
 * `setsar=1` matters for concat and stacking, which refuse (or distort) inputs whose SAR differs.
 */
export function fitFilter(width: number, height: number): string {
  return [
    `scale=${width}:${height}:force_original_aspect_ratio=decrease`,
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black`,
    'setsar=1',
  ].join(',');
}

/** Fill W×H completely: scale until both sides cover it, then crop the overflow around the centre. */
export function coverFilter(width: number, height: number): string {
  return [
    `scale=${width}:${height}:force_original_aspect_ratio=increase`,
    `crop=${width}:${height}`,
    'setsar=1',
  ].join(',');
}

/**
 * Opacity for an overlay: force an alpha plane (so a PNG's own transparency survives and there is
 * one to scale), then multiply it. At 100 % the multiplication is skipped: it would be a no-op.
 */
export function opacityFilters(opacityPercent: number): string[] {
  const alpha = Math.min(100, Math.max(0, opacityPercent)) / 100;
  return alpha >= 1 ? [] : [`colorchannelmixer=aa=${alpha}`];
}

// MediaInfo rounds rates to 3 decimals; the NTSC family is really N×1000/1001, and feeding ffmpeg
// 29.97 instead of 30000/1001 makes the fps filter drop or duplicate a frame every ~5 minutes.
const NTSC_RATES: readonly [number, string][] = [
  [23.976, '24000/1001'],
  [29.97, '30000/1001'],
  [47.952, '48000/1001'],
  [59.94, '60000/1001'],
  [119.88, '120000/1001'],
];

/** A frame rate as the fps filter should get it: exact rationals for NTSC rates, else the number. */
export function frameRateValue(fps: number): string {
  for (const [approx, exact] of NTSC_RATES) if (Math.abs(fps - approx) < 0.01) return exact;
  return formatSeconds(fps);
}

/** Highest rate the combining tools output: above it files grow with no gain on phones and the web. */
export const MAX_OUTPUT_FPS = 60;
/** Used when the input's rate could not be read. */
export const DEFAULT_OUTPUT_FPS = 30;

/** The input's rate, capped at 60 and defaulting to 30. */
export function outputFrameRate(inputFps: number | undefined): number {
  if (inputFps === undefined || !Number.isFinite(inputFps) || inputFps <= 0) return DEFAULT_OUTPUT_FPS;
  return Math.min(inputFps, MAX_OUTPUT_FPS);
}

/** Largest even number ≤ n (at least 2): yuv420p and libx264 need even frame sizes. */
export function evenFloor(n: number): number {
  return Math.max(2, Math.floor(n / 2) * 2);
}

/**
 * Escapes a value (a file path) for use as a filter option inside a filter graph. Two levels, as
 * ffmpeg's "Notes on filtergraph escaping" describe: first the option parser (`\`, `'`, `:`), then
 * the graph parser (`\`, `'`, `[`, `]`, `,`, `;`). A temp dir with a colon or quote in its name
 * would otherwise end the option early or split the graph.
 */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, '\\$&');
  return optionLevel.replace(/[\\'[\],;]/g, '\\$&');
}
