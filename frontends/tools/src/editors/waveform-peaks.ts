/**
 * The waveform of a decoded sound as one peak pair (lowest, highest sample) per pixel column. Pure
 * and in slices (`fillPeaks` over a range of columns), so the page can compute a 10-minute file a
 * few hundred columns at a time between frames instead of freezing for the whole loop.
 */

export interface Peaks {
  /** The lowest sample of each column, in [-1, 0]. */
  min: Float32Array;
  /** The highest sample of each column, in [0, 1]. */
  max: Float32Array;
}

export function emptyPeaks(columns: number): Peaks {
  const n = Math.max(0, Math.floor(columns));
  return { min: new Float32Array(n), max: new Float32Array(n) };
}

/** The samples `[first, last)` column `column` of `columns` covers in `length` samples. */
export function columnSamples(column: number, columns: number, length: number): [number, number] {
  const first = Math.floor((column * length) / columns);
  const last = Math.max(first + 1, Math.floor(((column + 1) * length) / columns));
  return [Math.min(first, length), Math.min(last, length)];
}

/**
 * Fills columns `[from, to)` of `peaks` from the channels (all the same length): each column's
 * lowest and highest sample over every channel, so a sound on one side only still shows. Samples
 * beyond ±1 (a decoder may overshoot) are clipped to the drawing's range.
 */
export function fillPeaks(channels: readonly Float32Array[], peaks: Peaks, from: number, to: number): void {
  const columns = peaks.max.length;
  const length = channels[0]?.length ?? 0;
  for (let column = Math.max(0, from); column < Math.min(to, columns); column++) {
    const [first, last] = columnSamples(column, columns, length);
    let low = 0;
    let high = 0;
    for (const samples of channels) {
      for (let i = first; i < last; i++) {
        const s = samples[i];
        if (s < low) low = s;
        else if (s > high) high = s;
      }
    }
    peaks.min[column] = Math.max(-1, low);
    peaks.max[column] = Math.min(1, high);
  }
}

/** All columns at once (tests, short sounds). */
export function computePeaks(channels: readonly Float32Array[], columns: number): Peaks {
  const peaks = emptyPeaks(columns);
  fillPeaks(channels, peaks, 0, peaks.max.length);
  return peaks;
}

/** Columns per slice so one slice reads about `budget` samples (a few milliseconds of work). */
export function columnsPerSlice(samplesPerColumn: number, channels: number, budget = 400_000): number {
  return Math.max(1, Math.floor(budget / Math.max(1, samplesPerColumn * channels)));
}

/** The bar of a column on a canvas `height` pixels high: its top and its height (at least 1 px). */
export function barOf(peaks: Peaks, column: number, height: number): { y: number; h: number } {
  const middle = height / 2;
  const top = middle - peaks.max[column] * middle;
  const bottom = middle - peaks.min[column] * middle;
  return { y: top, h: Math.max(1, bottom - top) };
}
