/** One `-progress` report: the key=value lines ffmpeg prints up to and including `progress=...`. */
export type ProgressBlock = Record<string, string>;

/**
 * Splits the `-progress pipe:1` stream into blocks. Chunks from the pipe can cut a line anywhere,
 * so the unfinished last line is kept until the next chunk.
 */
export class ProgressParser {
  #pending = '';
  #block: ProgressBlock = {};

  /** Feed stdout text; returns the blocks completed by it (usually zero or one). */
  push(chunk: string): ProgressBlock[] {
    const lines = (this.#pending + chunk).split('\n');
    this.#pending = lines.pop() ?? '';
    const done: ProgressBlock[] = [];
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq <= 0) continue;
      const key = line.slice(0, eq).trim();
      this.#block[key] = line.slice(eq + 1).trim();
      // `progress=continue|end` is always the last key of a block.
      if (key === 'progress') {
        done.push(this.#block);
        this.#block = {};
      }
    }
    return done;
  }
}

/**
 * Output position in seconds, or undefined while ffmpeg reports N/A (before the first frame).
 * `out_time_ms` is in microseconds despite its name (a historical ffmpeg bug kept for
 * compatibility), so both it and `out_time_us` are divided by 1e6.
 */
export function progressSeconds(block: ProgressBlock): number | undefined {
  for (const key of ['out_time_us', 'out_time_ms']) {
    const value = block[key];
    if (value !== undefined && /^-?\d+$/.test(value)) return Number(value) / 1e6;
  }
  const clock = block.out_time?.match(/^(-)?(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/);
  if (clock) {
    const seconds = Number(clock[2]) * 3600 + Number(clock[3]) * 60 + Number(clock[4]);
    return clock[1] ? -seconds : seconds;
  }
  return undefined;
}

/** Highest percentage reported before ffmpeg has exited successfully: 100 means "done". */
export const MAX_RUNNING_PERCENT = 99.9;

/** Percent of `durationSeconds` reached, clamped to 0..99.9, or undefined if unknown. */
export function progressPercent(
  block: ProgressBlock,
  durationSeconds: number | undefined,
): number | undefined {
  if (durationSeconds === undefined || !(durationSeconds > 0)) return undefined;
  const seconds = progressSeconds(block);
  if (seconds === undefined) return undefined;
  const percent = (seconds / durationSeconds) * 100;
  return Math.min(MAX_RUNNING_PERCENT, Math.max(0, percent));
}

/**
 * Turns blocks into a monotonic percentage: ffmpeg's out_time can step back a little
 * (B-frame reordering, several outputs), and a progress bar must never do that.
 */
export class ProgressTracker {
  readonly durationSeconds: number | undefined;
  #last = -1;

  constructor(durationSeconds: number | undefined) {
    this.durationSeconds = durationSeconds;
  }

  /** Returns the new percent when it moved forward, otherwise undefined. */
  update(block: ProgressBlock): number | undefined {
    const percent = progressPercent(block, this.durationSeconds);
    if (percent === undefined || percent <= this.#last) return undefined;
    this.#last = percent;
    return percent;
  }
}
