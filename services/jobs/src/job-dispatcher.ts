import { ApiError, inTraceOf, KeyedLock, type Logger } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import { jobsToRelease, ownerLimit } from './concurrency-gate.ts';
import type { FilesClient } from './files-client.ts';
import { type JobDoc, toProto } from './job.ts';
import type { JobBus } from './job-bus.ts';
import type { JobRepository } from './job-repository.ts';
import type { QueueAnnouncer } from './queue-announcer.ts';

const NOT_QUEUED_MESSAGE = 'The job could not be queued right now. Please try again in a moment.';
const INPUT_GONE_MESSAGE =
  'An input file of this job was deleted before the job could start. Upload it again and start a new job.';

/** Held jobs read per release decision when an owner has no limit, and owners scanned per pass. */
const RELEASE_BATCH = 100;
/** Release decisions for one owner in a row; the periodic pass picks up whatever is left. */
const RELEASE_ROUNDS = 10;
/**
 * A claimed dispatch whose stream sequence is still unrecorded after this long was interrupted
 * (the service stopped between the claim and JetStream's answer) and is published again. Well
 * inside JetStream's duplicate window (2 minutes), so if the first publish did land, the message
 * id `<jobId>:<attempt>` makes the second one a no-op.
 */
const UNCONFIRMED_DISPATCH_MS = 30_000;

/** A job the caller is queueing right now, with the input files it already read. */
export interface OwnJob {
  jobId: string;
  inputs: readonly filesV1.File[];
}

/** What releasing one held job came to. */
type ReleaseOutcome = 'dispatched' | 'skipped' | 'failed' | 'stopped';

export interface JobDispatcherDeps {
  repository: JobRepository;
  bus: JobBus;
  files: FilesClient;
  log: Logger;
  now: () => Date;
  queue: QueueAnnouncer;
}

/**
 * The way from a stored job to JetStream, through the per-owner concurrency gate
 * (concurrency-gate.ts): a job beyond its owner's limit stays queued but held, and is released
 * when one of the owner's jobs finishes, or by the periodic pass. Also the way back out: stopping
 * a job's work takes its message off the queue. JobsService decides when; this publishes.
 */
export class JobDispatcher {
  private readonly deps: JobDispatcherDeps;
  /** Release decisions of one owner run one at a time (concurrency-gate.ts). */
  private readonly owners = new KeyedLock();

  constructor(deps: JobDispatcherDeps) {
    this.deps = deps;
  }

  /**
   * The gate's safety net, run at start and periodically (jobs main.ts): everything it
   * decides is derived from the documents, so a restart loses nothing. Publishes again the
   * dispatches a stop interrupted, then releases held jobs of every owner below their limit (a
   * finish whose release was lost to a crash or an error, a limit raised by an upgrade).
   */
  async releaseHeldJobs(): Promise<void> {
    const before = new Date(this.deps.now().getTime() - UNCONFIRMED_DISPATCH_MS).toISOString();
    for (const job of await this.deps.repository.findUnconfirmedDispatches(before, RELEASE_BATCH)) {
      await this.owners.run(job.ownerId, () => this.republish(job));
    }
    for (const ownerId of await this.deps.repository.ownersWithHeldJobs(RELEASE_BATCH)) {
      await this.slotFreed(ownerId);
    }
  }

  /**
   * Publishes as many of the owner's held jobs as their limit allows, oldest first
   * (concurrency-gate.ts). Decisions for one owner run one at a time, so two of them never fill the
   * same free slot. `own` is the job the caller is queueing: if publishing it fails, the caller
   * hears 503 and the job is failed (a request must not hang on a broken bus); any other job that
   * cannot be published stays held for the next pass.
   */
  releaseHeld(ownerId: string, own?: OwnJob): Promise<void> {
    return this.owners.run(ownerId, async () => {
      for (let round = 0; round < RELEASE_ROUNDS; round++) {
        const newest = await this.deps.repository.newestHeldOf(ownerId);
        if (!newest) return;
        const limit = ownerLimit([newest]);
        const active = limit > 0 ? await this.deps.repository.countDispatchedActive(ownerId) : 0;
        if (limit > 0 && active >= limit) return;
        const held = await this.deps.repository.heldOf(ownerId, limit > 0 ? limit : RELEASE_BATCH);
        const outcomes: ReleaseOutcome[] = [];
        for (const job of jobsToRelease({ active, limit, held })) {
          const outcome = await this.release(job, own);
          outcomes.push(outcome);
          if (outcome === 'stopped') return;
        }
        // A job that failed instead of taking its slot left the slot free: decide again.
        if (!outcomes.includes('failed') && !(limit === 0 && held.length === RELEASE_BATCH)) return;
      }
    });
  }

  /**
   * Claims one held job, then publishes it. The claim (setting `dispatchedAt` on a queued job of
   * this attempt that has none) is what makes a job published once: a cancel, a retry or another
   * release that got there first makes it miss. `queuedAt` moves to now: the job joins the end of
   * its pool's stream.
   */
  private release(job: JobDoc, own?: OwnJob): Promise<ReleaseOutcome> {
    // Often run for another job's event or a timer: the publish and its log lines join this job's trace.
    return inTraceOf(job.traceparent, () => this.releaseInTrace(job, own));
  }

  private async releaseInTrace(job: JobDoc, own?: OwnJob): Promise<ReleaseOutcome> {
    const at = this.deps.now().toISOString();
    const claimed = await this.deps.repository.update(
      job._id,
      { status: 'queued', attempt: job.attempt, dispatched: false },
      { set: { dispatchedAt: at, queuedAt: at } },
    );
    if (!claimed) return 'skipped';
    const isOwn = own?.jobId === job._id;
    let inputs: readonly filesV1.File[];
    try {
      inputs = own && isOwn ? own.inputs : await this.inputsOf(claimed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await this.failQueued(claimed, INPUT_GONE_MESSAGE);
        return 'failed';
      }
      this.deps.log.warn(
        { err: error, jobId: job._id },
        'reading the inputs of a held job failed; it stays held',
      );
      await this.unclaim(claimed, job.queuedAt);
      return 'stopped';
    }
    let seq: number;
    try {
      seq = await this.deps.bus.dispatch(claimed, inputs);
    } catch (error) {
      this.deps.log.error({ err: error, jobId: job._id }, 'dispatching a job failed');
      if (!isOwn) {
        await this.unclaim(claimed, job.queuedAt);
        return 'stopped';
      }
      await this.failQueued(claimed, NOT_QUEUED_MESSAGE);
      throw new ApiError(503, 'service_unavailable', NOT_QUEUED_MESSAGE);
    }
    // If this write fails the job stays claimed and unconfirmed: releaseHeldJobs publishes it
    // again, and the message id makes that a no-op.
    await this.recordDispatch(claimed, seq);
    return 'dispatched';
  }

  /** Records the stream sequence (to delete the message on cancel). */
  private async recordDispatch(job: JobDoc, seq: number): Promise<void> {
    // Only the sequence: a fast worker's events may already have moved the job on.
    const updated = await this.deps.repository.update(
      job._id,
      { attempt: job.attempt },
      { set: { dispatchSeq: seq } },
    );
    // Canceled, deleted or retried while it was being published: its message must reach no worker.
    if (!updated || updated.status === 'canceled') await this.stopWork({ ...job, dispatchSeq: seq });
  }

  /** Gives a claimed job back to the held ones, in its old place, after its publish failed. */
  private async unclaim(claimed: JobDoc, queuedAt: string): Promise<void> {
    await this.deps.repository.update(
      claimed._id,
      { status: 'queued', attempt: claimed.attempt, dispatched: true },
      { set: { queuedAt }, unset: ['dispatchedAt'] },
    );
  }

  /** Publishes again a dispatch a stop interrupted (releaseHeldJobs); runs under the owner's turn. */
  private async republish(stale: JobDoc): Promise<void> {
    const job = await this.deps.repository.findById(stale._id);
    if (job?.status !== 'queued' || job.attempt !== stale.attempt) return;
    if (job.dispatchSeq !== undefined || job.dispatchedAt === undefined) return;
    await inTraceOf(job.traceparent, () => this.republishInTrace(job));
  }

  private async republishInTrace(job: JobDoc): Promise<void> {
    try {
      const inputs = await this.inputsOf(job);
      await this.recordDispatch(job, await this.deps.bus.dispatch(job, inputs));
      this.deps.log.info({ jobId: job._id }, 'published an interrupted dispatch again');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await this.failQueued(job, INPUT_GONE_MESSAGE);
        return;
      }
      // Still claimed and unconfirmed: the next pass tries again.
      this.deps.log.warn({ err: error, jobId: job._id }, 'publishing an interrupted dispatch again failed');
    }
  }

  /** Fails a job that never reached a worker, and tells whoever watches it and its queue. */
  private async failQueued(job: JobDoc, message: string): Promise<void> {
    const failed = await this.deps.repository.update(
      job._id,
      { status: 'queued', attempt: job.attempt },
      { set: { status: 'failed', error: { message }, finishedAt: this.deps.now().toISOString() } },
    );
    if (!failed) return;
    this.deps.bus.announceStatus(toProto(failed), failed.traceparent);
    await this.deps.queue.queueMoved(job);
  }

  /**
   * One of the owner's jobs finished (or was deleted): release their held jobs into the free slot.
   * Never throws: the job's own change is done, and the periodic pass retries the release.
   */
  async slotFreed(ownerId: string): Promise<void> {
    try {
      await this.releaseHeld(ownerId);
    } catch (error) {
      this.deps.log.warn({ err: error, ownerId }, 'releasing held jobs failed; the next pass retries');
    }
  }

  /**
   * Stops a job that is queued or running: tells the worker, and takes its message off the queue so
   * it is never delivered (or redelivered after a worker crash) again.
   */
  async stopWork(job: JobDoc): Promise<void> {
    this.deps.bus.cancel(job._id);
    if (job.dispatchSeq === undefined) return;
    try {
      await this.deps.bus.removeDispatch(job.dispatchSeq);
    } catch (error) {
      // The cancel message still makes workers drop it; the job's state is already settled.
      this.deps.log.warn({ err: error, jobId: job._id }, 'removing a canceled job from the queue failed');
    }
  }

  /** The job's input files as the files service has them now (404 when one is gone). */
  inputsOf(job: JobDoc): Promise<filesV1.File[]> {
    return Promise.all(job.inputs.map((id) => this.deps.files.getFile({ ownerId: job.ownerId, id })));
  }
}
