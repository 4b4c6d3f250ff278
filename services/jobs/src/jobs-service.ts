import {
  DEFAULT_IMAGE_LIMITS,
  DEFAULT_VIDEO_LIMITS,
  type ImageLimits,
  type VideoLimits,
} from '@mediakit/catalog';
import {
  ApiError,
  badRequest,
  clampLimit,
  conflict,
  type JobEvent,
  KeyedLock,
  type Logger,
  newId,
  notFound,
  toPage,
  type WorkerName,
} from '@mediakit/kit';
import type { filesV1, jobsV1 } from '@mediakit/proto';
import { applyEvent } from './apply-event.ts';
import { jobsToRelease, ownerLimit } from './concurrency-gate.ts';
import type { FilesClient } from './files-client.ts';
import { ACTIVE_STATUSES, isJobStatus, isTerminal, JOB_STATUSES, type JobDoc, toProto } from './job.ts';
import type { JobBus } from './job-bus.ts';
import type { JobRepository } from './job-repository.ts';
import {
  checkInputCount,
  checkInputTypes,
  checkParamsForInputs,
  parseParams,
  resolveTool,
} from './job-request.ts';
import { QueueAnnouncer } from './queue-announcer.ts';

export interface CreateJobInput {
  ownerId: string;
  tool: string;
  inputs: string[];
  paramsJson: string;
  /** The owner's retention from their plan; 0 means "not given" and falls back to one hour. */
  retentionHours: number;
  /** The owner's plan's concurrentJobs (concurrency-gate.ts); 0 or absent means no limit. */
  concurrentJobs?: number;
}

export interface ListJobsInput {
  ownerId: string;
  /** '' for every status. */
  status: string;
  limit: number;
  cursor: string;
}

export interface JobsServiceDeps {
  repository: JobRepository;
  bus: JobBus;
  files: FilesClient;
  log: Logger;
  /** MAX_VIDEO_* limits for transcoder inputs (default: the catalog's defaults). */
  videoLimits?: VideoLimits;
  /** MAX_IMAGE_* limits for imager inputs (default: the catalog's defaults). */
  imageLimits?: ImageLimits;
  now?: () => Date;
}

const DEFAULT_RETENTION_HOURS = 1;
/** Optimistic writes that lost a race re-read the job and try again this many times. */
const WRITE_ATTEMPTS = 5;

const GAVE_UP_MESSAGE = 'The job stopped unexpectedly several times and was given up. Please try again.';
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
interface OwnJob {
  jobId: string;
  inputs: readonly filesV1.File[];
}

/** What releasing one held job came to. */
type ReleaseOutcome = 'dispatched' | 'skipped' | 'failed' | 'stopped';

/**
 * The jobs service's logic: creating and dispatching jobs, the owner's operations on them, and
 * folding what workers report into their state. Every state change is a conditional write on the
 * state it was decided from, so a cancel, a retry and a worker event racing each other never
 * overwrite one another. Every change is announced for the job's event stream; when a job leaves
 * its pool's queue, the jobs still waiting in it are told their new position too.
 *
 * Jobs reach JetStream through a per-owner concurrency gate (concurrency-gate.ts): a job beyond its
 * owner's limit is stored queued but held, and released when one of the owner's jobs finishes.
 */
export class JobsService {
  private readonly repository: JobRepository;
  private readonly bus: JobBus;
  private readonly files: FilesClient;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly queue: QueueAnnouncer;
  /** Release decisions of one owner run one at a time (concurrency-gate.ts). */
  private readonly owners = new KeyedLock();

  private readonly videoLimits: VideoLimits;
  private readonly imageLimits: ImageLimits;

  constructor(deps: JobsServiceDeps) {
    this.videoLimits = deps.videoLimits ?? DEFAULT_VIDEO_LIMITS;
    this.imageLimits = deps.imageLimits ?? DEFAULT_IMAGE_LIMITS;
    this.repository = deps.repository;
    this.bus = deps.bus;
    this.files = deps.files;
    this.log = deps.log;
    this.now = deps.now ?? (() => new Date());
    this.queue = new QueueAnnouncer({
      readQueue: (worker, limit) => this.repository.queueHead(worker, limit),
      announce: (job) => this.bus.announce(job),
      log: this.log,
    });
  }

  async createJob(input: CreateJobInput): Promise<jobsV1.Job> {
    if (!input.ownerId)
      throw badRequest('owner_id is required.', [{ field: 'owner_id', message: 'owner_id is required.' }]);
    const entry = resolveTool(input.tool);
    const params = parseParams(entry, input.paramsJson);
    checkInputCount(entry, input.inputs);
    const files = await Promise.all(
      input.inputs.map((id) => this.files.getFile({ ownerId: input.ownerId, id })),
    );
    checkInputTypes(entry, files);
    checkParamsForInputs(entry, params, files, this.videoLimits, this.imageLimits);

    const now = this.now();
    const retentionHours =
      Number.isFinite(input.retentionHours) && input.retentionHours > 0
        ? input.retentionHours
        : DEFAULT_RETENTION_HOURS;
    const limit = concurrencyLimitOf(input.concurrentJobs);
    const job: JobDoc = {
      _id: newId(),
      ownerId: input.ownerId,
      tool: entry.name,
      worker: entry.worker,
      status: 'queued',
      progress: 0,
      inputs: [...input.inputs],
      params,
      attempt: 1,
      outputs: [],
      createdAt: now.toISOString(),
      queuedAt: now.toISOString(),
      expiresAt: expiresAfter(now, retentionHours),
      retentionHours,
      ...(limit > 0 ? { concurrencyLimit: limit } : {}),
    };
    // Stored held; the gate publishes it now if the owner has a free slot, else when one frees up.
    await this.repository.insert(job);
    // The answer is the job as accepted: queued, at the position it keeps whether the gate
    // releases it now (it joins the end of the stream) or holds it. Read before releasing, as a
    // fast worker may start it at once and the 202 promises a job that runs later.
    const accepted = await this.withQueuePosition(job);
    await this.releaseHeld(job.ownerId, { jobId: job._id, inputs: files });
    return accepted;
  }

  async getJob(ownerId: string, id: string): Promise<jobsV1.Job> {
    return this.withQueuePosition(await this.owned(ownerId, id));
  }

  async listJobs(input: ListJobsInput): Promise<jobsV1.ListJobsResponse> {
    if (input.status !== '' && !isJobStatus(input.status)) {
      const message = `status must be one of ${JOB_STATUSES.join(', ')}.`;
      throw badRequest(message, [{ field: 'status', message }]);
    }
    const limit = clampLimit(input.limit);
    const docs = await this.repository.listOwned(input.ownerId, {
      status: input.status === '' ? undefined : input.status,
      cursor: input.cursor || undefined,
      limit,
    });
    const page = toPage(docs, limit);
    return {
      items: await Promise.all(page.items.map((doc) => this.withQueuePosition(doc))),
      nextCursor: page.nextCursor ?? '',
    };
  }

  async getStats(ownerId: string): Promise<jobsV1.Stats> {
    const counts = await this.repository.countByStatus(ownerId);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return { jobs: { total, ...counts } };
  }

  /**
   * Moves every job of `fromOwnerId` to `toOwnerId`: a guest who signs in keeps their jobs (the
   * gateway decides who may claim what; the files service moves the files). Idempotent.
   */
  async claimOwner(fromOwnerId: string, toOwnerId: string): Promise<number> {
    for (const [field, value] of [
      ['from_owner_id', fromOwnerId],
      ['to_owner_id', toOwnerId],
    ] as const) {
      if (!value) throw badRequest(`${field} is required.`, [{ field, message: `${field} is required.` }]);
    }
    if (fromOwnerId === toOwnerId) {
      const message = 'to_owner_id must differ from from_owner_id.';
      throw badRequest(message, [{ field: 'to_owner_id', message }]);
    }
    return this.repository.reassignOwner(fromOwnerId, toOwnerId);
  }

  async cancelJob(ownerId: string, id: string): Promise<jobsV1.Job> {
    const job = await this.owned(ownerId, id);
    if (isTerminal(job.status)) throw conflict('This job has already finished.');
    const canceled = await this.repository.update(
      id,
      { status: ACTIVE_STATUSES },
      { set: { status: 'canceled', finishedAt: this.now().toISOString() } },
    );
    // It finished between our read and our write.
    if (!canceled) throw conflict('This job has already finished.');
    await this.stopWork(canceled);
    const update = toProto(canceled);
    this.bus.announce(update);
    if (job.status === 'queued') await this.queue.queueMoved(job);
    await this.slotFreed(job.ownerId);
    return update;
  }

  async retryJob(ownerId: string, id: string): Promise<jobsV1.Job> {
    const job = await this.owned(ownerId, id);
    if (job.status !== 'failed' && job.status !== 'canceled')
      throw conflict('Only failed or canceled jobs can be retried.');
    const files = await this.inputsForRetry(job);
    await this.files.deleteJobOutputs({ ownerId, jobId: id });

    const now = this.now();
    const queued = await this.repository.update(
      id,
      { status: ['failed', 'canceled'], attempt: job.attempt },
      {
        set: {
          status: 'queued',
          progress: 0,
          outputs: [],
          queuedAt: now.toISOString(),
          expiresAt: expiresAfter(now, job.retentionHours),
        },
        unset: ['error', 'archive', 'notes', 'startedAt', 'finishedAt', 'dispatchSeq', 'dispatchedAt'],
        inc: { attempt: 1 },
      },
    );
    // Someone else retried it first.
    if (!queued) throw conflict('Only failed or canceled jobs can be retried.');
    // Announced before the gate can publish it, so its stream hears `queued` before a worker's
    // `running`; then through the same gate as a new job: it waits if the owner's slots are taken.
    const update = await this.withQueuePosition(queued);
    this.bus.announce(update);
    await this.releaseHeld(ownerId, { jobId: id, inputs: files });
    return update;
  }

  async deleteJob(ownerId: string, id: string): Promise<void> {
    const job = await this.owned(ownerId, id);
    if (!isTerminal(job.status)) {
      await this.stopWork(job);
      // Event streams open on this job end with its cancellation rather than hang.
      this.bus.announce(toProto({ ...job, status: 'canceled', finishedAt: this.now().toISOString() }));
    }
    // Outputs first: if that fails the job stays, and deleting it again finishes the work.
    await this.files.deleteJobOutputs({ ownerId, jobId: id });
    await this.repository.delete(id);
    if (job.status === 'queued') await this.queue.queueMoved(job);
    if (!isTerminal(job.status)) await this.slotFreed(job.ownerId);
  }

  /**
   * Folds one worker event into its job and announces the new state. Returns the updated job, or
   * null when the event changed nothing (stale, duplicate, or for a job that no longer exists).
   */
  async handleEvent(received: JobEvent): Promise<jobsV1.Job | null> {
    // Times are stored as given; an event without one is dated on arrival.
    const event =
      typeof received.at === 'string' && received.at !== ''
        ? received
        : { ...received, at: this.now().toISOString() };
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const job = await this.repository.findById(event.jobId);
      if (!job) {
        this.log.debug({ jobId: event.jobId, kind: event.kind }, 'dropping an event of an unknown job');
        return null;
      }
      const patch = applyEvent(job, event);
      if (!patch) return null;
      const updated = await this.repository.update(
        job._id,
        { status: job.status, attempt: job.attempt },
        { set: patch },
      );
      if (updated) {
        const update = toProto(updated);
        this.bus.announce(update);
        // Awaited, so the next event (often the next job's `started`) is folded after the jobs
        // behind this one heard their new position, and their streams see it before `running`.
        if (job.status === 'queued' && updated.status !== 'queued') await this.queue.queueMoved(job);
        if (isTerminal(updated.status)) await this.slotFreed(updated.ownerId);
        return update;
      }
    }
    throw new Error(`job ${event.jobId} kept changing while a ${event.kind} event was applied`);
  }

  /**
   * JetStream gave up on a dispatch message (a worker kept dying or timing out on it). Fails the
   * job it belongs to, unless a worker already settled it, and removes the message for good.
   */
  async handleMaxDeliveries(worker: WorkerName, streamSeq: number): Promise<jobsV1.Job | null> {
    const job = await this.repository.findByDispatchSeq(streamSeq);
    let update: jobsV1.Job | null = null;
    if (job && job.worker === worker && !isTerminal(job.status)) {
      const failed = await this.repository.update(
        job._id,
        { status: ACTIVE_STATUSES, attempt: job.attempt },
        {
          set: {
            status: 'failed',
            error: { message: GAVE_UP_MESSAGE },
            finishedAt: this.now().toISOString(),
          },
        },
      );
      if (failed) {
        this.log.warn({ jobId: job._id, tool: job.tool, attempt: job.attempt }, 'job ran out of deliveries');
        update = toProto(failed);
        this.bus.announce(update);
        if (job.status === 'queued') await this.queue.queueMoved(job);
        await this.slotFreed(job.ownerId);
      }
    }
    await this.bus.removeDispatch(streamSeq);
    return update;
  }

  /**
   * Deletes the jobs whose retention ended; the files service's own sweeper removes their outputs.
   * Unfinished ones are stopped first so no worker spends time on them. Returns how many went.
   */
  async sweepOnce(now: Date): Promise<number> {
    const at = now.toISOString();
    const expired = await this.repository.findExpiredActive(at);
    for (const job of expired) await this.stopWork(job);
    const deleted = await this.repository.deleteExpired(at);
    // One pass per pool: requests for a pool whose pass is running fold into its next pass.
    await Promise.all(
      expired.filter((job) => job.status === 'queued').map((job) => this.queue.queueMoved(job)),
    );
    for (const ownerId of new Set(expired.map((job) => job.ownerId))) await this.slotFreed(ownerId);
    return deleted;
  }

  /**
   * The gate's safety net, run at start and periodically (jobs main.ts): everything it
   * decides is derived from the documents, so a restart loses nothing. Publishes again the
   * dispatches a stop interrupted, then releases held jobs of every owner below their limit (a
   * finish whose release was lost to a crash or an error, a limit raised by an upgrade).
   */
  async releaseHeldJobs(): Promise<void> {
    const before = new Date(this.now().getTime() - UNCONFIRMED_DISPATCH_MS).toISOString();
    for (const job of await this.repository.findUnconfirmedDispatches(before, RELEASE_BATCH)) {
      await this.owners.run(job.ownerId, () => this.republish(job));
    }
    for (const ownerId of await this.repository.ownersWithHeldJobs(RELEASE_BATCH)) {
      await this.slotFreed(ownerId);
    }
  }

  private async owned(ownerId: string, id: string): Promise<JobDoc> {
    const job = id && ownerId ? await this.repository.findOwned(ownerId, id) : null;
    if (!job) throw notFound('Job');
    return job;
  }

  private async withQueuePosition(job: JobDoc): Promise<jobsV1.Job> {
    return toProto(job, await this.repository.queuePositionOf(job));
  }

  /**
   * Publishes as many of the owner's held jobs as their limit allows, oldest first
   * (concurrency-gate.ts). Decisions for one owner run one at a time, so two of them never fill the
   * same free slot. `own` is the job the caller is queueing: if publishing it fails, the caller
   * hears 503 and the job is failed (a request must not hang on a broken bus); any other job that
   * cannot be published stays held for the next pass.
   */
  private releaseHeld(ownerId: string, own?: OwnJob): Promise<void> {
    return this.owners.run(ownerId, async () => {
      for (let round = 0; round < RELEASE_ROUNDS; round++) {
        const newest = await this.repository.newestHeldOf(ownerId);
        if (!newest) return;
        const limit = ownerLimit([newest]);
        const active = limit > 0 ? await this.repository.countDispatchedActive(ownerId) : 0;
        if (limit > 0 && active >= limit) return;
        const held = await this.repository.heldOf(ownerId, limit > 0 ? limit : RELEASE_BATCH);
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
  private async release(job: JobDoc, own?: OwnJob): Promise<ReleaseOutcome> {
    const at = this.now().toISOString();
    const claimed = await this.repository.update(
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
      this.log.warn({ err: error, jobId: job._id }, 'reading the inputs of a held job failed; it stays held');
      await this.unclaim(claimed, job.queuedAt);
      return 'stopped';
    }
    let seq: number;
    try {
      seq = await this.bus.dispatch(claimed, inputs);
    } catch (error) {
      this.log.error({ err: error, jobId: job._id }, 'dispatching a job failed');
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
    const updated = await this.repository.update(
      job._id,
      { attempt: job.attempt },
      { set: { dispatchSeq: seq } },
    );
    // Canceled, deleted or retried while it was being published: its message must reach no worker.
    if (!updated || updated.status === 'canceled') await this.stopWork({ ...job, dispatchSeq: seq });
  }

  /** Gives a claimed job back to the held ones, in its old place, after its publish failed. */
  private async unclaim(claimed: JobDoc, queuedAt: string): Promise<void> {
    await this.repository.update(
      claimed._id,
      { status: 'queued', attempt: claimed.attempt, dispatched: true },
      { set: { queuedAt }, unset: ['dispatchedAt'] },
    );
  }

  /** Publishes again a dispatch a stop interrupted (releaseHeldJobs); runs under the owner's turn. */
  private async republish(stale: JobDoc): Promise<void> {
    const job = await this.repository.findById(stale._id);
    if (job?.status !== 'queued' || job.attempt !== stale.attempt) return;
    if (job.dispatchSeq !== undefined || job.dispatchedAt === undefined) return;
    try {
      const inputs = await this.inputsOf(job);
      await this.recordDispatch(job, await this.bus.dispatch(job, inputs));
      this.log.info({ jobId: job._id }, 'published an interrupted dispatch again');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await this.failQueued(job, INPUT_GONE_MESSAGE);
        return;
      }
      // Still claimed and unconfirmed: the next pass tries again.
      this.log.warn({ err: error, jobId: job._id }, 'publishing an interrupted dispatch again failed');
    }
  }

  /** Fails a job that never reached a worker, and tells whoever watches it and its queue. */
  private async failQueued(job: JobDoc, message: string): Promise<void> {
    const failed = await this.repository.update(
      job._id,
      { status: 'queued', attempt: job.attempt },
      { set: { status: 'failed', error: { message }, finishedAt: this.now().toISOString() } },
    );
    if (!failed) return;
    this.bus.announce(toProto(failed));
    await this.queue.queueMoved(job);
  }

  /**
   * One of the owner's jobs finished (or was deleted): release their held jobs into the free slot.
   * Never throws: the job's own change is done, and the periodic pass retries the release.
   */
  private async slotFreed(ownerId: string): Promise<void> {
    try {
      await this.releaseHeld(ownerId);
    } catch (error) {
      this.log.warn({ err: error, ownerId }, 'releasing held jobs failed; the next pass retries');
    }
  }

  /**
   * Stops a job that is queued or running: tells the worker, and takes its message off the queue so
   * it is never delivered (or redelivered after a worker crash) again.
   */
  private async stopWork(job: JobDoc): Promise<void> {
    this.bus.cancel(job._id);
    if (job.dispatchSeq === undefined) return;
    try {
      await this.bus.removeDispatch(job.dispatchSeq);
    } catch (error) {
      // The cancel message still makes workers drop it; the job's state is already settled.
      this.log.warn({ err: error, jobId: job._id }, 'removing a canceled job from the queue failed');
    }
  }

  /** The job's input files as the files service has them now (404 when one is gone). */
  private inputsOf(job: JobDoc): Promise<filesV1.File[]> {
    return Promise.all(job.inputs.map((id) => this.files.getFile({ ownerId: job.ownerId, id })));
  }

  /** A retry runs on the same input files; they must still exist. */
  private async inputsForRetry(job: JobDoc): Promise<filesV1.File[]> {
    try {
      return await this.inputsOf(job);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw conflict(
          'An input file of this job no longer exists, so it cannot be retried. Upload it again and start a new job.',
        );
      }
      throw error;
    }
  }
}

/** The plan's concurrentJobs as a limit: a positive integer, or 0 for none. */
function concurrencyLimitOf(concurrentJobs: number | undefined): number {
  return Number.isInteger(concurrentJobs) && (concurrentJobs as number) > 0 ? (concurrentJobs as number) : 0;
}

function expiresAfter(from: Date, hours: number): string {
  return new Date(from.getTime() + hours * 3_600_000).toISOString();
}
