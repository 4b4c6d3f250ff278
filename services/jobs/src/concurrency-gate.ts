import type { JobDoc } from './job.ts';

/**
 * Per-owner concurrency (docs/api.md: jobs beyond concurrentJobs are accepted and wait in the
 * queue, fairly across owners).
 *
 * The rule: a job is published on JetStream only while its owner has fewer than `limit` jobs that
 * were published and have not finished (queued in the stream or running). Any other job of the
 * owner is stored as queued but held back: no stream message. Whenever one of the owner's jobs
 * finishes (succeeded, failed, canceled or deleted), the owner's oldest held jobs are released
 * into the free slots, oldest first.
 *
 * Fairness: the stream is one FIFO per worker pool, shared by everyone. Because each owner has at
 * most `limit` messages in it at any time, an owner's batch of 50 jobs holds at most `limit` places
 * ahead of anyone else: another owner's job waits behind those, never behind the whole batch.
 *
 * Crash safety: the decision is derived from the documents alone. A queued job with `dispatchedAt`
 * holds a slot, one without it is held; the limit is recorded on each job. The service releases
 * on every finish, and again at start and every RELEASE_INTERVAL_SECONDS from the documents
 * (JobsService.releaseHeldJobs). A job is claimed (`dispatchedAt` set conditionally) before it is
 * published, so no two releases publish it; a claim whose publish was interrupted is published
 * again under the same Nats-Msg-Id `<jobId>:<attempt>`, which JetStream deduplicates.
 *
 * One jobs-service process decides an owner's releases one at a time (KeyedLock). Several
 * replicas could each fill the same free slot at once and briefly run one job over the limit;
 * each job is still published once.
 *
 * The owner's limit is the one recorded on their newest held job: the gateway passes the caller's
 * plan with every CreateJob, so that is the latest word on it, and an upgrade takes effect with
 * the next job created (a retry keeps the limit its job was created with).
 */

/** What the gate needs of a held job. */
export type HeldJob = Pick<JobDoc, '_id' | 'concurrencyLimit'>;

/** The limit that applies to an owner whose held jobs are these, oldest first; 0 means none. */
export function ownerLimit(heldOldestFirst: readonly HeldJob[]): number {
  const limit = heldOldestFirst.at(-1)?.concurrencyLimit ?? 0;
  return Number.isInteger(limit) && limit > 0 ? limit : 0;
}

export interface GateInput<T> {
  /** The owner's jobs that were published and have not finished (queued in the stream or running). */
  active: number;
  /** The owner's concurrentJobs; 0 means no limit. */
  limit: number;
  /** The owner's held jobs, oldest first. */
  held: readonly T[];
}

/** The held jobs to publish now: the oldest ones, as many as the owner has free slots. */
export function jobsToRelease<T>({ active, limit, held }: GateInput<T>): T[] {
  if (limit <= 0) return [...held];
  return held.slice(0, Math.max(0, limit - active));
}
