import {
  DEFAULT_IMAGE_LIMITS,
  DEFAULT_VIDEO_LIMITS,
  type ImageLimits,
  type VideoLimits,
} from '@mediakit/catalog';
import {
  ApiError,
  activeTraceparent,
  badRequest,
  clampLimit,
  conflict,
  inTraceOf,
  type JobEvent,
  jobsTotal,
  type Logger,
  newId,
  notFound,
  toPage,
  type WorkerName,
} from '@mediakit/kit';
import type { filesV1, jobsV1 } from '@mediakit/proto';
import { applyEvent } from './apply-event.ts';
import type { FilesClient } from './files-client.ts';
import { ACTIVE_STATUSES, isJobStatus, isTerminal, JOB_STATUSES, type JobDoc, toProto } from './job.ts';
import type { JobBus } from './job-bus.ts';
import { JobDispatcher } from './job-dispatcher.ts';
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
  /** Told of the job's end, signed (webhooks/); '' or absent for none. Signed-in owners only. */
  webhookUrl?: string;
}

/** What the jobs service asks of webhooks (webhooks/): checking a job's URL, and hearing of its end. */
export interface JobWebhooks {
  /** The URL as saved, or an ApiError (401 for a guest, 400 with the sentence for a bad URL). */
  checkJobUrl(ownerId: string, url: string): string;
  /** Queues the deliveries of a job that reached a final state; idempotent. */
  jobFinished(job: JobDoc): Promise<unknown>;
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
  /** Webhooks of finished jobs; none when absent (unit tests). */
  webhooks?: JobWebhooks;
  now?: () => Date;
}

const DEFAULT_RETENTION_HOURS = 1;
/** Optimistic writes that lost a race re-read the job and try again this many times. */
const WRITE_ATTEMPTS = 5;

const GAVE_UP_MESSAGE = 'The job stopped unexpectedly several times and was given up. Please try again.';

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
  /** Publishes jobs through the per-owner concurrency gate (job-dispatcher.ts). */
  private readonly dispatcher: JobDispatcher;

  private readonly videoLimits: VideoLimits;
  private readonly imageLimits: ImageLimits;
  private readonly webhooks: JobWebhooks | undefined;

  constructor(deps: JobsServiceDeps) {
    this.webhooks = deps.webhooks;
    this.videoLimits = deps.videoLimits ?? DEFAULT_VIDEO_LIMITS;
    this.imageLimits = deps.imageLimits ?? DEFAULT_IMAGE_LIMITS;
    this.repository = deps.repository;
    this.bus = deps.bus;
    this.files = deps.files;
    this.log = deps.log;
    this.now = deps.now ?? (() => new Date());
    this.queue = new QueueAnnouncer({
      readQueue: (worker, limit) => this.repository.queueHead(worker, limit),
      announce: (job, traceparent) => this.bus.announce(job, traceparent),
      log: this.log,
    });
    this.dispatcher = new JobDispatcher({
      repository: this.repository,
      bus: this.bus,
      files: this.files,
      log: this.log,
      now: this.now,
      queue: this.queue,
    });
  }

  async createJob(input: CreateJobInput): Promise<jobsV1.Job> {
    if (!input.ownerId)
      throw badRequest('owner_id is required.', [{ field: 'owner_id', message: 'owner_id is required.' }]);
    const entry = resolveTool(input.tool);
    const params = parseParams(entry, input.paramsJson);
    checkInputCount(entry, input.inputs);
    const webhookUrl = input.webhookUrl ? this.checkJobUrl(input.ownerId, input.webhookUrl) : undefined;
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
    const traceparent = activeTraceparent();
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
      ...(traceparent ? { traceparent } : {}),
      ...(webhookUrl ? { webhookUrl } : {}),
    };
    // Stored held; the gate publishes it now if the owner has a free slot, else when one frees up.
    await this.repository.insert(job);
    jobsTotal.inc({ tool: job.tool, status: 'queued' });
    // The answer is the job as accepted: queued, at the position it keeps whether the gate
    // releases it now (it joins the end of the stream) or holds it. Read before releasing, as a
    // fast worker may start it at once and the 202 promises a job that runs later.
    const accepted = await this.withQueuePosition(job);
    await this.dispatcher.releaseHeld(job.ownerId, { jobId: job._id, inputs: files });
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
    await this.dispatcher.stopWork(canceled);
    await this.tellWebhooks(canceled);
    const update = toProto(canceled);
    this.bus.announceStatus(update, job.traceparent);
    if (job.status === 'queued') await this.queue.queueMoved(job);
    await this.dispatcher.slotFreed(job.ownerId);
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
    this.bus.announceStatus(update, job.traceparent);
    await this.dispatcher.releaseHeld(ownerId, { jobId: id, inputs: files });
    return update;
  }

  async deleteJob(ownerId: string, id: string): Promise<void> {
    const job = await this.owned(ownerId, id);
    if (!isTerminal(job.status)) {
      await this.dispatcher.stopWork(job);
      // Event streams open on this job end with its cancellation rather than hang.
      this.bus.announceStatus(
        toProto({ ...job, status: 'canceled', finishedAt: this.now().toISOString() }),
        job.traceparent,
      );
    }
    // Outputs first: if that fails the job stays, and deleting it again finishes the work.
    await this.files.deleteJobOutputs({ ownerId, jobId: id });
    await this.repository.delete(id);
    if (job.status === 'queued') await this.queue.queueMoved(job);
    if (!isTerminal(job.status)) await this.dispatcher.slotFreed(job.ownerId);
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
      if (!patch) {
        // The job's end seen again: its first handling may have stopped before the webhooks were
        // queued (queuing is idempotent).
        if (job.status === event.kind && job.attempt === event.attempt) await this.webhooks?.jobFinished(job);
        return null;
      }
      const updated = await this.repository.update(
        job._id,
        { status: job.status, attempt: job.attempt },
        { set: patch },
      );
      if (updated) {
        const update = toProto(updated);
        if (updated.status !== job.status) this.bus.announceStatus(update, updated.traceparent);
        else this.bus.announce(update, updated.traceparent);
        // Awaited, so the next event (often the next job's `started`) is folded after the jobs
        // behind this one heard their new position, and their streams see it before `running`.
        if (job.status === 'queued' && updated.status !== 'queued') await this.queue.queueMoved(job);
        if (isTerminal(updated.status)) {
          await this.dispatcher.slotFreed(updated.ownerId);
          // A failure throws, so the event is handled again and the webhooks queued then.
          await this.webhooks?.jobFinished(updated);
        }
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
    // An advisory carries no trace: the job's own one is taken up for its log line and update.
    const update = await inTraceOf(job?.traceparent, () => this.failUndelivered(worker, job));
    await this.bus.removeDispatch(streamSeq);
    return update;
  }

  private async failUndelivered(worker: WorkerName, job: JobDoc | null): Promise<jobsV1.Job | null> {
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
        await this.tellWebhooks(failed);
        this.bus.announceStatus(update, job.traceparent);
        if (job.status === 'queued') await this.queue.queueMoved(job);
        await this.dispatcher.slotFreed(job.ownerId);
      }
    }
    return update;
  }

  /**
   * Deletes the jobs whose retention ended; the files service's own sweeper removes their outputs.
   * Unfinished ones are stopped first so no worker spends time on them. Returns how many went.
   */
  async sweepOnce(now: Date): Promise<number> {
    const at = now.toISOString();
    const expired = await this.repository.findExpiredActive(at);
    for (const job of expired) await inTraceOf(job.traceparent, () => this.dispatcher.stopWork(job));
    const deleted = await this.repository.deleteExpired(at);
    // One pass per pool: requests for a pool whose pass is running fold into its next pass.
    await Promise.all(
      expired.filter((job) => job.status === 'queued').map((job) => this.queue.queueMoved(job)),
    );
    for (const ownerId of new Set(expired.map((job) => job.ownerId)))
      await this.dispatcher.slotFreed(ownerId);
    return deleted;
  }

  /**
   * The gate's safety net, run at start and periodically (jobs main.ts): publishes again the
   * dispatches a stop interrupted and releases held jobs of every owner below their limit.
   */
  releaseHeldJobs(): Promise<void> {
    return this.dispatcher.releaseHeldJobs();
  }

  private checkJobUrl(ownerId: string, url: string): string {
    if (!this.webhooks)
      throw badRequest('Webhooks are not available here.', [
        { field: 'webhookUrl', message: 'not available' },
      ]);
    return this.webhooks.checkJobUrl(ownerId, url);
  }

  /** Queues a finished job's webhooks where no event will come again to retry it: a failure is logged. */
  private async tellWebhooks(job: JobDoc): Promise<void> {
    try {
      await this.webhooks?.jobFinished(job);
    } catch (error) {
      this.log.error({ err: error, jobId: job._id }, 'queuing the webhooks of a finished job failed');
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

  /** A retry runs on the same input files; they must still exist. */
  private async inputsForRetry(job: JobDoc): Promise<filesV1.File[]> {
    try {
      return await this.dispatcher.inputsOf(job);
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
