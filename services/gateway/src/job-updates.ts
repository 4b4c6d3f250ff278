import { inSpan, subjects, traceFromHeaders } from '@mediakit/kit';
import { jobsV1 } from '@mediakit/proto';
import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage, UpdateBus } from './deps.ts';

const FINAL = new Set(['succeeded', 'failed', 'canceled']);

/** A job in a state it never leaves: succeeded, failed or canceled. */
export const isFinal = (job: jobsV1.Job) => FINAL.has(job.status);

const RANK: Record<string, number> = { queued: 0, running: 1 };

/** An update older than what the client already has (it can arrive while the job is first read). */
export function isStale(last: jobsV1.Job | undefined, next: jobsV1.Job): boolean {
  if (!last) return false;
  const a = RANK[last.status] ?? 0;
  const b = RANK[next.status] ?? 0;
  return b < a || (b === a && next.progress < last.progress);
}

/** One job's new states as they happen, from the moment the job was read. */
export interface JobUpdates {
  /** The job as read once the subscription was in place. */
  readonly job: jobsV1.Job;
  /** Hands over every update from now on, first those that arrived while the job was being read. */
  listen(deliver: (job: jobsV1.Job) => void): void;
  /** Ends the subscription; nothing is delivered after it. */
  close(): void;
}

export interface FollowJobOptions {
  nats: UpdateBus;
  id: string;
  ownerId: string;
  /** Reads the job (and throws its error when it is not the owner's). */
  read: () => Promise<jobsV1.Job>;
  log: FastifyBaseLogger;
  /** Names the span of each update in the job's trace: `<spanPrefix> <status>`. */
  spanPrefix: string;
}

/**
 * Follows a job through `jobs.updates.<id>`, on which the jobs service announces every new state.
 * It subscribes before reading the job, so no update can fall between the read and the
 * subscription. Used by `GET /jobs/{id}/events` and `POST /jobs?wait`.
 */
export async function followJob({
  nats,
  id,
  ownerId,
  read,
  log,
  spanPrefix,
}: FollowJobOptions): Promise<JobUpdates> {
  let deliver: ((job: jobsV1.Job) => void) | undefined;
  let closed = false;
  const early: jobsV1.Job[] = [];
  // Each update is handled in a span of the job's trace, which the jobs service sends along in the
  // update's headers: what the gateway does with it shows at the end of the job's trace.
  const receive = (message: BusMessage, span: { updateName(name: string): unknown }) => {
    let job: jobsV1.Job;
    try {
      job = jobsV1.Job.decode(message.data);
    } catch (decodeError) {
      log.warn({ err: decodeError, jobId: id }, 'undecodable job update');
      return;
    }
    if (closed || job.ownerId !== ownerId) return;
    span.updateName(`${spanPrefix} ${job.status}`);
    if (deliver) deliver(job);
    else early.push(job);
  };
  const subscription = nats.subscribe(subjects.update(id), {
    callback: (error, message) => {
      if (!error)
        inSpan(
          `${spanPrefix} job update`,
          (span) => receive(message, span),
          traceFromHeaders(message.headers),
        );
    },
  });
  let job: jobsV1.Job;
  try {
    await nats.flush();
    job = await read();
  } catch (error) {
    subscription.unsubscribe();
    throw error;
  }
  return {
    job,
    listen(next) {
      for (const update of early.splice(0)) if (!closed) next(update);
      deliver = next;
    },
    close() {
      if (closed) return;
      closed = true;
      subscription.unsubscribe();
    },
  };
}
