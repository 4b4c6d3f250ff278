import type { JobInput } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';

/**
 * Longest output a single-clip edit may produce. Loop (up to 50×) and slow motion (down to 0.25×)
 * multiply the input's length; a 2-core worker encodes 1080p at about real time, so four hours of
 * output already holds a worker for hours. Longer results are refused up front, not timed out late.
 */
export const MAX_OUTPUT_SECONDS = 4 * 60 * 60;

/** "95 s", "12 min", "4 h": lengths as a user reads them in a message. */
export function describeSeconds(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds * 10) / 10} s`;
  if (seconds < 2 * 3600) return `${Math.round(seconds / 6) / 10} min`;
  return `${Math.round(seconds / 360) / 10} h`;
}

/** The input's duration, for tools that cannot work without it (a target size, a memory budget). */
export function requireDuration(input: Pick<JobInput, 'duration' | 'name'>, why: string): number {
  const duration = input.duration;
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) {
    throw new JobFailure(`Could not read the duration of ${input.name}, which is needed ${why}`);
  }
  return duration;
}
