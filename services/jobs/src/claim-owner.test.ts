import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addService,
  createEmbeddedDocumentStore,
  createGrpcClient,
  createLogger,
  type DocumentStore,
  GrpcServer,
  listenGrpc,
  stopGrpc,
} from '@mediakit/kit';
import { jobsV1 } from '@mediakit/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesClient } from './files-client.ts';
import { type JobsRpcs, jobsGrpcHandlers } from './grpc-handlers.ts';
import type { JobDoc } from './job.ts';
import type { JobBus } from './job-bus.ts';
import { JobRepository } from './job-repository.ts';
import { JobsService } from './jobs-service.ts';

/**
 * ClaimOwner over a real gRPC server and the embedded store: what the gateway calls when a guest
 * signs in. Moving owners needs neither NATS nor the files service, so those are left out.
 */
const log = createLogger('jobs-claim-test', 'silent');
const unused = new Proxy(
  {},
  {
    get: (_target, name) => () => {
      throw new Error(`ClaimOwner must not call ${String(name)}`);
    },
  },
);

let dir: string;
let store: DocumentStore;
let repository: JobRepository;
let server: InstanceType<typeof GrpcServer>;
let client: ReturnType<typeof createGrpcClient<jobsV1.JobsServiceClient>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-jobs-claim-'));
  store = createEmbeddedDocumentStore(join(dir, 'documents'));
  repository = new JobRepository(store);
  await repository.createIndexes();
  const service = new JobsService({
    repository,
    bus: unused as JobBus,
    files: unused as FilesClient,
    log,
  });
  server = new GrpcServer();
  addService<JobsRpcs>(server, jobsV1.JobsServiceService, jobsGrpcHandlers(service), log);
  const port = await listenGrpc(server, '127.0.0.1:0');
  client = createGrpcClient(jobsV1.JobsServiceClient, jobsV1.JobsServiceService, `127.0.0.1:${port}`, {
    deadlineMs: 5000,
  });
});

afterAll(async () => {
  client?.close();
  if (server) await stopGrpc(server);
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function insertJob(ownerId: string, status: JobDoc['status'] = 'succeeded'): Promise<string> {
  const now = new Date(Date.now() + counter).toISOString();
  const id = `claimjob${counter++}`;
  await repository.insert({
    _id: id,
    ownerId,
    tool: 'png-to-jpg',
    worker: 'imager',
    status,
    progress: status === 'succeeded' ? 100 : 0,
    inputs: ['f1'],
    params: {},
    attempt: 1,
    outputs: [],
    createdAt: now,
    queuedAt: now,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    retentionHours: 1,
  });
  return id;
}

const listIds = async (ownerId: string) =>
  (await client.listJobs({ ownerId, status: '', limit: 100, cursor: '' })).items.map((job) => job.id).sort();

describe('ClaimOwner', () => {
  it("moves every job of the guest to the user, finished or not, and nobody else's", async () => {
    const done = await insertJob('guest:g1');
    const waiting = await insertJob('guest:g1', 'queued');
    const bystander = await insertJob('guest:g2');

    expect(await client.claimOwner({ fromOwnerId: 'guest:g1', toOwnerId: 'user:u1' })).toEqual({ moved: 2 });

    expect(await listIds('user:u1')).toEqual([done, waiting].sort());
    expect(await listIds('guest:g1')).toEqual([]);
    await expect(client.getJob({ ownerId: 'guest:g1', id: done })).rejects.toMatchObject({ status: 404 });
    expect(await client.getJob({ ownerId: 'user:u1', id: waiting })).toMatchObject({
      id: waiting,
      status: 'queued',
    });
    expect(await client.getStats({ ownerId: 'user:u1' })).toMatchObject({
      jobs: { total: 2, queued: 1, succeeded: 1 },
    });
    expect(await listIds('guest:g2')).toEqual([bystander]);
  });

  it('is idempotent: a second claim moves nothing and keeps what moved', async () => {
    const id = await insertJob('guest:g3');
    expect(await client.claimOwner({ fromOwnerId: 'guest:g3', toOwnerId: 'user:u3' })).toEqual({ moved: 1 });
    expect(await client.claimOwner({ fromOwnerId: 'guest:g3', toOwnerId: 'user:u3' })).toEqual({ moved: 0 });
    expect(await listIds('user:u3')).toEqual([id]);
  });

  it('answers 400 without both owners, or with the same owner twice', async () => {
    for (const request of [
      { fromOwnerId: '', toOwnerId: 'user:u4' },
      { fromOwnerId: 'guest:g4', toOwnerId: '' },
      { fromOwnerId: 'guest:g4', toOwnerId: 'guest:g4' },
    ]) {
      await expect(client.claimOwner(request)).rejects.toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    }
  });
});
