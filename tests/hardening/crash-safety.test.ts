import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../integration/client.ts';
import { startTestStack, type TestStack } from '../integration/stack.ts';
import { processesMentioning, processGone, until } from './support/processes.ts';
import { multipartBody } from './support/raw-http.ts';
import { sampleVideo } from './support/samples.ts';

/**
 * Crash safety (issue 10), on a stack whose launcher restarts what dies (backoff 200 ms) and whose
 * workers are redelivered a silent job after ACK_WAIT_MS = 3 s:
 * - a transcoder and an imager are killed with SIGKILL mid-job, 20 times each, always while a job
 *   in their temp dir was interrupted at most once before; every job still succeeds exactly once:
 *   one set of outputs, no duplicate, and the object store holds exactly the uploads and the
 *   recorded outputs (nothing orphaned, no half-written temp object), no worker temp dir and no
 *   ffmpeg left running;
 * - nats-server and the jobs service are killed mid-flight: no job is lost or stuck;
 * - the launcher brought every killed process back (new pid, ready), which is what `npm start` does.
 */

const ACK_WAIT_MS = 3000;
const KILLS = 20;
const JOBS_PER_WORKER = 30;
/** A job may be interrupted this often; MAX_DELIVER (10) leaves room for more. */
const MAX_INTERRUPTIONS_PER_JOB = 2;

let stack: TestStack;
const workerEnv = { ACK_WAIT_MS: String(ACK_WAIT_MS), MAX_DELIVER: '10' };

beforeAll(async () => {
  stack = await startTestStack({
    restartOnCrash: true,
    restartBackoff: { firstMs: 200, maxMs: 1000 },
    serviceEnv: {
      auth: { PLAN_FREE_CONCURRENT_JOBS: '100' },
      gateway: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
      jobs: { ...workerEnv, RELEASE_INTERVAL_SECONDS: '2' },
      transcoder: workerEnv,
      imager: workerEnv,
    },
  });
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
});

interface Submitted {
  api: ApiClient;
  jobId: string;
  uploads: string[];
  /** Outputs a successful run registers: files plus the ZIP for batches. */
  expectedFiles: number;
}

async function upload(api: ApiClient, files: Array<{ name: string; bytes: Buffer }>): Promise<string[]> {
  const { body, type } = multipartBody(files);
  const response = await api.request('POST', '/files', { body, headers: { 'content-type': type } });
  const answer = (await response.json()) as { files: Array<{ id: string }> };
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.files.map((f) => f.id);
}

async function submit(api: ApiClient, tool: string, inputs: string[], params: Record<string, unknown>) {
  const created = await api.json('POST', '/jobs', { tool, inputs, params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return created.body.id as string;
}

/** Video jobs of about a second of ffmpeg work each, for one guest. */
async function videoJobs(count: number): Promise<Submitted[]> {
  const api = new ApiClient(stack.gatewayUrl);
  const clip = await sampleVideo('mp4', { seconds: 4 });
  const [input] = await upload(api, [{ name: 'clip.mp4', bytes: clip }]);
  const jobs: Submitted[] = [];
  for (let i = 0; i < count; i++) {
    const jobId = await submit(api, 'rotate-flip-video', [input], {
      rotate: 180,
      flip: i % 2 ? 'none' : 'horizontal',
    });
    jobs.push({ api, jobId, uploads: [input], expectedFiles: 1 });
  }
  return jobs;
}

function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out[i] = state >> 16;
  }
  return out;
}

/** Image batches of six photos (six outputs and a ZIP each), for one guest. */
async function imageJobs(count: number): Promise<Submitted[]> {
  const api = new ApiClient(stack.gatewayUrl);
  const photos = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => ({
      name: `photo-${i}.jpg`,
      // Noise: JPEG cannot shrink it, so decoding and resizing take real work.
      bytes: await sharp(noise(1600 * 1200 * 3, i + 1), { raw: { width: 1600, height: 1200, channels: 3 } })
        .jpeg()
        .toBuffer(),
    })),
  );
  const inputs = await upload(api, photos);
  const jobs: Submitted[] = [];
  for (let i = 0; i < count; i++) {
    const jobId = await submit(api, 'resize-image', inputs, { width: 700 + i, fit: 'inside' });
    jobs.push({ api, jobId, uploads: inputs, expectedFiles: inputs.length + 1 });
  }
  return jobs;
}

/**
 * Kills `service` with SIGKILL `times` times, each time while its current process works on a job
 * never interrupted before (its temp dir `mk-<pid>-<job id prefix>-…` exists), then waits for the
 * launcher to bring it back. Returns the job id prefixes it interrupted.
 */
async function killMidJob(service: 'transcoder' | 'imager', times: number): Promise<string[]> {
  const interrupted: string[] = [];
  const count = (prefix: string) => interrupted.filter((p) => p === prefix).length;
  let lastPid: number | undefined;
  for (let kill = 0; kill < times; kill++) {
    await stack.waitReady(service, 60_000);
    expect(stack.pids()[service], 'the launcher started a new process').not.toBe(lastPid);
    const { pid, job } = await until(
      async () => {
        const pid = stack.pids()[service];
        if (!pid) return undefined;
        const mine = (await readdir(stack.workerTmp)).filter((d) => d.startsWith(`mk-${pid}-`));
        const fresh = mine
          .map((d) => d.split('-')[2])
          .find((prefix) => count(prefix) < MAX_INTERRUPTIONS_PER_JOB);
        return fresh ? { pid, job: fresh } : undefined;
      },
      90_000,
      `${service} to work on a job interrupted less than ${MAX_INTERRUPTIONS_PER_JOB} times (kill ${kill + 1})`,
      20,
    );
    // A moment into the work: a few ms up to half a second.
    await new Promise((r) => setTimeout(r, (kill * 37) % 500));
    if (stack.pids()[service] !== pid) continue;
    process.kill(pid, 'SIGKILL');
    lastPid = pid;
    interrupted.push(job);
    await until(() => processGone(pid), 10_000, `${service} ${pid} to die`);
  }
  return interrupted;
}

/** Every job's final state, once none is queued or running any more. */
async function settle(jobs: Submitted[], timeoutMs: number) {
  return until(
    async () => {
      const states = await Promise.all(
        jobs.map(async (j) => (await j.api.json('GET', `/jobs/${j.jobId}`)).body),
      );
      return states.every((s) => s.status !== 'queued' && s.status !== 'running') ? states : undefined;
    },
    timeoutMs,
    'every job to finish',
    500,
  );
}

/** Object keys in the local object store, and any store-internal leftovers (dot entries). */
async function storedObjects(): Promise<{ keys: string[]; internal: string[] }> {
  const root = join(stack.dataDir, 'objects');
  const keys: string[] = [];
  const internal: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (relative(root, path).startsWith('.tmp/')) internal.push(relative(root, path));
      else if (entry.name.startsWith('.')) {
        if (!entry.name.endsWith('.meta.json')) internal.push(relative(root, path));
      } else keys.push(relative(root, path));
    }
  };
  await walk(root);
  return { keys: keys.sort(), internal };
}

/**
 * Each job succeeded once with its full set of outputs, and the object store holds exactly the
 * uploads and every job's recorded outputs: no duplicate, nothing orphaned.
 */
async function expectExactlyOnce(jobs: Submitted[], states: any[]) {
  for (const [i, state] of states.entries()) {
    // On a failure, what the services logged about the job (each worker line names its delivery).
    const about = stack.logs.filter((line) => line.includes(jobs[i].jobId)).join('\n');
    expect(state.status, `job ${jobs[i].jobId}: ${JSON.stringify(state.error)}\n${about}`).toBe('succeeded');
    const files = [...state.outputs, ...(state.archive ? [state.archive] : [])];
    expect(files).toHaveLength(jobs[i].expectedFiles);
  }
  const owners = [...new Set(jobs.map((j) => j.api))];
  const expectedKeys: string[] = [];
  for (const api of owners) {
    const items: any[] = [];
    let cursor = '';
    do {
      const page = (await api.json('GET', `/files?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).body;
      items.push(...page.items);
      cursor = page.nextCursor ?? '';
    } while (cursor);
    const byJob = new Map<string, number>();
    for (const file of items) {
      if (file.jobId) byJob.set(file.jobId, (byJob.get(file.jobId) ?? 0) + 1);
      expectedKeys.push(file.jobId ? `outputs/${file.jobId}/${file.id}` : `uploads/${file.id}`);
    }
    for (const job of jobs.filter((j) => j.api === api))
      expect(byJob.get(job.jobId), `files of job ${job.jobId}`).toBe(job.expectedFiles);
  }
  return expectedKeys;
}

describe('crash safety', () => {
  let video: Submitted[] = [];
  let images: Submitted[] = [];

  it(`kill -9 of a transcoder and an imager mid-job, ${KILLS} times each: every job completes exactly once`, async () => {
    const started = Date.now();
    video = await videoJobs(JOBS_PER_WORKER);
    images = await imageJobs(JOBS_PER_WORKER);
    const [videoKills, imageKills] = await Promise.all([
      killMidJob('transcoder', KILLS),
      killMidJob('imager', KILLS),
    ]);
    expect(videoKills).toHaveLength(KILLS);
    expect(imageKills).toHaveLength(KILLS);
    const states = await settle([...video, ...images], 240_000);
    const expectedKeys = await expectExactlyOnce([...video, ...images], states);
    const stored = await storedObjects();
    expect(stored.keys).toEqual([...expectedKeys].sort());

    // The launcher brought both back each time; the last process cleaned the dead ones' temp dirs.
    await stack.waitReady('transcoder', 60_000);
    await stack.waitReady('imager', 60_000);
    await until(async () => (await readdir(stack.workerTmp)).length === 0, 20_000, 'worker temp dirs to go');
    expect(await processesMentioning(stack.workerTmp), 'ffmpeg left running by a killed worker').toEqual([]);
    // Each kill waited for the launcher's restart: waitReady of a process with a new pid (killMidJob).
    // Last, as it needs a fix in kit's local object store: a worker killed while it wrote an output leaves the store's temp file (`.tmp/<uuid>`) behind.
    expect(stored.internal, 'half-written objects left in the store').toEqual([]);
    console.log(
      `crash safety: ${2 * KILLS} kills, ${video.length + images.length} jobs succeeded exactly once in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 600_000);

  it('nats-server killed mid-flight: no job lost or stuck', async () => {
    const jobs = [...(await videoJobs(4)), ...(await imageJobs(4))];
    await until(async () => (await readdir(stack.workerTmp)).length > 0, 30_000, 'a job to start');
    const natsPid = stack.pids().nats as number;
    stack.kill('nats', 'SIGKILL');
    await until(() => processGone(natsPid), 10_000, 'nats-server to die');
    await until(
      () => stack.pids().nats && stack.pids().nats !== natsPid,
      30_000,
      'the launcher to restart nats-server',
    );
    const states = await settle(jobs, 180_000);
    const expectedKeys = await expectExactlyOnce(
      [...video, ...images, ...jobs],
      [...(await settle([...video, ...images], 10_000)), ...states],
    );
    expect((await storedObjects()).keys).toEqual([...expectedKeys].sort());
  }, 300_000);

  it('the jobs service killed mid-flight: no job lost or stuck', async () => {
    const jobs = [...(await videoJobs(4)), ...(await imageJobs(4))];
    await until(async () => (await readdir(stack.workerTmp)).length > 0, 30_000, 'a job to start');
    const jobsPid = stack.pids().jobs as number;
    stack.kill('jobs', 'SIGKILL');
    await until(() => processGone(jobsPid), 10_000, 'the jobs service to die');
    await stack.waitReady('jobs', 60_000);
    expect(stack.pids().jobs).not.toBe(jobsPid);
    const states = await settle(jobs, 180_000);
    for (const state of states) expect(state.status, JSON.stringify(state.error)).toBe('succeeded');
    const health = await new ApiClient(stack.gatewayUrl).json('GET', '/health');
    expect(health.status, JSON.stringify(health.body)).toBe(200);
  }, 300_000);
});
