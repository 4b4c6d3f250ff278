import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NatsServerHandle, startNatsServer } from '@mediakit/devstack';
import {
  ApiError,
  addService,
  connectNats,
  createEmbeddedDocumentStore,
  createGrpcClient,
  createLogger,
  type DispatchMessage,
  type DocumentStore,
  decodeJson,
  encodeJson,
  ensureEventsConsumer,
  ensureJobStreams,
  ensureWorkerConsumer,
  GrpcServer,
  JOB_EVENTS_STREAM,
  JOBS_EVENTS_CONSUMER,
  JOBS_STREAM,
  type JobEvent,
  listenGrpc,
  type NatsConnection,
  notFound,
  openJetStreamManager,
  stopGrpc,
  subjects,
} from '@mediakit/kit';
import { type filesV1, jobsV1 } from '@mediakit/proto';
import { type JetStreamClient, type JetStreamManager, type JsMsg, jetstream } from '@nats-io/jetstream';
import type { Subscription } from '@nats-io/nats-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobEventConsumer } from './event-consumer.ts';
import type { FilesClient } from './files-client.ts';
import { type JobsRpcs, jobsGrpcHandlers } from './grpc-handlers.ts';
import { JobBus } from './job-bus.ts';
import { JobRepository } from './job-repository.ts';
import { JobsService } from './jobs-service.ts';
import { listenForMaxDeliveries } from './max-deliveries.ts';

/**
 * The jobs service against a real nats-server and the embedded document store, with an in-memory
 * files service. Workers are played by the test: it pulls dispatches from the `imager` consumer and
 * publishes events on JOB_EVENTS the way packages/worker does.
 */

const ALICE = 'alice';
const BOB = 'bob';
const HOUR = 3_600_000;

/** The files service, in memory: enough to check the jobs logic on its own. */
class FakeFiles implements FilesClient {
  readonly files = new Map<string, filesV1.File>();
  readonly deletedOutputsOf: string[] = [];

  add(
    ownerId: string,
    id: string,
    name: string,
    mime: string,
    extra: Partial<filesV1.File> = {},
  ): filesV1.File {
    const file: filesV1.File = {
      id,
      ownerId,
      name,
      size: 1000,
      mime,
      media: mime.split('/')[0],
      format: name.split('.').pop() ?? '',
      source: 'upload',
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + HOUR).toISOString(),
      objectKey: `uploads/${ownerId}/${id}`,
      ...extra,
    };
    this.files.set(id, file);
    return file;
  }

  async getFile(request: filesV1.GetFileRequest): Promise<filesV1.File> {
    const file = this.files.get(request.id);
    if (!file || file.ownerId !== request.ownerId) throw notFound('File');
    return file;
  }

  async deleteJobOutputs(
    request: filesV1.DeleteJobOutputsRequest,
  ): Promise<filesV1.DeleteJobOutputsResponse> {
    this.deletedOutputsOf.push(request.jobId);
    return { deleted: 0 };
  }
}

let dir: string;
let nats: NatsServerHandle;
let nc: NatsConnection;
let jsm: JetStreamManager;
let js: JetStreamClient;
let store: DocumentStore;
let files: FakeFiles;
let service: JobsService;
let events: JobEventConsumer;
let advisories: { stop(): void };

const log = createLogger('jobs-test', process.env.JOBS_TEST_LOG_LEVEL ?? 'silent');

/** Webhooks as the service sees them: the ends it reported; `failNext` makes the next report throw. */
const finished: { id: string; status: string }[] = [];
let failNext = false;
const webhooks = {
  checkJobUrl: (_ownerId: string, url: string) => url,
  async jobFinished(job: { _id: string; status: string }) {
    if (failNext) {
      failNext = false;
      throw new Error('the document store is down');
    }
    finished.push({ id: job._id, status: job.status });
  },
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-jobs-'));
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  nc = await connectNats(nats.url, 'jobs-test');
  jsm = await openJetStreamManager(nc);
  js = jetstream(nc);
  await ensureJobStreams(jsm);
  await ensureEventsConsumer(jsm);
  // The imager's consumer, as the worker creates it; short ack wait and few deliveries so the
  // max-deliveries test runs in seconds. The test acks every other dispatch it pulls at once.
  await ensureWorkerConsumer(jsm, 'imager', { ackWaitMs: 1000, maxDeliver: 2 });

  store = createEmbeddedDocumentStore(join(dir, 'documents'));
  const repository = new JobRepository(store);
  await repository.createIndexes();
  files = new FakeFiles();
  files.add(ALICE, 'png1', 'photo.png', 'image/png', { width: 64, height: 48 });
  files.add(ALICE, 'png2', 'second.png', 'image/png', { width: 32, height: 32 });
  files.add(ALICE, 'jpg1', 'photo.jpg', 'image/jpeg', { width: 64, height: 48 });
  files.add(ALICE, 'mp4', 'clip.mp4', 'video/mp4', {
    width: 320,
    height: 240,
    duration: 10,
    fps: 25,
    hasAudio: true,
  });
  files.add(BOB, 'bobpng', 'bob.png', 'image/png', { width: 10, height: 10 });

  service = new JobsService({ repository, bus: new JobBus(nc, jsm), files, log, webhooks });
  events = new JobEventConsumer(nc, (event) => service.handleEvent(event), log);
  await events.start();
  advisories = listenForMaxDeliveries(nc, (worker, seq) => service.handleMaxDeliveries(worker, seq), log);
});

afterAll(async () => {
  advisories?.stop();
  await events?.stop();
  await nc?.drain();
  await store?.close();
  await nats?.stop();
  await rm(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Helpers

const createPngJob = (ownerId = ALICE, inputs = ['png1']) =>
  service.createJob({
    ownerId,
    tool: 'png-to-jpg',
    inputs: ownerId === BOB ? ['bobpng'] : inputs,
    paramsJson: '{"quality":80}',
    retentionHours: 0,
  });

/** Pulls imager dispatches until the one of `jobId` arrives; other jobs' dispatches are acked away. */
async function pullDispatch(jobId: string, options: { ack?: boolean } = {}): Promise<JsMsg> {
  const consumer = await js.consumers.get(JOBS_STREAM, 'imager');
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const msg = await consumer.next({ expires: 2000 });
    if (!msg) continue;
    if (decodeJson<DispatchMessage>(msg.data).jobId !== jobId) {
      msg.ack();
      continue;
    }
    if (options.ack !== false) await msg.ackAck();
    return msg;
  }
  throw new Error(`no dispatch of job ${jobId} arrived`);
}

async function publishEvent(
  jobId: string,
  kind: JobEvent['kind'],
  fields: Partial<JobEvent> = {},
): Promise<void> {
  const event: JobEvent = { jobId, attempt: 1, kind, at: new Date().toISOString(), ...fields };
  await js.publish(subjects.event(jobId, kind), encodeJson(event));
}

async function waitFor<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Collects what arrives on a core NATS subject from now on. */
function collect<T>(
  subject: string,
  decode: (data: Uint8Array) => T,
): { items: T[]; subscription: Subscription } {
  const items: T[] = [];
  const subscription = nc.subscribe(subject);
  (async () => {
    for await (const message of subscription) items.push(decode(message.data));
  })();
  return { items, subscription };
}

async function streamHas(seq: number): Promise<boolean> {
  try {
    // Resolves null for a deleted message (and some versions throw instead).
    return (await jsm.streams.getMessage(JOBS_STREAM, { seq })) !== null;
  } catch {
    return false;
  }
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

const output = (jobId: string, name: string): filesV1.File => ({
  id: `${jobId}-${name}`,
  ownerId: ALICE,
  name,
  size: 500,
  mime: 'image/jpeg',
  media: 'image',
  format: 'jpg',
  width: 64,
  height: 48,
  source: 'output',
  jobId,
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + HOUR).toISOString(),
  objectKey: `outputs/${jobId}/${name}`,
});

// ---------------------------------------------------------------------------------------------------

describe('creating a job', () => {
  it('stores it queued and dispatches it to the worker pool, once per attempt', async () => {
    const before = Date.now();
    const job = await createPngJob();
    expect(job).toMatchObject({
      ownerId: ALICE,
      tool: 'png-to-jpg',
      status: 'queued',
      progress: 0,
      inputs: ['png1'],
      outputs: [],
    });
    expect(JSON.parse(job.paramsJson)).toEqual({ quality: 80 });
    expect(job.queuePosition).toBeGreaterThanOrEqual(1);
    // retention_hours 0 means one hour.
    const expiresIn = Date.parse(job.expiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(HOUR - 1000);
    expect(expiresIn).toBeLessThanOrEqual(HOUR + 5000);

    const doc = await new JobRepository(store).findById(job.id);
    if (!doc?.dispatchSeq) throw new Error('the job has no dispatch sequence');
    expect(await streamHas(doc.dispatchSeq)).toBe(true);

    // Dispatching the same attempt again stores nothing new: JetStream answers with the first message.
    const messagesBefore = (await jsm.streams.info(JOBS_STREAM)).state.messages;
    const again = await new JobBus(nc, jsm).dispatch(doc, [
      await files.getFile({ ownerId: ALICE, id: 'png1' }),
    ]);
    expect(again).toBe(doc.dispatchSeq);
    expect((await jsm.streams.info(JOBS_STREAM)).state.messages).toBe(messagesBefore);

    const msg = await pullDispatch(job.id);
    expect(msg.subject).toBe('jobs.dispatch.image');
    expect(msg.headers?.get('Nats-Msg-Id')).toBe(`${job.id}:1`);
    const dispatch = decodeJson<DispatchMessage>(msg.data);
    expect(dispatch).toEqual({
      jobId: job.id,
      ownerId: ALICE,
      tool: 'png-to-jpg',
      attempt: 1,
      params: { quality: 80 },
      inputs: [
        {
          fileId: 'png1',
          objectKey: 'uploads/alice/png1',
          name: 'photo.png',
          mime: 'image/png',
          format: 'png',
          media: 'image',
          width: 64,
          height: 48,
        },
      ],
      expiresAt: job.expiresAt,
    });
  });

  it('also answers over gRPC, with errors carried intact', async () => {
    const server = new GrpcServer();
    addService<JobsRpcs>(server, jobsV1.JobsServiceService, jobsGrpcHandlers(service), log);
    const port = await listenGrpc(server, '127.0.0.1:0');
    const client = createGrpcClient(
      jobsV1.JobsServiceClient,
      jobsV1.JobsServiceService,
      `127.0.0.1:${port}`,
      { deadlineMs: 5000 },
    );
    try {
      const job = await client.createJob({
        ownerId: ALICE,
        tool: 'png-to-jpg',
        inputs: ['png1'],
        paramsJson: '{}',
        retentionHours: 2,
        concurrentJobs: 0,
      });
      expect(job.status).toBe('queued');
      expect((await client.getJob({ ownerId: ALICE, id: job.id })).id).toBe(job.id);
      const missing = await apiError(client.getJob({ ownerId: BOB, id: job.id }));
      expect(missing).toMatchObject({ status: 404, code: 'not_found', message: 'Job was not found.' });
      const invalid = await apiError(
        client.createJob({
          ownerId: ALICE,
          tool: 'nope',
          inputs: [],
          paramsJson: '',
          retentionHours: 0,
          concurrentJobs: 0,
        }),
      );
      expect(invalid).toMatchObject({ status: 400, details: [{ field: 'tool' }] });
      expect(await client.deleteJob({ ownerId: ALICE, id: job.id })).toEqual({});
    } finally {
      client.close();
      await stopGrpc(server);
    }
  });
});

describe('validation', () => {
  it('rejects an unknown tool', async () => {
    const error = await apiError(
      service.createJob({
        ownerId: ALICE,
        tool: 'nope',
        inputs: ['png1'],
        paramsJson: '{}',
        retentionHours: 1,
      }),
    );
    expect(error).toMatchObject({
      status: 400,
      message: 'Unknown tool: nope. See GET /api/v1/tools.',
      details: [{ field: 'tool' }],
    });
  });

  it('reports every bad param in details', async () => {
    const paramsJson = JSON.stringify({ width: -1, height: 'x', fit: 'weird', extra: 1 });
    const error = await apiError(
      service.createJob({
        ownerId: ALICE,
        tool: 'resize-image',
        inputs: ['png1'],
        paramsJson,
        retentionHours: 1,
      }),
    );
    expect(error.status).toBe(400);
    const fields = (error.details as Array<{ field: string; message: string }>).map((d) => d.field).sort();
    expect(fields).toEqual(['extra', 'fit', 'height', 'width']);
    expect(error.message).toBe((error.details as Array<{ message: string }>)[0].message);
  });

  it('rejects params that are not JSON', async () => {
    const error = await apiError(
      service.createJob({
        ownerId: ALICE,
        tool: 'png-to-jpg',
        inputs: ['png1'],
        paramsJson: '{nope',
        retentionHours: 1,
      }),
    );
    expect(error).toMatchObject({ status: 400, details: [{ field: 'params' }] });
  });

  it('rejects a wrong number of inputs, naming the bounds', async () => {
    const none = await apiError(
      service.createJob({
        ownerId: ALICE,
        tool: 'png-to-jpg',
        inputs: [],
        paramsJson: '{}',
        retentionHours: 1,
      }),
    );
    expect(none).toMatchObject({ status: 400, message: 'png-to-jpg takes 1 to 50 files, but got 0.' });
    const two = await apiError(
      service.createJob({
        ownerId: ALICE,
        tool: 'trim-video',
        inputs: ['mp4', 'mp4'],
        paramsJson: '{"end":5}',
        retentionHours: 1,
      }),
    );
    expect(two).toMatchObject({ status: 400, message: 'trim-video takes exactly 1 file, but got 2.' });
  });

  it('answers 404 for an input that is missing or someone else’s', async () => {
    for (const input of ['nope', 'bobpng']) {
      const error = await apiError(
        service.createJob({
          ownerId: ALICE,
          tool: 'png-to-jpg',
          inputs: [input],
          paramsJson: '{}',
          retentionHours: 1,
        }),
      );
      expect(error).toMatchObject({ status: 404, message: 'File was not found.' });
    }
  });

  it('answers 415 naming both formats for an input of the wrong type', async () => {
    const error = await apiError(
      service.createJob({
        ownerId: ALICE,
        tool: 'png-to-jpg',
        inputs: ['png1', 'jpg1'],
        paramsJson: '{}',
        retentionHours: 1,
      }),
    );
    expect(error.status).toBe(415);
    expect(error.code).toBe('unsupported_media');
    expect(error.message).toBe('png-to-jpg takes PNG images, but photo.jpg is a JPG image.');
    expect(error.details).toEqual([{ field: 'inputs.1', message: error.message }]);
  });

  it('checks params against the probed inputs', async () => {
    const error = await apiError(
      service.createJob({
        ownerId: ALICE,
        tool: 'trim-video',
        inputs: ['mp4'],
        paramsJson: '{"start":1,"end":20}',
        retentionHours: 1,
      }),
    );
    expect(error).toMatchObject({ status: 400, details: [{ field: 'end' }] });
  });
});

describe('worker events', () => {
  it('move a job to running, then succeeded with its outputs, announcing each state', async () => {
    const job = await createPngJob();
    const updates = collect(subjects.update(job.id), (data) => jobsV1.Job.decode(data));
    await pullDispatch(job.id);

    await publishEvent(job.id, 'started');
    await publishEvent(job.id, 'progress', { progress: 40 });
    const running = await waitFor(
      () => service.getJob(ALICE, job.id),
      (j) => j.progress === 40,
      'progress 40',
    );
    expect(running.status).toBe('running');
    expect(running.startedAt).toBeDefined();
    expect(running.queuePosition).toBeUndefined();

    const outputs = [output(job.id, 'photo.jpg')];
    await publishEvent(job.id, 'succeeded', { progress: 100, outputs });
    const done = await waitFor(
      () => service.getJob(ALICE, job.id),
      (j) => j.status === 'succeeded',
      'succeeded',
    );
    expect(done).toMatchObject({ progress: 100, outputs });
    expect(done.finishedAt).toBeDefined();

    await waitFor(
      async () => updates.items.map((u) => u.status),
      (s) => s.includes('succeeded'),
      'the succeeded update',
    );
    expect(updates.items.map((u) => [u.status, u.progress])).toEqual([
      ['running', 0],
      ['running', 40],
      ['succeeded', 100],
    ]);
    expect(updates.items[2].outputs).toEqual(outputs);
    updates.subscription.unsubscribe();

    // A finished job stays finished.
    await publishEvent(job.id, 'failed', { error: { message: 'late' } });
    await publishEvent(job.id, 'progress', { progress: 10 });
    await waitForEventsDrained();
    expect((await service.getJob(ALICE, job.id)).status).toBe('succeeded');
  });

  it("tell webhooks of a job's end, again when the first telling failed", async () => {
    const job = await createPngJob();
    await pullDispatch(job.id);
    failNext = true;
    await publishEvent(job.id, 'succeeded', { outputs: [output(job.id, 'hook.jpg')] });
    await waitForEventsDrained();
    expect(finished.filter((f) => f.id === job.id)).toEqual([{ id: job.id, status: 'succeeded' }]);
    const canceled = await createPngJob();
    await service.cancelJob(ALICE, canceled.id);
    expect(finished.filter((f) => f.id === canceled.id)).toEqual([{ id: canceled.id, status: 'canceled' }]);
  });

  it('ignores events of another attempt', async () => {
    const job = await createPngJob();
    await pullDispatch(job.id);
    await publishEvent(job.id, 'started');
    await publishEvent(job.id, 'succeeded', { attempt: 2, outputs: [output(job.id, 'x.jpg')] });
    await publishEvent(job.id, 'progress', { progress: 70 });
    const after = await waitFor(
      () => service.getJob(ALICE, job.id),
      (j) => j.progress === 70,
      'progress 70',
    );
    expect(after).toMatchObject({ status: 'running', outputs: [] });
  });

  it('acks and drops an event of an unknown job', async () => {
    await publishEvent('no-such-job', 'started');
    await waitForEventsDrained();
  });
});

/** Waits until the events consumer has acked everything published so far. */
async function waitForEventsDrained(): Promise<void> {
  await waitFor(
    () => jsm.consumers.info(JOB_EVENTS_STREAM, JOBS_EVENTS_CONSUMER),
    (info) => info.num_pending === 0 && info.num_ack_pending === 0,
    'the events consumer to catch up',
  );
}

describe('cancel', () => {
  it('cancels a queued job: its dispatch leaves the queue and workers are told', async () => {
    const job = await createPngJob();
    const seq = (await new JobRepository(store).findById(job.id))?.dispatchSeq as number;
    expect(await streamHas(seq)).toBe(true);
    const cancels = collect(subjects.cancel(job.id), () => true);
    const updates = collect(subjects.update(job.id), (data) => jobsV1.Job.decode(data));
    await nc.flush();

    const canceled = await service.cancelJob(ALICE, job.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.finishedAt).toBeDefined();
    expect(await streamHas(seq)).toBe(false);
    await waitFor(
      async () => cancels.items.length,
      (n) => n === 1,
      'the cancel message',
    );
    await waitFor(
      async () => updates.items.map((u) => u.status),
      (s) => s.includes('canceled'),
      'the canceled update',
    );
    cancels.subscription.unsubscribe();
    updates.subscription.unsubscribe();

    expect(await apiError(service.cancelJob(ALICE, job.id))).toMatchObject({
      status: 409,
      message: 'This job has already finished.',
    });
  });

  it('cancels a running job', async () => {
    const job = await createPngJob();
    await pullDispatch(job.id, { ack: false });
    await publishEvent(job.id, 'started');
    await waitFor(
      () => service.getJob(ALICE, job.id),
      (j) => j.status === 'running',
      'running',
    );
    const cancels = collect(subjects.cancel(job.id), () => true);
    await nc.flush();
    expect((await service.cancelJob(ALICE, job.id)).status).toBe('canceled');
    await waitFor(
      async () => cancels.items.length,
      (n) => n === 1,
      'the cancel message',
    );
    cancels.subscription.unsubscribe();
    // The worker's own `canceled` event changes nothing any more.
    await publishEvent(job.id, 'canceled');
    await waitForEventsDrained();
    expect((await service.getJob(ALICE, job.id)).status).toBe('canceled');
  });

  it('answers 409 for a job that already succeeded', async () => {
    const job = await createPngJob();
    await pullDispatch(job.id);
    await publishEvent(job.id, 'succeeded', { outputs: [output(job.id, 'a.jpg')] });
    await waitFor(
      () => service.getJob(ALICE, job.id),
      (j) => j.status === 'succeeded',
      'succeeded',
    );
    expect(await apiError(service.cancelJob(ALICE, job.id))).toMatchObject({
      status: 409,
      message: 'This job has already finished.',
    });
  });
});

describe('retry', () => {
  it('requeues a failed job as a new attempt and dispatches it again', async () => {
    const job = await createPngJob();
    await pullDispatch(job.id);
    await publishEvent(job.id, 'started');
    await publishEvent(job.id, 'failed', {
      error: { message: 'The image is damaged.', error_log: 'vips: bad header' },
    });
    const failed = await waitFor(
      () => service.getJob(ALICE, job.id),
      (j) => j.status === 'failed',
      'failed',
    );
    expect(failed.error).toEqual({ message: 'The image is damaged.', errorLog: 'vips: bad header' });

    const retried = await service.retryJob(ALICE, job.id);
    expect(retried).toMatchObject({ status: 'queued', progress: 0, outputs: [] });
    expect(retried.error).toBeUndefined();
    expect(retried.startedAt).toBeUndefined();
    expect(retried.finishedAt).toBeUndefined();
    expect(retried.queuePosition).toBeGreaterThanOrEqual(1);
    expect(files.deletedOutputsOf).toContain(job.id);
    const doc = await new JobRepository(store).findById(job.id);
    expect(doc?.attempt).toBe(2);

    const msg = await pullDispatch(job.id);
    expect(msg.headers?.get('Nats-Msg-Id')).toBe(`${job.id}:2`);
    expect(decodeJson<DispatchMessage>(msg.data).attempt).toBe(2);
    expect(msg.seq).toBe(doc?.dispatchSeq);

    // The first attempt's late events no longer count; the second attempt's do.
    await publishEvent(job.id, 'succeeded', { attempt: 1, outputs: [output(job.id, 'old.jpg')] });
    await publishEvent(job.id, 'started', { attempt: 2 });
    const running = await waitFor(
      () => service.getJob(ALICE, job.id),
      (j) => j.status !== 'queued',
      'attempt 2 to start',
    );
    expect(running.status).toBe('running');
  });

  it('retries a canceled job, and only failed or canceled ones', async () => {
    const job = await createPngJob();
    expect(await apiError(service.retryJob(ALICE, job.id))).toMatchObject({
      status: 409,
      message: 'Only failed or canceled jobs can be retried.',
    });
    await service.cancelJob(ALICE, job.id);
    expect((await service.retryJob(ALICE, job.id)).status).toBe('queued');
    await pullDispatch(job.id);
  });
});

describe('queue positions', () => {
  // Transcoder jobs: earlier tests leave imager jobs queued, the transcoder's queue starts empty.
  const createTrimJob = () =>
    service.createJob({
      ownerId: ALICE,
      tool: 'trim-video',
      inputs: ['mp4'],
      paramsJson: '{"start":0,"end":5}',
      retentionHours: 1,
    });
  const positionsOf = (updates: { items: jobsV1.Job[] }) =>
    updates.items.map((u) => [u.status, u.queuePosition ?? null]);

  it('tells waiting jobs their new position whenever a job leaves the queue', async () => {
    const [a, b, c, d] = [
      await createTrimJob(),
      await createTrimJob(),
      await createTrimJob(),
      await createTrimJob(),
    ];
    expect([a, b, c, d].map((job) => job.queuePosition)).toEqual([1, 2, 3, 4]);
    const decode = (data: Uint8Array) => jobsV1.Job.decode(data);
    const [updatesA, updatesB, updatesC, updatesD] = [a, b, c, d].map((job) =>
      collect(subjects.update(job.id), decode),
    );
    await nc.flush();

    // A worker starts a: b, c and d each move up one.
    await publishEvent(a.id, 'started');
    await waitFor(
      async () => positionsOf(updatesD),
      (p) => p.length === 1,
      'd’s first position',
    );
    expect(positionsOf(updatesA)).toEqual([['running', null]]);
    expect(positionsOf(updatesB)).toEqual([['queued', 1]]);
    expect(positionsOf(updatesC)).toEqual([['queued', 2]]);
    expect(positionsOf(updatesD)).toEqual([['queued', 3]]);
    expect(updatesB.items[0]).toMatchObject({ id: b.id, ownerId: ALICE, tool: 'trim-video', progress: 0 });

    // Progress of a running job moves no queue: nothing for the waiting ones.
    await publishEvent(a.id, 'progress', { progress: 30 });
    await waitFor(
      async () => updatesA.items.length,
      (n) => n === 2,
      'a’s progress',
    );
    await waitForEventsDrained();

    // Canceling c (waiting) moves only d; deleting b (waiting) moves d again.
    await service.cancelJob(ALICE, c.id);
    await waitFor(
      async () => positionsOf(updatesD),
      (p) => p.length === 2,
      'd after the cancel',
    );
    await service.deleteJob(ALICE, b.id);
    await waitFor(
      async () => positionsOf(updatesD),
      (p) => p.length === 3,
      'd after the delete',
    );
    expect(positionsOf(updatesD)).toEqual([
      ['queued', 3],
      ['queued', 2],
      ['queued', 1],
    ]);
    expect(positionsOf(updatesB)).toEqual([
      ['queued', 1],
      ['canceled', null],
    ]);
    expect(positionsOf(updatesC)).toEqual([
      ['queued', 2],
      ['canceled', null],
    ]);

    // The position updates agree with GetJob, and a finished job moves no queue.
    expect((await service.getJob(ALICE, d.id)).queuePosition).toBe(1);
    await publishEvent(a.id, 'succeeded', { outputs: [output(a.id, 'a.mp4')] });
    await waitFor(
      async () => updatesA.items.length,
      (n) => n === 3,
      'a’s success',
    );
    await publishEvent(d.id, 'started');
    await waitFor(
      async () => updatesD.items.length,
      (n) => n === 4,
      'd running',
    );
    await waitForEventsDrained();
    expect(positionsOf(updatesD).at(-1)).toEqual(['running', null]);
    expect(updatesD.items).toHaveLength(4);
    for (const updates of [updatesA, updatesB, updatesC, updatesD]) updates.subscription.unsubscribe();
    await service.cancelJob(ALICE, d.id);
  });
});

describe('ownership', () => {
  it('answers 404 to everyone but the owner', async () => {
    const job = await createPngJob();
    for (const call of [
      service.getJob(BOB, job.id),
      service.cancelJob(BOB, job.id),
      service.retryJob(BOB, job.id),
      service.deleteJob(BOB, job.id),
    ]) {
      expect(await apiError(call)).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect((await service.getJob(ALICE, job.id)).status).toBe('queued');
  });
});

describe('delete', () => {
  it('stops an unfinished job, deletes its outputs and the job', async () => {
    const job = await createPngJob();
    const seq = (await new JobRepository(store).findById(job.id))?.dispatchSeq as number;
    const cancels = collect(subjects.cancel(job.id), () => true);
    await nc.flush();
    await service.deleteJob(ALICE, job.id);
    expect(files.deletedOutputsOf).toContain(job.id);
    expect(await streamHas(seq)).toBe(false);
    await waitFor(
      async () => cancels.items.length,
      (n) => n === 1,
      'the cancel message',
    );
    cancels.subscription.unsubscribe();
    expect(await apiError(service.getJob(ALICE, job.id))).toMatchObject({ status: 404 });
  });
});

describe('listing and stats', () => {
  it('pages an owner’s jobs newest first, and filters by status', async () => {
    const owner = 'lister';
    files.add(owner, 'lister-png', 'l.png', 'image/png');
    const created: jobsV1.Job[] = [];
    for (let i = 0; i < 5; i++) {
      created.push(
        await service.createJob({
          ownerId: owner,
          tool: 'png-to-jpg',
          inputs: ['lister-png'],
          paramsJson: '',
          retentionHours: 1,
        }),
      );
    }
    await service.cancelJob(owner, created[1].id);

    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const page = await service.listJobs({ ownerId: owner, status: '', limit: 2, cursor });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((j) => j.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== '');
    expect(pages).toBe(3);
    // Newest first; jobs created in the same millisecond in descending id order (binary, as the stores compare).
    const descending = (x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0);
    const newestFirst = [...created].sort(
      (a, b) => descending(a.createdAt, b.createdAt) || descending(a.id, b.id),
    );
    expect(seen).toEqual(newestFirst.map((j) => j.id));

    const canceled = await service.listJobs({ ownerId: owner, status: 'canceled', limit: 0, cursor: '' });
    expect(canceled.items.map((j) => j.id)).toEqual([created[1].id]);
    expect(canceled.nextCursor).toBe('');
    const queued = await service.listJobs({ ownerId: owner, status: 'queued', limit: 10, cursor: '' });
    expect(queued.items.every((j) => j.queuePosition !== undefined)).toBe(true);

    expect(
      await apiError(service.listJobs({ ownerId: owner, status: 'done', limit: 10, cursor: '' })),
    ).toMatchObject({
      status: 400,
      details: [{ field: 'status' }],
    });
    expect(
      await apiError(service.listJobs({ ownerId: owner, status: '', limit: 10, cursor: '!!' })),
    ).toMatchObject({ status: 400 });
  });

  it('counts an owner’s jobs per status', async () => {
    const owner = 'counter';
    files.add(owner, 'counter-png', 'c.png', 'image/png');
    const create = () =>
      service.createJob({
        ownerId: owner,
        tool: 'png-to-jpg',
        inputs: ['counter-png'],
        paramsJson: '{}',
        retentionHours: 1,
      });
    const [a, b, c, d] = [await create(), await create(), await create(), await create()];
    await service.cancelJob(owner, a.id);
    await publishEvent(b.id, 'started');
    await publishEvent(b.id, 'failed', { error: { message: 'no' } });
    await publishEvent(c.id, 'started');
    await waitFor(
      () => service.getJob(owner, c.id),
      (j) => j.status === 'running',
      'c running',
    );
    await waitFor(
      () => service.getJob(owner, b.id),
      (j) => j.status === 'failed',
      'b failed',
    );
    expect(await service.getStats(owner)).toEqual({
      jobs: { total: 4, queued: 1, running: 1, succeeded: 0, failed: 1, canceled: 1 },
    });
    expect(await service.getStats('nobody')).toEqual({
      jobs: { total: 0, queued: 0, running: 0, succeeded: 0, failed: 0, canceled: 0 },
    });
    void d;
  });
});

describe('max deliveries', () => {
  it('fails a job whose dispatch ran out of deliveries and removes the message', async () => {
    const job = await createPngJob();
    const seq = (await new JobRepository(store).findById(job.id))?.dispatchSeq as number;
    // A worker that dies on it every time: pulled, never acked, redelivered after the ack wait.
    await pullDispatch(job.id, { ack: false });
    await pullDispatch(job.id, { ack: false });
    // The next pull makes JetStream notice the message is out of deliveries and send the advisory.
    const consumer = await js.consumers.get(JOBS_STREAM, 'imager');
    const failed = await waitFor(
      async () => {
        const msg = await consumer.next({ expires: 1500 });
        msg?.ack();
        return service.getJob(ALICE, job.id);
      },
      (j) => j.status === 'failed',
      'the job to be given up',
      20_000,
    );
    expect(failed.error?.message).toBe(
      'The job stopped unexpectedly several times and was given up. Please try again.',
    );
    await waitFor(
      () => streamHas(seq),
      (has) => !has,
      'the message to be removed',
    );
  });
});

describe('sweeping', () => {
  it('deletes jobs whose retention ended, and only those', async () => {
    const short = await service.createJob({
      ownerId: ALICE,
      tool: 'png-to-jpg',
      inputs: ['png2'],
      paramsJson: '{}',
      retentionHours: 1,
    });
    const long = await service.createJob({
      ownerId: ALICE,
      tool: 'png-to-jpg',
      inputs: ['png2'],
      paramsJson: '{}',
      retentionHours: 5,
    });
    const shortSeq = (await new JobRepository(store).findById(short.id))?.dispatchSeq as number;

    expect(await service.sweepOnce(new Date())).toBe(0);
    const deleted = await service.sweepOnce(new Date(Date.now() + 2 * HOUR));
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await apiError(service.getJob(ALICE, short.id))).toMatchObject({ status: 404 });
    expect((await service.getJob(ALICE, long.id)).status).toBe('queued');
    // An unfinished expired job is taken off the queue too.
    expect(await streamHas(shortSeq)).toBe(false);
  });
});
