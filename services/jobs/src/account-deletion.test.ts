import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NatsServerHandle, startNatsServer } from '@mediakit/devstack';
import {
  connectNats,
  createEmbeddedDocumentStore,
  createLogger,
  type DocumentStore,
  ensureJobStreams,
  JOBS_STREAM,
  type NatsConnection,
  notFound,
  openJetStreamManager,
  publishAccountDeleted,
  subjects,
} from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import type { JetStreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeAccountDeletions, deleteJobsOf, userOwnerId } from './account-deletion.ts';
import type { FilesClient } from './files-client.ts';
import { JobBus } from './job-bus.ts';
import { JobRepository } from './job-repository.ts';
import { JobsService } from './jobs-service.ts';

/**
 * A deleted account's jobs, through a real nats-server and the embedded store: the auth service's
 * event reaches the jobs service's durable consumer, which stops the user's running work (cancel
 * message, dispatch removed from the queue), deletes their jobs and outputs, and nobody else's.
 */

/** The files service, in memory: every owner has any file it asks for; outputs deletions are noted. */
class FakeFiles implements FilesClient {
  readonly outputsDeleted: string[] = [];
  async getFile(request: filesV1.GetFileRequest): Promise<filesV1.File> {
    if (!request.id.startsWith(`${request.ownerId}:`)) throw notFound('File');
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
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      objectKey: `uploads/${request.id}`,
    };
  }
  async deleteJobOutputs(
    request: filesV1.DeleteJobOutputsRequest,
  ): Promise<filesV1.DeleteJobOutputsResponse> {
    this.outputsDeleted.push(request.jobId);
    return { deleted: 0 };
  }
}

const log = createLogger('jobs-account-deletion-test', 'silent');
let dir: string;
let nats: NatsServerHandle;
let nc: NatsConnection;
let jsm: JetStreamManager;
let store: DocumentStore;
let repository: JobRepository;
let files: FakeFiles;
let service: JobsService;
let subscription: Awaited<ReturnType<typeof consumeAccountDeletions>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-jobs-account-deletion-'));
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  nc = await connectNats(nats.url, 'jobs-account-deletion-test');
  jsm = await openJetStreamManager(nc);
  await ensureJobStreams(jsm);
  store = createEmbeddedDocumentStore(join(dir, 'documents'));
  repository = new JobRepository(store);
  await repository.createIndexes();
  files = new FakeFiles();
  service = new JobsService({ repository, bus: new JobBus(nc, jsm), files, log });
  subscription = await consumeAccountDeletions(nc, service, log, { deleteOwner: async () => 0 });
});

afterAll(async () => {
  await subscription?.stop();
  await nc?.drain();
  await store?.close();
  await nats?.stop();
  await rm(dir, { recursive: true, force: true });
});

const createJob = (ownerId: string, concurrentJobs: number) =>
  service.createJob({
    ownerId,
    tool: 'png-to-jpg',
    inputs: [`${ownerId}:in`],
    paramsJson: '{}',
    retentionHours: 1,
    concurrentJobs,
  });

async function onStream(seq: number | undefined): Promise<boolean> {
  if (seq === undefined) return false;
  try {
    return (await jsm.streams.getMessage(JOBS_STREAM, { seq })) !== null;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('account deletion', () => {
  it('stops and deletes every job of the deleted user, and only theirs', async () => {
    const owner = userOwnerId('sub-1');
    const canceled: string[] = [];
    const cancels = nc.subscribe(subjects.cancelAll, {
      callback: (_error, msg) => {
        canceled.push(msg.subject.split('.')[2]);
      },
    });
    // Limit 1: the first is on the queue, the other two are held behind it.
    const jobs = [];
    for (let i = 0; i < 3; i++) {
      jobs.push(await createJob(owner, 1));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const dispatched = await repository.findById(jobs[0].id);
    expect(await onStream(dispatched?.dispatchSeq)).toBe(true);
    const bystander = await createJob(userOwnerId('sub-2'), 1);

    await publishAccountDeleted(nc, 'sub-1');
    await until(
      async () =>
        (await service.listJobs({ ownerId: owner, status: '', limit: 10, cursor: '' })).items.length === 0,
    );
    await nc.flush();

    // The dispatched job's message is off the queue and its worker (if any) was told to stop.
    expect(await onStream(dispatched?.dispatchSeq)).toBe(false);
    expect(canceled).toEqual(expect.arrayContaining(jobs.map((job) => job.id)));
    expect(files.outputsDeleted).toEqual(expect.arrayContaining(jobs.map((job) => job.id)));
    for (const job of jobs) expect(await repository.findById(job.id)).toBeNull();
    // No held job was let onto the queue on the way out: only the other user's job is on it.
    expect((await jsm.streams.info(JOBS_STREAM)).state.messages).toBe(1);
    expect(await repository.findById(bystander.id)).not.toBeNull();
    cancels.unsubscribe();
  });

  it('is idempotent: deleting the jobs of an owner who has none deletes nothing', async () => {
    const owner = userOwnerId('sub-3');
    await createJob(owner, 2);
    expect(await deleteJobsOf(service, owner)).toBe(1);
    expect(await deleteJobsOf(service, owner)).toBe(0);
  });
});
