import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NatsServerHandle, startNatsServer } from '@mediakit/devstack';
import {
  connectNats,
  createEmbeddedDocumentStore,
  createLogger,
  type DispatchMessage,
  type DocumentStore,
  decodeJson,
  encodeJson,
  ensureEventsConsumer,
  ensureJobStreams,
  ensureWorkerConsumer,
  JOBS_STREAM,
  type JobEvent,
  type NatsConnection,
  notFound,
  openJetStreamManager,
  subjects,
} from '@mediakit/kit';
import type { filesV1, jobsV1 } from '@mediakit/proto';
import { type JetStreamClient, type JetStreamManager, jetstream } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobEventConsumer } from './event-consumer.ts';
import type { FilesClient } from './files-client.ts';
import type { JobDoc } from './job.ts';
import { JobBus } from './job-bus.ts';
import { JobRepository } from './job-repository.ts';
import { JobsService } from './jobs-service.ts';

/**
 * Per-owner concurrency (concurrency-gate.ts) against a real nats-server and the embedded store:
 * which jobs get a message on the JOBS stream, which are held, and when held ones are released.
 * Workers are played by the test, publishing events on JOB_EVENTS. Every test uses its own owners,
 * so the shared stream's other messages never matter: each job is checked by its own sequence.
 */

const HOUR = 3_600_000;

/** The files service, in memory: every owner gets the same small PNG on demand. */
class FakeFiles implements FilesClient {
  readonly gone = new Set<string>();

  async getFile(request: filesV1.GetFileRequest): Promise<filesV1.File> {
    if (this.gone.has(request.id) || !request.id.startsWith(`${request.ownerId}:`)) throw notFound('File');
    return {
      id: request.id,
      ownerId: request.ownerId,
      name: 'photo.png',
      size: 1000,
      mime: 'image/png',
      media: 'image',
      format: 'png',
      width: 64,
      height: 48,
      source: 'upload',
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + HOUR).toISOString(),
      objectKey: `uploads/${request.id}`,
    };
  }

  async deleteJobOutputs(): Promise<filesV1.DeleteJobOutputsResponse> {
    return { deleted: 0 };
  }
}

let dir: string;
let nats: NatsServerHandle;
let nc: NatsConnection;
let jsm: JetStreamManager;
let js: JetStreamClient;
let store: DocumentStore;
let repository: JobRepository;
let files: FakeFiles;
let service: JobsService;
let events: JobEventConsumer;

const log = createLogger('jobs-concurrency-test', process.env.JOBS_TEST_LOG_LEVEL ?? 'silent');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-jobs-gate-'));
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  nc = await connectNats(nats.url, 'jobs-concurrency-test');
  jsm = await openJetStreamManager(nc);
  js = jetstream(nc);
  await ensureJobStreams(jsm);
  await ensureEventsConsumer(jsm);
  await ensureWorkerConsumer(jsm, 'imager', { ackWaitMs: 30_000, maxDeliver: 5 });
  store = createEmbeddedDocumentStore(join(dir, 'documents'));
  repository = new JobRepository(store);
  await repository.createIndexes();
  files = new FakeFiles();
  service = newService();
  events = new JobEventConsumer(nc, (event) => service.handleEvent(event), log);
  await events.start();
});

afterAll(async () => {
  await events?.stop();
  await nc?.drain();
  await store?.close();
  await nats?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A JobsService over the shared store and bus: a second one stands for the service restarted. */
function newService(): JobsService {
  return new JobsService({ repository: new JobRepository(store), bus: new JobBus(nc, jsm), files, log });
}

let owners = 0;
/** A fresh owner for each test, so their jobs are the only ones the gate counts. */
const newOwner = (name: string) => `${name}-${++owners}`;

const createJob = (ownerId: string, concurrentJobs: number, input = 'in') =>
  service.createJob({
    ownerId,
    tool: 'png-to-jpg',
    inputs: [`${ownerId}:${input}`],
    paramsJson: '{}',
    retentionHours: 1,
    concurrentJobs,
  });

/** Jobs queued in the same millisecond are ordered by id: a pause keeps creation order for the checks. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

async function createJobs(ownerId: string, count: number, concurrentJobs: number): Promise<jobsV1.Job[]> {
  const jobs: jobsV1.Job[] = [];
  for (let i = 0; i < count; i++) {
    jobs.push(await createJob(ownerId, concurrentJobs));
    await pause();
  }
  return jobs;
}

const docOf = async (id: string): Promise<JobDoc> => {
  const doc = await repository.findById(id);
  if (!doc) throw new Error(`job ${id} is gone`);
  return doc;
};

async function streamHas(seq: number | undefined): Promise<boolean> {
  if (seq === undefined) return false;
  try {
    return (await jsm.streams.getMessage(JOBS_STREAM, { seq })) !== null;
  } catch {
    return false;
  }
}

/** Whether the job has its message on the stream (dispatched), or none and no claim (held). */
async function stateOf(id: string): Promise<'dispatched' | 'held' | 'claimed' | 'gone'> {
  const doc = await repository.findById(id);
  if (!doc) return 'gone';
  if (doc.dispatchedAt === undefined) return doc.dispatchSeq === undefined ? 'held' : 'claimed';
  return (await streamHas(doc.dispatchSeq)) ? 'dispatched' : 'claimed';
}

const statesOf = (jobs: jobsV1.Job[]) => Promise.all(jobs.map((job) => stateOf(job.id)));

/** Plays a worker finishing the job: `started`, then `succeeded`, on JOB_EVENTS. */
async function finish(jobId: string, attempt = 1): Promise<void> {
  for (const kind of ['started', 'succeeded'] as const) {
    const event: JobEvent = { jobId, attempt, kind, at: new Date().toISOString(), outputs: [] };
    await js.publish(subjects.event(jobId, kind), encodeJson(event));
  }
}

async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until every event published so far was applied (the durable consumer has no pending). */
async function eventsDrained(): Promise<void> {
  await waitFor(
    async () => {
      const info = await jsm.consumers.info('JOB_EVENTS', 'jobs');
      return info.num_pending + info.num_ack_pending;
    },
    (n) => n === 0,
    'the events to be applied',
  );
}

/** The job ids of the imager dispatches on the stream, in stream order. */
async function dispatchedJobIds(): Promise<string[]> {
  const info = await jsm.streams.info(JOBS_STREAM);
  const ids: string[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    try {
      const msg = await jsm.streams.getMessage(JOBS_STREAM, { seq });
      if (msg) ids.push(decodeJson<DispatchMessage>(msg.data).jobId);
    } catch {
      // deleted
    }
  }
  return ids;
}

/**
 * The stream's messages of jobs still waiting for a worker, in stream order: the shared queue.
 * (Jobs the test finished by events alone leave their message behind, as no worker acked it.)
 */
async function waitingInStream(): Promise<string[]> {
  const ids = await dispatchedJobIds();
  const docs = await Promise.all(ids.map((id) => repository.findById(id)));
  return ids.filter((_, i) => docs[i]?.status === 'queued');
}

// ---------------------------------------------------------------------------------------------------

describe('the concurrency gate', () => {
  it('dispatches up to the limit and holds the rest, with an honest queue position', async () => {
    const alice = newOwner('alice');
    const before = (await jsm.streams.info(JOBS_STREAM)).state.messages;
    const jobs = await createJobs(alice, 4, 2);
    expect(jobs.map((job) => job.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(await statesOf(jobs)).toEqual(['dispatched', 'dispatched', 'held', 'held']);
    expect((await jsm.streams.info(JOBS_STREAM)).state.messages - before).toBe(2);
    // The limit is recorded on each job, so a restarted service can decide from the documents.
    expect((await docOf(jobs[3].id)).concurrencyLimit).toBe(2);
    // Held jobs wait behind everything in the stream, then behind their owner's older held jobs.
    const inStream = (await waitingInStream()).length;
    expect(jobs.map((job) => job.queuePosition)).toEqual([
      inStream - 1,
      inStream,
      inStream + 1,
      inStream + 2,
    ]);
    // Clean up: held jobs never take anyone's place.
    for (const job of jobs) await service.cancelJob(alice, job.id);
  });

  it('releases the oldest held job when one finishes, and never a canceled one', async () => {
    const alice = newOwner('alice');
    const [a, b, c, d] = await createJobs(alice, 4, 2);
    expect(await statesOf([a, b, c, d])).toEqual(['dispatched', 'dispatched', 'held', 'held']);

    // d is canceled while held: it must never reach the stream.
    expect((await service.cancelJob(alice, d.id)).status).toBe('canceled');

    await finish(a.id);
    await waitFor(
      () => stateOf(c.id),
      (state) => state === 'dispatched',
      'c dispatched',
    );
    expect(await stateOf(b.id)).toBe('dispatched');
    expect((await service.getJob(alice, c.id)).status).toBe('queued');

    await finish(b.id);
    await finish(c.id);
    await waitFor(
      () => service.getJob(alice, c.id),
      (job) => job.status === 'succeeded',
      'c succeeded',
    );
    await eventsDrained();
    const dDoc = await docOf(d.id);
    expect(dDoc.status).toBe('canceled');
    expect(dDoc.dispatchedAt).toBeUndefined();
    expect(dDoc.dispatchSeq).toBeUndefined();
    expect(await dispatchedJobIds()).not.toContain(d.id);
  });

  it('dispatches another owner’s job at once while the first owner has jobs held', async () => {
    const alice = newOwner('alice');
    const bob = newOwner('bob');
    const aliceJobs = await createJobs(alice, 5, 2);
    expect(await statesOf(aliceJobs)).toEqual(['dispatched', 'dispatched', 'held', 'held', 'held']);
    const bobJob = await createJob(bob, 2);
    expect(await stateOf(bobJob.id)).toBe('dispatched');
    // Bob's job waits behind alice's two in the stream, not behind her whole batch ...
    const stream = await waitingInStream();
    expect(stream.indexOf(bobJob.id)).toBe(stream.indexOf(aliceJobs[1].id) + 1);
    expect(bobJob.queuePosition).toBe(stream.length);
    // ... and her held jobs now wait behind bob's (their position went up by one: the fair share).
    expect((await service.getJob(alice, aliceJobs[2].id)).queuePosition).toBe(stream.length + 1);
    for (const job of aliceJobs) await service.cancelJob(alice, job.id);
    await service.cancelJob(bob, bobJob.id);
  });

  it('frees a slot when a job is canceled, deleted or fails', async () => {
    const alice = newOwner('alice');
    const [a, b, c, d] = await createJobs(alice, 4, 1);
    expect(await statesOf([a, b, c, d])).toEqual(['dispatched', 'held', 'held', 'held']);
    await service.cancelJob(alice, a.id);
    expect(await statesOf([b, c, d])).toEqual(['dispatched', 'held', 'held']);
    await service.deleteJob(alice, b.id);
    expect(await statesOf([c, d])).toEqual(['dispatched', 'held']);
    const failed: JobEvent = { jobId: c.id, attempt: 1, kind: 'failed', at: new Date().toISOString() };
    await js.publish(subjects.event(c.id, 'failed'), encodeJson(failed));
    await waitFor(
      () => stateOf(d.id),
      (state) => state === 'dispatched',
      'd dispatched',
    );
    await service.cancelJob(alice, d.id);
  });

  it('sends a retry through the same gate', async () => {
    const alice = newOwner('alice');
    const [a, b] = await createJobs(alice, 2, 1);
    await service.cancelJob(alice, a.id);
    expect(await stateOf(b.id)).toBe('dispatched');
    // b holds alice's only slot: the retried a waits, as a new job would.
    const retried = await service.retryJob(alice, a.id);
    expect(retried.status).toBe('queued');
    expect(await stateOf(a.id)).toBe('held');
    await finish(b.id);
    await waitFor(
      () => stateOf(a.id),
      (state) => state === 'dispatched',
      'the retried a dispatched',
    );
    expect((await docOf(a.id)).attempt).toBe(2);
    await service.cancelJob(alice, a.id);
  });

  it('takes the newest job’s limit: an upgrade releases held jobs with the next job created', async () => {
    const alice = newOwner('alice');
    const jobs = await createJobs(alice, 3, 1);
    expect(await statesOf(jobs)).toEqual(['dispatched', 'held', 'held']);
    const upgraded = await createJob(alice, 3);
    // Three slots now: the two oldest held jobs go first; the new one waits its turn.
    expect(await statesOf([...jobs, upgraded])).toEqual(['dispatched', 'dispatched', 'dispatched', 'held']);
    for (const job of [...jobs, upgraded]) await service.cancelJob(alice, job.id);
  });

  it('fails a held job whose input was deleted meanwhile, and releases the next one', async () => {
    const alice = newOwner('alice');
    const a = await createJob(alice, 1);
    await pause();
    const b = await createJob(alice, 1, 'doomed');
    await pause();
    const c = await createJob(alice, 1);
    files.gone.add(`${alice}:doomed`);
    await finish(a.id);
    await waitFor(
      () => stateOf(c.id),
      (state) => state === 'dispatched',
      'c dispatched',
    );
    const bJob = await service.getJob(alice, b.id);
    expect(bJob.status).toBe('failed');
    expect(bJob.error?.message).toMatch(/input file of this job was deleted/);
    // It never reached the stream.
    expect((await docOf(b.id)).dispatchSeq).toBeUndefined();
    expect(await dispatchedJobIds()).not.toContain(b.id);
    await service.cancelJob(alice, c.id);
  });

  it('does not count jobs without a limit, and does not hold them', async () => {
    const carol = newOwner('carol');
    const jobs = await createJobs(carol, 3, 0);
    expect(await statesOf(jobs)).toEqual(['dispatched', 'dispatched', 'dispatched']);
    for (const job of jobs) await service.cancelJob(carol, job.id);
  });
});

describe('after a restart', () => {
  it('releases held jobs of owners below their limit, from the documents alone', async () => {
    const alice = newOwner('alice');
    const bob = newOwner('bob');
    const aliceJobs = await createJobs(alice, 3, 2);
    const bobJobs = await createJobs(bob, 3, 2);
    expect(await statesOf([...aliceJobs, ...bobJobs])).toEqual([
      'dispatched',
      'dispatched',
      'held',
      'dispatched',
      'dispatched',
      'held',
    ]);
    // Alice's first job finished while the service was down: its event was applied, its release
    // never ran (written straight to the store, as a crash between the two would leave it).
    await repository.update(
      aliceJobs[0].id,
      {},
      { set: { status: 'succeeded', finishedAt: new Date().toISOString() } },
    );
    expect(await stateOf(aliceJobs[2].id)).toBe('held');

    const restarted = newService();
    await restarted.releaseHeldJobs();
    expect(await stateOf(aliceJobs[2].id)).toBe('dispatched');
    // Bob still has both slots taken: his held job stays held.
    expect(await stateOf(bobJobs[2].id)).toBe('held');
    // Running the pass again changes nothing and publishes nothing twice.
    const messages = (await jsm.streams.info(JOBS_STREAM)).state.messages;
    await restarted.releaseHeldJobs();
    expect((await jsm.streams.info(JOBS_STREAM)).state.messages).toBe(messages);
    for (const job of aliceJobs.slice(1)) await service.cancelJob(alice, job.id);
    for (const job of bobJobs) await service.cancelJob(bob, job.id);
  });

  it('publishes a dispatch the stop interrupted, once', async () => {
    const alice = newOwner('alice');
    const [a, b] = await createJobs(alice, 2, 1);
    // b was claimed a minute ago, then the service stopped before JetStream answered.
    const claimedAt = new Date(Date.now() - 60_000).toISOString();
    await repository.update(b.id, {}, { set: { dispatchedAt: claimedAt } });
    expect(await stateOf(b.id)).toBe('claimed');

    await newService().releaseHeldJobs();
    const doc = await docOf(b.id);
    expect(await stateOf(b.id)).toBe('dispatched');
    expect(doc.dispatchedAt).toBe(claimedAt);
    expect((await dispatchedJobIds()).filter((id) => id === b.id)).toHaveLength(1);
    // A second pass finds nothing unconfirmed.
    await newService().releaseHeldJobs();
    expect((await dispatchedJobIds()).filter((id) => id === b.id)).toHaveLength(1);
    expect((await docOf(b.id)).dispatchSeq).toBe(doc.dispatchSeq);
    await service.cancelJob(alice, a.id);
    await service.cancelJob(alice, b.id);
  });
});
