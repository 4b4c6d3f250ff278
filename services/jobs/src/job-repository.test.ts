import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, type DocumentStore } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobDoc } from './job.ts';
import { JobRepository } from './job-repository.ts';

let dir: string;
let store: DocumentStore;
let repository: JobRepository;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-job-repository-'));
  store = createEmbeddedDocumentStore(dir);
  repository = new JobRepository(store);
  await repository.createIndexes();
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
function heldJob(ownerId: string, queuedAt: string): JobDoc {
  n += 1;
  return {
    _id: `job-${n}`,
    ownerId,
    tool: 'png-to-jpg',
    worker: 'imager',
    status: 'queued',
    progress: 0,
    inputs: ['f'],
    params: {},
    attempt: 1,
    concurrencyLimit: 1,
    outputs: [],
    createdAt: queuedAt,
    queuedAt,
    expiresAt: '2099-01-01T00:00:00.000Z',
    retentionHours: 1,
  };
}

describe('owners with held jobs (the release safety net)', () => {
  it('finds every owner, longest waiting first, however many jobs one owner holds', async () => {
    // Alice's backlog is older and larger than the whole scan.
    for (let i = 0; i < 12; i++) {
      await repository.insert(heldJob('alice', `2025-01-01T00:00:${String(i).padStart(2, '0')}.000Z`));
    }
    await repository.insert(heldJob('bob', '2025-01-01T00:01:00.000Z'));
    await repository.insert(heldJob('carol', '2025-01-01T00:00:30.000Z'));
    // A dispatched job is not held: dave is not waiting for the safety net.
    await repository.insert({
      ...heldJob('dave', '2025-01-01T00:00:01.000Z'),
      dispatchedAt: '2025-01-01T00:00:02.000Z',
    });

    expect(await repository.ownersWithHeldJobs(10)).toEqual(['alice', 'carol', 'bob']);
    expect(await repository.ownersWithHeldJobs(2)).toEqual(['alice', 'carol']);
  });
});
