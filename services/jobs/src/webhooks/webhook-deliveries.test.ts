import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, createEmbeddedDocumentStore, type DocumentStore } from '@mediakit/kit';
import { parseAllowedRanges } from '@mediakit/outbound';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobDoc } from '../job.ts';
import { JobRepository } from '../job-repository.ts';
import type { DeliveryMessage } from './delivery-queue.ts';
import { WebhookDeliveries } from './webhook-deliveries.ts';
import { MAX_ENDPOINTS, WebhookEndpoints } from './webhook-endpoints.ts';
import { WebhookRepository } from './webhook-repository.ts';

let dir: string;
let store: DocumentStore;
let repository: WebhookRepository;
let jobs: JobRepository;
let endpoints: WebhookEndpoints;
let deliveries: WebhookDeliveries;
let published: { message: DeliveryMessage; msgId: string }[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-webhook-deliveries-'));
  store = createEmbeddedDocumentStore(dir);
  repository = new WebhookRepository(store);
  await repository.createIndexes();
  jobs = new JobRepository(store);
  await jobs.createIndexes();
  endpoints = new WebhookEndpoints(repository, parseAllowedRanges('127.0.0.1/32'));
  published = [];
  deliveries = new WebhookDeliveries({
    repository,
    endpoints,
    jobs,
    publisher: { publish: async (message, msgId) => void published.push({ message, msgId }) },
  });
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function finishedJob(ownerId: string, status: JobDoc['status'], webhookUrl?: string): JobDoc {
  return {
    _id: `job-${ownerId}-${status}`,
    ownerId,
    tool: 'png-to-jpg',
    worker: 'imager',
    status,
    progress: 100,
    inputs: ['file-1'],
    params: {},
    attempt: 1,
    outputs: [],
    createdAt: '2026-03-01T12:00:00.000Z',
    queuedAt: '2026-03-01T12:00:00.000Z',
    finishedAt: '2026-03-01T12:00:05.000Z',
    expiresAt: '2026-03-01T13:00:00.000Z',
    retentionHours: 1,
    ...(webhookUrl ? { webhookUrl } : {}),
  };
}

const addEndpoint = (ownerId: string, events: string[], url = 'https://hooks.example/in') =>
  endpoints.create({ ownerId, url, events, description: '' });

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

describe("a job's end becomes deliveries", () => {
  it('one per endpoint asking for the event and one for the webhookUrl, queued once however often it is told', async () => {
    const failures = await addEndpoint('user:a', ['job.failed']);
    await addEndpoint('user:a', ['job.succeeded']);
    const job = finishedJob('user:a', 'failed', 'https://jobs.example/done');
    await jobs.insert(job);
    expect(await deliveries.jobFinished(job)).toBe(2);
    expect(await deliveries.jobFinished(job)).toBe(2);

    const byEndpoint = await deliveries.list({
      ownerId: 'user:a',
      endpointId: failures.id,
      jobId: '',
      limit: 0,
      cursor: '',
    });
    const byJob = await deliveries.list({
      ownerId: 'user:a',
      endpointId: '',
      jobId: job._id,
      limit: 0,
      cursor: '',
    });
    expect(byEndpoint.items.map((d) => d.event)).toEqual(['job.failed']);
    expect(byJob.items.map((d) => d.url).sort()).toEqual([
      'https://hooks.example/in',
      'https://jobs.example/done',
    ]);
    // Published with the delivery id as Nats-Msg-Id, so JetStream keeps one of each.
    expect(new Set(published.map((p) => p.msgId)).size).toBe(2);
    const body = JSON.parse((await repository.findDelivery(byEndpoint.items[0].id))?.body ?? '{}');
    expect(body).toMatchObject({
      type: 'job.failed',
      timestamp: job.finishedAt,
      data: { id: job._id, status: 'failed' },
    });
    expect(body.data.ownerId).toBeUndefined();
  });

  it('keeps the log seven days', async () => {
    const job = finishedJob('user:a', 'succeeded', 'https://jobs.example/done');
    await jobs.insert(job);
    await deliveries.jobFinished(job);
    const list = () =>
      deliveries.list({ ownerId: 'user:a', endpointId: '', jobId: job._id, limit: 0, cursor: '' });
    const [delivery] = (await list()).items;
    const created = Date.parse(delivery.createdAt);
    expect(await deliveries.sweepOnce(new Date(created + 6 * 86_400_000))).toBe(0);
    expect(await deliveries.sweepOnce(new Date(created + 7 * 86_400_000))).toBe(1);
    expect((await list()).items).toEqual([]);
  });

  it('sends nothing for guests or unfinished jobs', async () => {
    expect(await deliveries.jobFinished(finishedJob('guest:g', 'succeeded', 'https://jobs.example/x'))).toBe(
      0,
    );
    expect(await deliveries.jobFinished(finishedJob('user:a', 'running', 'https://jobs.example/x'))).toBe(0);
    expect(published).toEqual([]);
  });
});

describe('endpoints and the log are the owner’s alone', () => {
  it('answers 404 for another owner’s endpoint, job and delivery, and 401 for a guest', async () => {
    const endpoint = await addEndpoint('user:a', ['job.succeeded']);
    const job = finishedJob('user:a', 'succeeded');
    await jobs.insert(job);
    await deliveries.jobFinished(job);
    const [delivery] = (
      await deliveries.list({ ownerId: 'user:a', endpointId: endpoint.id, jobId: '', limit: 0, cursor: '' })
    ).items;
    expect(await status(endpoints.get('user:b', endpoint.id))).toBe(404);
    expect(await status(endpoints.delete('user:b', endpoint.id))).toBe(404);
    expect(await status(endpoints.rotateSecret('user:b', endpoint.id))).toBe(404);
    expect(
      await status(
        deliveries.list({ ownerId: 'user:b', endpointId: endpoint.id, jobId: '', limit: 0, cursor: '' }),
      ),
    ).toBe(404);
    expect(
      await status(
        deliveries.list({ ownerId: 'user:b', endpointId: '', jobId: job._id, limit: 0, cursor: '' }),
      ),
    ).toBe(404);
    expect(await status(deliveries.resend('user:b', delivery.id))).toBe(404);
    expect(await status(endpoints.list('guest:g'))).toBe(401);
  });

  it('checks the URL and events when saved, and caps the endpoints of an account', async () => {
    expect(await status(addEndpoint('user:a', ['job.succeeded'], 'http://10.0.0.8/hook'))).toBe(400);
    expect(await status(addEndpoint('user:a', ['job.succeeded'], 'ftp://hooks.example/'))).toBe(400);
    expect(await status(addEndpoint('user:a', ['job.started']))).toBe(400);
    expect(await status(addEndpoint('user:a', ['job.succeeded'], 'http://127.0.0.1:9/allowed'))).toBe(200);
    for (let n = 1; n < MAX_ENDPOINTS; n++) await addEndpoint('user:a', ['job.failed']);
    expect(await status(addEndpoint('user:a', ['job.failed']))).toBe(409);
  });

  it('goes with the account: endpoints, job secret and log', async () => {
    await addEndpoint('user:a', ['job.succeeded']);
    await addEndpoint('user:b', ['job.succeeded']);
    const job = finishedJob('user:a', 'succeeded', 'https://jobs.example/done');
    await jobs.insert(job);
    await deliveries.jobFinished(job);
    expect(await repository.deleteOwner('user:a')).toBe(1);
    expect((await endpoints.list('user:a')).items).toEqual([]);
    expect((await endpoints.list('user:b')).items).toHaveLength(1);
    expect(
      (await deliveries.list({ ownerId: 'user:a', endpointId: '', jobId: job._id, limit: 0, cursor: '' }))
        .items,
    ).toEqual([]);
  });
});
