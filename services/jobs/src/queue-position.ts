import type { Filter } from '@mediakit/kit';
import type { JobDoc } from './job.ts';

type QueueSlot = Pick<JobDoc, '_id' | 'ownerId' | 'worker' | 'status' | 'queuedAt' | 'dispatchedAt'>;

/**
 * Whether `other` waits ahead of `job` in their worker pool's queue. A queued job is either
 * dispatched (its message is in the pool's JetStream queue) or held back by its owner's
 * concurrency limit (concurrency-gate.ts), and the line is:
 *
 * 1. dispatched jobs, in stream order (`queuedAt`: a retried job queues behind jobs created after
 *    it, a released job behind everything already in the stream);
 * 2. then a held job, behind every dispatched job (it enters the stream after them) and behind its
 *    owner's older held jobs (released before it). Other owners' held jobs are not ahead of it: they
 *    wait for their own owner's slots.
 *
 * So a dispatched job's position is exact and only ever goes down. A held job's position is the
 * truth when read, but it can go up: jobs other owners create meanwhile enter the stream ahead of
 * it. That is the fairness rule at work, and it is what the job will really wait for. When a held
 * job is released its position stays the same (it joins the end of the stream).
 *
 * Jobs queued in the same millisecond are ordered by id, so two jobs never share a position.
 */
export function isAheadInQueue(other: QueueSlot, job: QueueSlot): boolean {
  if (other.status !== 'queued' || other.worker !== job.worker || other._id === job._id) return false;
  const otherInStream = other.dispatchedAt !== undefined;
  const jobInStream = job.dispatchedAt !== undefined;
  if (otherInStream !== jobInStream) return otherInStream;
  if (!otherInStream && other.ownerId !== job.ownerId) return false;
  return other.queuedAt < job.queuedAt || (other.queuedAt === job.queuedAt && other._id < job._id);
}

/** The same rule as isAheadInQueue, as a document-store filter, to count without loading jobs. */
export function aheadInQueueFilter(job: QueueSlot): Filter {
  const earlier: Filter = {
    $or: [{ queuedAt: { $lt: job.queuedAt } }, { queuedAt: job.queuedAt, _id: { $lt: job._id } }],
  };
  if (job.dispatchedAt !== undefined) {
    return { status: 'queued', worker: job.worker, dispatchedAt: { $exists: true }, ...earlier };
  }
  return {
    status: 'queued',
    worker: job.worker,
    $or: [
      { dispatchedAt: { $exists: true } },
      { $and: [{ ownerId: job.ownerId, dispatchedAt: { $exists: false } }, earlier] },
    ],
  };
}

/** 1 for the next job to run; undefined once the job left the queue. */
export function queuePosition(job: Pick<QueueSlot, 'status'>, jobsAhead: number): number | undefined {
  return job.status === 'queued' ? jobsAhead + 1 : undefined;
}
