import type { Filter } from '@mediakit/kit';
import type { JobDoc } from './job.ts';

type QueueSlot = Pick<JobDoc, '_id' | 'worker' | 'status' | 'queuedAt'>;

/**
 * Whether `other` waits ahead of `job`: queued for the same worker pool, earlier. Workers take jobs
 * in dispatch order, so a retried job queues behind jobs created after it: the time that counts is
 * `queuedAt`, not `createdAt`. Jobs queued in the same millisecond are ordered by id, so two jobs
 * never share a position.
 */
export function isAheadInQueue(other: QueueSlot, job: QueueSlot): boolean {
  if (other.status !== 'queued' || other.worker !== job.worker || other._id === job._id) return false;
  return other.queuedAt < job.queuedAt || (other.queuedAt === job.queuedAt && other._id < job._id);
}

/** The same rule as isAheadInQueue, as a document-store filter, to count without loading jobs. */
export function aheadInQueueFilter(job: QueueSlot): Filter {
  return {
    status: 'queued',
    worker: job.worker,
    $or: [{ queuedAt: { $lt: job.queuedAt } }, { queuedAt: job.queuedAt, _id: { $lt: job._id } }],
  };
}

/** 1 for the next job to run; undefined once the job left the queue. */
export function queuePosition(job: QueueSlot, jobsAhead: number): number | undefined {
  return job.status === 'queued' ? jobsAhead + 1 : undefined;
}
