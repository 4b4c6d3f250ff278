import { type Collection, type DocumentStore, type Filter, pageQuery, type WorkerName } from '@mediakit/kit';
import { ACTIVE_STATUSES, JOB_STATUSES, type JobDoc, type JobStatus } from './job.ts';
import { aheadInQueueFilter, queuePosition } from './queue-position.ts';

/** What a conditional write expects to find, so it never overwrites a change made meanwhile. */
export interface JobExpectation {
  status?: JobStatus | readonly JobStatus[];
  attempt?: number;
  /** Whether the current attempt was claimed for publishing (`dispatchedAt` set). */
  dispatched?: boolean;
}

export interface JobChanges {
  set?: Partial<JobDoc>;
  unset?: ReadonlyArray<keyof JobDoc>;
  inc?: Partial<Record<'attempt', number>>;
}

/** The `jobs` collection, in MongoDB's query language so it runs on MongoDB and the embedded store alike. */
export class JobRepository {
  private readonly jobs: Collection<JobDoc>;

  constructor(store: DocumentStore) {
    this.jobs = store.collection<JobDoc>('jobs');
  }

  async createIndexes(): Promise<void> {
    await this.jobs.createIndex({ ownerId: 1, createdAt: -1, _id: -1 }); // an owner's list, newest first
    await this.jobs.createIndex({ status: 1, worker: 1, queuedAt: 1, _id: 1 }); // queue positions
    await this.jobs.createIndex({ expiresAt: 1 }); // the sweeper
    await this.jobs.createIndex({ dispatchSeq: 1 }); // max-deliveries advisories name the stream sequence
    await this.jobs.createIndex({ ownerId: 1, status: 1, queuedAt: 1, _id: 1 }); // an owner's held and active jobs
    await this.jobs.createIndex({ status: 1, queuedAt: 1, _id: 1 }); // the oldest held jobs of any owner
    await this.jobs.createIndex({ status: 1, dispatchedAt: 1 }); // dispatches never confirmed
  }

  insert(doc: JobDoc): Promise<void> {
    return this.jobs.insertOne(doc);
  }

  findById(id: string): Promise<JobDoc | null> {
    return this.jobs.findOne({ _id: id });
  }

  /** The job if it exists and belongs to the owner: callers answer both misses with the same 404. */
  findOwned(ownerId: string, id: string): Promise<JobDoc | null> {
    return this.jobs.findOne({ _id: id, ownerId });
  }

  findByDispatchSeq(seq: number): Promise<JobDoc | null> {
    return this.jobs.findOne({ dispatchSeq: seq });
  }

  /** Applies the changes only if the job still matches the expectation; null when it did not. */
  update(id: string, expected: JobExpectation, changes: JobChanges): Promise<JobDoc | null> {
    const filter: Filter = { _id: id };
    if (expected.status !== undefined) {
      filter.status = typeof expected.status === 'string' ? expected.status : { $in: [...expected.status] };
    }
    if (expected.attempt !== undefined) filter.attempt = expected.attempt;
    if (expected.dispatched !== undefined) filter.dispatchedAt = { $exists: expected.dispatched };
    const update: Record<string, unknown> = {};
    const set = withoutUndefined(changes.set ?? {});
    if (Object.keys(set).length > 0) update.$set = set;
    if (changes.unset?.length)
      update.$unset = Object.fromEntries(changes.unset.map((field) => [field, true]));
    if (changes.inc) update.$inc = changes.inc;
    return this.jobs.updateOne(filter, update);
  }

  delete(id: string): Promise<JobDoc | null> {
    return this.jobs.deleteOne({ _id: id });
  }

  /** Where a job stands in its worker pool's queue, or undefined if it is not queued. */
  async queuePositionOf(job: JobDoc): Promise<number | undefined> {
    if (job.status !== 'queued') return undefined;
    return queuePosition(job, await this.jobs.count(aheadInQueueFilter(job)));
  }

  /**
   * The head of a worker pool's queue, at most `limit` jobs: the dispatched jobs in stream order,
   * then, if they were fewer than `limit`, the oldest held jobs. So every job ahead of a job here
   * (aheadInQueueFilter) is here too: all dispatched jobs are, and an owner's older held jobs are
   * older. Served by the queue index.
   */
  async queueHead(worker: WorkerName, limit: number): Promise<JobDoc[]> {
    const order = { sort: { queuedAt: 1, _id: 1 } } as const;
    const dispatched = await this.jobs.find(
      { status: 'queued', worker, dispatchedAt: { $exists: true } },
      { ...order, limit },
    );
    if (dispatched.length >= limit) return dispatched;
    const held = await this.jobs.find(
      { status: 'queued', worker, dispatchedAt: { $exists: false } },
      { ...order, limit: limit - dispatched.length },
    );
    return [...dispatched, ...held];
  }

  /**
   * How many of the owner's jobs hold a slot (concurrency-gate.ts): running, or queued with their
   * message published (or being published).
   */
  countDispatchedActive(ownerId: string): Promise<number> {
    return this.jobs.count({
      ownerId,
      $or: [{ status: 'running' }, { status: 'queued', dispatchedAt: { $exists: true } }],
    });
  }

  /** The owner's held jobs in release order (oldest first), at most `limit`. */
  heldOf(ownerId: string, limit: number): Promise<JobDoc[]> {
    return this.jobs.find(
      { ownerId, status: 'queued', dispatchedAt: { $exists: false } },
      { sort: { queuedAt: 1, _id: 1 }, limit },
    );
  }

  /** The owner's newest held job: it carries the owner's latest known limit. */
  newestHeldOf(ownerId: string): Promise<JobDoc | null> {
    return this.jobs
      .find(
        { ownerId, status: 'queued', dispatchedAt: { $exists: false } },
        { sort: { queuedAt: -1, _id: -1 }, limit: 1 },
      )
      .then((jobs) => jobs[0] ?? null);
  }

  /**
   * Up to `max` owners that have held jobs, those waiting longest first. One query per owner, each
   * skipping the owners found so far: reading the oldest held jobs in one go would let one owner's
   * backlog of `max` jobs hide every other owner from the safety net (jobs-service.ts
   * releaseHeldJobs), and their held jobs would wait for that backlog to drain.
   */
  async ownersWithHeldJobs(max: number): Promise<string[]> {
    const owners: string[] = [];
    while (owners.length < max) {
      const filter: Filter = { status: 'queued', dispatchedAt: { $exists: false } };
      if (owners.length > 0) filter.ownerId = { $nin: owners };
      const [next] = await this.jobs.find(filter, { sort: { queuedAt: 1, _id: 1 }, limit: 1 });
      if (!next) break;
      owners.push(next.ownerId);
    }
    return owners;
  }

  /**
   * Jobs claimed for publishing before `before` whose stream sequence was never recorded: the
   * service stopped between the claim and the publish (or its answer), so they may not be on the
   * stream at all.
   */
  findUnconfirmedDispatches(before: string, limit: number): Promise<JobDoc[]> {
    return this.jobs.find(
      { status: 'queued', dispatchedAt: { $lte: before }, dispatchSeq: { $exists: false } },
      { sort: { dispatchedAt: 1 }, limit },
    );
  }

  /** One page of an owner's jobs, newest first; fetches one extra to know whether more exist. */
  listOwned(
    ownerId: string,
    options: { status?: JobStatus; cursor?: string; limit: number },
  ): Promise<JobDoc[]> {
    const page = pageQuery(options.cursor);
    const filter: Filter = { ...page.filter, ownerId };
    if (options.status) filter.status = options.status;
    return this.jobs.find(filter, { sort: page.sort, limit: options.limit + 1 });
  }

  async countByStatus(ownerId: string): Promise<Record<JobStatus, number>> {
    const counts = await Promise.all(JOB_STATUSES.map((status) => this.jobs.count({ ownerId, status })));
    return Object.fromEntries(JOB_STATUSES.map((status, i) => [status, counts[i]])) as Record<
      JobStatus,
      number
    >;
  }

  /** Gives every job of one owner to another in one write; returns how many moved (0 when run again). */
  reassignOwner(fromOwnerId: string, toOwnerId: string): Promise<number> {
    return this.jobs.updateMany({ ownerId: fromOwnerId }, { $set: { ownerId: toOwnerId } });
  }

  /** Jobs past their retention that have not finished: the sweeper stops them before deleting. */
  findExpiredActive(now: string): Promise<JobDoc[]> {
    return this.jobs.find({ expiresAt: { $lte: now }, status: { $in: [...ACTIVE_STATUSES] } });
  }

  deleteExpired(now: string): Promise<number> {
    return this.jobs.deleteMany({ expiresAt: { $lte: now } });
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
