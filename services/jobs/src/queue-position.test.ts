import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, type DocumentStore } from '@mediakit/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDoc, JobStatus } from './job.ts';
import { JobRepository } from './job-repository.ts';
import { isAheadInQueue, queuePosition } from './queue-position.ts';

/** A job whose message is in its pool's stream (dispatched). */
function slot(
  _id: string,
  queuedAt: string,
  status: JobStatus = 'queued',
  worker: JobDoc['worker'] = 'imager',
) {
  return { _id, ownerId: `owner-${_id}`, queuedAt, status, worker, dispatchedAt: queuedAt };
}

/** A job held back by its owner's concurrency limit. */
function heldSlot(_id: string, ownerId: string, queuedAt: string) {
  return { _id, ownerId, queuedAt, status: 'queued' as const, worker: 'imager' as const };
}

describe('queue position (pure)', () => {
  const job = slot('m', '2030-01-01T00:00:10.000Z');

  it('counts queued jobs of the same worker queued earlier', () => {
    expect(isAheadInQueue(slot('a', '2030-01-01T00:00:01.000Z'), job)).toBe(true);
    expect(isAheadInQueue(slot('z', '2030-01-01T00:00:11.000Z'), job)).toBe(false);
  });

  it('does not count running or finished jobs, other workers, or the job itself', () => {
    expect(isAheadInQueue(slot('a', '2030-01-01T00:00:01.000Z', 'running'), job)).toBe(false);
    expect(isAheadInQueue(slot('a', '2030-01-01T00:00:01.000Z', 'failed'), job)).toBe(false);
    expect(isAheadInQueue(slot('a', '2030-01-01T00:00:01.000Z', 'queued', 'transcoder'), job)).toBe(false);
    expect(isAheadInQueue(job, job)).toBe(false);
  });

  it('orders jobs queued in the same millisecond by id', () => {
    expect(isAheadInQueue(slot('a', job.queuedAt), job)).toBe(true);
    expect(isAheadInQueue(slot('z', job.queuedAt), job)).toBe(false);
  });

  it('puts every dispatched job ahead of a held one, and no held job ahead of a dispatched one', () => {
    const late = slot('z', '2030-01-01T00:00:59.000Z');
    const early = heldSlot('a', 'owner-x', '2030-01-01T00:00:01.000Z');
    expect(isAheadInQueue(late, early)).toBe(true);
    expect(isAheadInQueue(early, late)).toBe(false);
  });

  it('among held jobs, counts only the same owner’s older ones', () => {
    const job = heldSlot('m', 'owner-x', '2030-01-01T00:00:10.000Z');
    expect(isAheadInQueue(heldSlot('a', 'owner-x', '2030-01-01T00:00:01.000Z'), job)).toBe(true);
    expect(isAheadInQueue(heldSlot('z', 'owner-x', '2030-01-01T00:00:11.000Z'), job)).toBe(false);
    expect(isAheadInQueue(heldSlot('a', 'owner-y', '2030-01-01T00:00:01.000Z'), job)).toBe(false);
  });

  it('is 1 + the jobs ahead, and nothing once the job left the queue', () => {
    expect(queuePosition(job, 0)).toBe(1);
    expect(queuePosition(job, 3)).toBe(4);
    expect(queuePosition({ ...job, status: 'running' }, 3)).toBeUndefined();
  });
});

describe('queue position (repository on the embedded store)', () => {
  let dir: string;
  let store: DocumentStore;
  let repository: JobRepository;

  const doc = (
    _id: string,
    second: number,
    status: JobStatus,
    worker: JobDoc['worker'] = 'imager',
  ): JobDoc => {
    const at = `2030-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
    return {
      _id,
      ownerId: `owner-${_id}`,
      tool: 'png-to-jpg',
      worker,
      status,
      progress: 0,
      inputs: [],
      params: {},
      attempt: 1,
      outputs: [],
      createdAt: at,
      queuedAt: at,
      dispatchedAt: at,
      expiresAt: '2030-01-02T00:00:00.000Z',
      retentionHours: 24,
    };
  };
  const heldDoc = (_id: string, second: number, ownerId: string): JobDoc => {
    const { dispatchedAt: _, ...job } = doc(_id, second, 'queued');
    return { ...job, ownerId, concurrencyLimit: 2 };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-jobs-queue-'));
    store = createEmbeddedDocumentStore(dir);
    repository = new JobRepository(store);
    await repository.createIndexes();
    const jobs = [
      doc('a', 1, 'running'),
      doc('b', 2, 'queued'),
      doc('c', 3, 'queued', 'transcoder'),
      doc('d', 4, 'queued'),
      doc('e', 4, 'queued'), // same millisecond as d
      doc('f', 5, 'succeeded'),
      doc('g', 6, 'queued'),
      heldDoc('h1', 0, 'hx'),
      heldDoc('h2', 7, 'hx'),
      heldDoc('h3', 3, 'hy'),
    ];
    for (const job of jobs) await repository.insert(job);
  });

  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('matches the pure rule across owners', async () => {
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h1', 'h2', 'h3'];
    const jobs = (await Promise.all(all.map((id) => repository.findById(id)))) as JobDoc[];
    for (const job of jobs) {
      const expected = queuePosition(job, jobs.filter((other) => isAheadInQueue(other, job)).length);
      expect(await repository.queuePositionOf(job), job._id).toBe(expected);
    }
    const byId = Object.fromEntries(
      await Promise.all(jobs.map(async (j) => [j._id, await repository.queuePositionOf(j)])),
    );
    // Held jobs: behind the 4 dispatched imager jobs, and behind their own owner's older held ones.
    expect(byId).toEqual({ a: undefined, b: 1, c: 1, d: 2, e: 3, f: undefined, g: 4, h1: 5, h2: 6, h3: 5 });
  });

  it('lists the head of a pool’s queue in position order, bounded', async () => {
    const head = await repository.queueHead('imager', 100);
    expect(head.map((job) => job._id)).toEqual(['b', 'd', 'e', 'g', 'h1', 'h3', 'h2']);
    // Every job ahead of a job of the head is in the head: counting there gives GetJob's position.
    for (const job of head) {
      const ahead = head.filter((other) => isAheadInQueue(other, job)).length;
      expect(await repository.queuePositionOf(job), job._id).toBe(queuePosition(job, ahead));
    }
    expect((await repository.queueHead('imager', 2)).map((job) => job._id)).toEqual(['b', 'd']);
    expect((await repository.queueHead('imager', 5)).map((job) => job._id)).toEqual([
      'b',
      'd',
      'e',
      'g',
      'h1',
    ]);
    expect((await repository.queueHead('transcoder', 100)).map((job) => job._id)).toEqual(['c']);
  });
});
