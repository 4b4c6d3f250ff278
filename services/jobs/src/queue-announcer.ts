import type { Logger, WorkerName } from '@mediakit/kit';
import type { jobsV1 } from '@mediakit/proto';
import { type JobDoc, toProto } from './job.ts';
import { isAheadInQueue, queuePosition } from './queue-position.ts';

/**
 * How many waiting jobs of a worker pool hear their new position when the queue moves. Beyond
 * that a job keeps the position it was last told until it moves up into this range: a queue that
 * long means minutes of waiting, and announcing every job on every start would cost O(n²).
 */
export const ANNOUNCED_QUEUE_LENGTH = 100;

/** Where a job that left the queue had been waiting (dispatched or held: queue-position.ts). */
export type QueueSpot = Pick<JobDoc, '_id' | 'ownerId' | 'worker' | 'queuedAt' | 'dispatchedAt'>;

/**
 * The updates for the jobs whose position changed: those that waited behind one of the jobs that
 * left (the others keep theirs). Each carries the job's state with its position, 1 for the next to
 * run. `queueHead` must hold every job ahead of each job in it (JobRepository.queueHead), so the
 * position counted here is the one GetJob gives.
 */
export function queueUpdates(queueHead: readonly JobDoc[], left: readonly QueueSpot[]): jobsV1.Job[] {
  const leftSlots = left.map((spot) => ({ ...spot, status: 'queued' as const }));
  return queueHead.flatMap((job) => {
    if (!leftSlots.some((slot) => isAheadInQueue(slot, job))) return [];
    const ahead = queueHead.filter((other) => isAheadInQueue(other, job)).length;
    return [toProto(job, queuePosition(job, ahead))];
  });
}

export interface QueueAnnouncerDeps {
  /**
   * The head of the pool's queue, at most `limit` jobs, including every job ahead of each job it
   * holds (JobRepository.queueHead).
   */
  readQueue(worker: WorkerName, limit: number): Promise<JobDoc[]>;
  /** Publishes one job's update for its event streams, in the job's trace (JobBus.announce). */
  announce(job: jobsV1.Job, traceparent: string | undefined): void;
  log: Logger;
}

interface Pass {
  /**
   * The jobs that left while this pass was reading or publishing: run once more after it, for the
   * jobs behind any of them. (Not just the frontmost: held jobs of two owners are not in line with
   * each other, so neither spot covers the other.)
   */
  next: QueueSpot[];
  done: Promise<void>;
}

/**
 * Tells the jobs waiting for a worker pool their new queue position whenever a job of that pool
 * leaves the queue (a worker started it, or it was canceled, failed or deleted while waiting).
 * A job's event stream otherwise only hears about its own state changes, and its position would
 * stay frozen at what it was when the stream opened.
 *
 * Passes of one pool never overlap: requests arriving while a pass runs fold into one more pass
 * that reads the queue afresh. So a burst of starts costs at most two reads, and an older reading
 * is never published after a newer one (the gateway would otherwise show a position going back up).
 */
export class QueueAnnouncer {
  private readonly deps: QueueAnnouncerDeps;
  private readonly passes = new Map<WorkerName, Pass>();

  constructor(deps: QueueAnnouncerDeps) {
    this.deps = deps;
  }

  /**
   * Announces the current positions of the jobs that waited behind `left` in its pool's queue;
   * resolves once a reading taken after this call has been published. Never rejects: positions
   * are a courtesy, a failure is only logged.
   */
  queueMoved(left: QueueSpot): Promise<void> {
    const worker = left.worker;
    const running = this.passes.get(worker);
    if (running) {
      running.next.push(left);
      return running.done;
    }
    const pass: Pass = { next: [left], done: Promise.resolve() };
    pass.done = (async () => {
      try {
        while (pass.next.length > 0) {
          const from = pass.next;
          pass.next = [];
          await this.publishPositions(worker, from);
        }
      } finally {
        this.passes.delete(worker);
      }
    })();
    this.passes.set(worker, pass);
    return pass.done;
  }

  private async publishPositions(worker: WorkerName, left: readonly QueueSpot[]): Promise<void> {
    try {
      const queued = await this.deps.readQueue(worker, ANNOUNCED_QUEUE_LENGTH);
      const traces = new Map(queued.map((job) => [job._id, job.traceparent]));
      for (const update of queueUpdates(queued, left)) this.deps.announce(update, traces.get(update.id));
    } catch (error) {
      this.deps.log.warn({ err: error, worker }, 'announcing queue positions failed');
    }
  }
}
