import type { JobEvent } from '@mediakit/kit';
import { cleanFile, isTerminal, type JobDoc } from './job.ts';

/** The fields a worker event may change. */
export type JobPatch = Partial<
  Pick<JobDoc, 'status' | 'progress' | 'outputs' | 'archive' | 'error' | 'startedAt' | 'finishedAt'>
>;

/** Said when a worker failed a job without saying why (it always should). */
const UNKNOWN_FAILURE = 'The job failed. Please try again.';

/**
 * How one worker event changes a job, or null when it must not change it. Pure, so the rules are
 * tested on their own; the caller writes the patch conditionally (same status and attempt) so a
 * concurrent cancel or retry is never overwritten.
 *
 * Events can arrive late, twice (redelivery) or from an attempt that was since retried, hence:
 * - an event of another attempt is stale;
 * - a terminal state is final (a retry starts a new attempt instead);
 * - progress only grows, and only while running.
 */
export function applyEvent(job: JobDoc, event: JobEvent): JobPatch | null {
  if (event.attempt !== job.attempt) return null;
  if (isTerminal(job.status)) return null;
  switch (event.kind) {
    case 'started':
      // A redelivered job starts again under the same attempt: it is already running, keep its progress.
      return job.status === 'queued' ? { status: 'running', startedAt: event.at } : null;
    case 'progress': {
      if (job.status !== 'running' || typeof event.progress !== 'number' || !Number.isFinite(event.progress))
        return null;
      const progress = Math.min(100, Math.max(0, event.progress));
      return progress > job.progress ? { progress } : null;
    }
    case 'succeeded':
      return {
        status: 'succeeded',
        progress: 100,
        outputs: (event.outputs ?? []).map(cleanFile),
        ...(event.archive ? { archive: cleanFile(event.archive) } : {}),
        // A lost `started` event must not leave a finished job without a start time.
        ...(job.startedAt ? {} : { startedAt: event.at }),
        finishedAt: event.at,
      };
    case 'failed': {
      const error = event.error?.error_log
        ? { message: event.error.message || UNKNOWN_FAILURE, error_log: event.error.error_log }
        : { message: event.error?.message || UNKNOWN_FAILURE };
      return { status: 'failed', error, finishedAt: event.at };
    }
    case 'canceled':
      return { status: 'canceled', finishedAt: event.at };
    default:
      return null;
  }
}
