import type { ProbeStream } from './probe-types.ts';

/**
 * Parses ffprobe's rational rates ("30000/1001", "25/1", "0/0") or a plain number.
 * Returns undefined for 0/0 and other non-rates (ffprobe prints 0/0 for audio streams).
 */
export function parseFrameRate(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const [num, den = '1'] = value.split('/');
  const n = Number(num);
  const d = Number(den);
  if (!Number.isFinite(n) || !Number.isFinite(d) || n <= 0 || d <= 0) return undefined;
  return n / d;
}

// Above this a "rate" is a timebase rather than a frame rate (e.g. r_frame_rate "90000/1" on VFR MPEG-TS).
const MAX_PLAUSIBLE_FPS = 1000;
/**
 * r_frame_rate is the lowest rate at which every timestamp falls on a frame: for a capture with
 * jittery millisecond timestamps (Windows ASF, which has no average) it is a multiple of the real
 * rate, 80 or 120 for a 15 or 30 fps webcam. Above this it is taken as unknown rather than believed.
 */
const MAX_GUESSED_FPS = 60;

/**
 * The stream's frame rate, rounded to 3 decimals (29.97 for NTSC). avg_frame_rate is preferred:
 * r_frame_rate is the timebase-derived "lowest common" rate, which for variable-frame-rate phone
 * footage is often a meaningless large number; it is the fallback when the average is missing,
 * and only up to a common camera rate.
 */
export function streamFps(stream: Pick<ProbeStream, 'avg_frame_rate' | 'r_frame_rate'>): number | undefined {
  const candidates = [
    { rate: stream.avg_frame_rate, max: MAX_PLAUSIBLE_FPS },
    { rate: stream.r_frame_rate, max: MAX_GUESSED_FPS },
  ];
  for (const { rate, max } of candidates) {
    const fps = parseFrameRate(rate);
    if (fps !== undefined && fps <= max) return Math.round(fps * 1000) / 1000;
  }
  return undefined;
}
