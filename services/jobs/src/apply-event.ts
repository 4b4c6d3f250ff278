import { type JobEvent, presentableMessage } from '@mediakit/kit';
import { cleanFile, isTerminal, type JobDoc } from './job.ts';

/** The fields a worker event may change. */
export type JobPatch = Partial<
  Pick<JobDoc, 'status' | 'progress' | 'outputs' | 'archive' | 'notes' | 'error' | 'startedAt' | 'finishedAt'>
>;

/** Said when a worker failed a job without saying why (it always should). */
const UNKNOWN_FAILURE = 'The job failed. Please try again.';

/** Said when a worker's message holds raw tool text (an address, a path): a slip upstream. */
const UNREADABLE_FAILURE =
  'The file could not be processed: it may be damaged or use a feature we do not support. Try exporting it again as MP4 (H.264) or PNG and upload that.';

/**
 * The error as stored and shown. A message with raw tool text never reaches the user: it moves to
 * the log (kept whole) and the user reads a general sentence instead.
 */
function storedError(error: JobEvent['error']): NonNullable<JobDoc['error']> {
  const raw = error?.message || UNKNOWN_FAILURE;
  const message = presentableMessage(raw, UNREADABLE_FAILURE);
  const log = [message === raw ? undefined : raw, error?.error_log].filter(Boolean).join('\n');
  return log ? { message, error_log: log } : { message };
}

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
    case 'succeeded': {
      const notes = (event.notes ?? []).filter((note) => presentableMessage(note, '') !== '');
      return {
        status: 'succeeded',
        progress: 100,
        outputs: (event.outputs ?? []).map(cleanFile),
        ...(event.archive ? { archive: cleanFile(event.archive) } : {}),
        ...(notes.length ? { notes } : {}),
        // A lost `started` event must not leave a finished job without a start time.
        ...(job.startedAt ? {} : { startedAt: event.at }),
        finishedAt: event.at,
      };
    }
    case 'failed':
      return { status: 'failed', error: storedError(event.error), finishedAt: event.at };
    case 'canceled':
      return { status: 'canceled', finishedAt: event.at };
    default:
      return null;
  }
}
