import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyJpeg } from '../../services/imager/test/editing-support.ts';
import { ApiClient } from './client.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * Per-owner concurrency through the public API (docs/api.md: jobs beyond concurrentJobs are
 * accepted and wait in the queue). A guest has the free plan's limits, concurrentJobs 2 by default;
 * the imager may run 4 jobs at once here, so only the jobs service's gate keeps the guest at 2.
 */

let stack: TestStack;
let api: ApiClient;
let dir: string;

const FREE_CONCURRENT_JOBS = 2;

beforeAll(async () => {
  stack = await startTestStack({ serviceEnv: { imager: { WORKER_CONCURRENCY: '4' } } });
  api = new ApiClient(stack.gatewayUrl);
  dir = await mkdtemp(join(tmpdir(), 'mk-it-concurrency-'));
});

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Job {
  id: string;
  status: string;
  queuePosition?: number;
  startedAt?: string;
  finishedAt?: string;
}

/** The most jobs whose [startedAt, finishedAt) intervals overlap at one instant. */
function maxOverlap(jobs: Job[]): number {
  const edges = jobs.flatMap((job) => [
    { at: Date.parse(job.startedAt as string), delta: 1 },
    { at: Date.parse(job.finishedAt as string), delta: -1 },
  ]);
  // A finish and a start at the same millisecond do not overlap: finishes first.
  edges.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let running = 0;
  let most = 0;
  for (const edge of edges) {
    running += edge.delta;
    most = Math.max(most, running);
  }
  return most;
}

describe('per-owner concurrency', () => {
  it('runs at most the plan’s concurrentJobs of a guest’s jobs at once, and all of them', async () => {
    const plans = await api.json<{ plans: Array<{ id: string; limits: { concurrentJobs: number } }> }>(
      'GET',
      '/plans',
    );
    expect(plans.body.plans.find((plan) => plan.id === 'free')?.limits.concurrentJobs).toBe(
      FREE_CONCURRENT_JOBS,
    );

    // A photo large enough that compressing it takes a moment, so jobs would overlap if allowed.
    const path = join(dir, 'photo.jpg');
    await writeFile(path, await noisyJpeg(2400, 1800));
    const upload = await api.upload([path]);
    expect(upload.status).toBe(201);
    const fileId = upload.body.files[0].id as string;

    const created = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.json<Job>('POST', '/jobs', {
          tool: 'compress-image',
          inputs: [fileId],
          params: { level: 'high' },
        }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual([202, 202, 202, 202]);
    // Every job is accepted, the held ones as queued (a fast worker may have started the others).
    for (const response of created) expect(['queued', 'running']).toContain(response.body.status);
    const ids = created.map((response) => response.body.id);

    // Watch the guest's jobs while they run: never more than 2 running.
    let mostRunning = 0;
    const until = Date.now() + 120_000;
    let jobs: Job[] = [];
    for (;;) {
      const list = await api.json<{ items: Job[] }>('GET', '/jobs?limit=100');
      expect(list.status).toBe(200);
      jobs = list.body.items.filter((job) => ids.includes(job.id));
      mostRunning = Math.max(mostRunning, jobs.filter((job) => job.status === 'running').length);
      if (jobs.every((job) => job.status !== 'queued' && job.status !== 'running')) break;
      if (Date.now() > until) throw new Error(`jobs did not finish: ${JSON.stringify(jobs)}`);
      // Held jobs report a position too: behind the stream and the guest's older held jobs.
      for (const job of jobs.filter((j) => j.status === 'queued')) {
        expect(job.queuePosition).toBeGreaterThanOrEqual(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(jobs.map((job) => job.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(mostRunning).toBeLessThanOrEqual(FREE_CONCURRENT_JOBS);
    // The workers' own start and finish times say the same, whatever the polling missed.
    expect(maxOverlap(jobs)).toBeLessThanOrEqual(FREE_CONCURRENT_JOBS);
    // And the gate did hold some back: the last two started only once an earlier one finished.
    const byStart = [...jobs].sort((a, b) => Date.parse(a.startedAt ?? '') - Date.parse(b.startedAt ?? ''));
    const firstFinish = Math.min(...jobs.map((job) => Date.parse(job.finishedAt ?? '')));
    expect(Date.parse(byStart[2].startedAt ?? '')).toBeGreaterThanOrEqual(firstFinish);
  });
});
