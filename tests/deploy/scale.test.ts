import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, type Stack, startStack } from '@mediakit/devstack';
import {
  connectNats,
  type DispatchMessage,
  decodeJson,
  encodeJson,
  type JobEvent,
  type NatsConnection,
  openObjectStore,
  subjects,
} from '@mediakit/kit';
import { jetstream } from '@nats-io/jetstream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './render.ts';

// What KEDA does to the imager Deployment, on one machine: 1, 2 and then 4 real imager processes
// (services/imager/src/main.ts, each its own Node process like each pod) pull from the one durable
// JetStream consumer `imager`, next to a real nats-server and files service (packages/devstack).
// The work must be shared, no job done twice, and the throughput per process is printed (not
// asserted: this machine's two cores are shared with other tests).
const JOBS_PER_ROUND = 24;
let stack: Stack;
let dataDir: string;
let nc: NatsConnection;
const succeeded = new Map<string, JobEvent[]>();
const finals: JobEvent[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mk-scale-'));
  stack = await startStack({
    root,
    dataDir,
    ports: 'random',
    services: ['files'],
    restartOnCrash: false,
    env: { LOG_LEVEL: 'warn' },
  });
  nc = await connectNats(stack.natsUrl, 'scale-test');
  const sub = nc.subscribe(subjects.eventsAll);
  (async () => {
    for await (const m of sub) {
      const event = decodeJson<JobEvent>(m.data);
      if (['succeeded', 'failed', 'canceled'].includes(event.kind)) finals.push(event);
      if (event.kind === 'failed' && !process.env.MK_SCALE_QUIET)
        console.log('[scale] failed', event.jobId, JSON.stringify(event.error));
      if (event.kind === 'succeeded')
        succeeded.set(event.jobId, [...(succeeded.get(event.jobId) ?? []), event]);
    }
  })();
  // One input every job converts: a photo-sized JPEG, so a job takes a noticeable moment.
  // Through the same port the services use (encrypted at rest, the key generated under DATA_DIR).
  const objects = await openObjectStore({ dataDir, encryption: {} });
  await objects.put(
    'uploads/scale-input',
    await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}, 180_000);

afterAll(async () => {
  await nc?.close();
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Imager {
  id: string;
  child: ChildProcess;
  done: string[];
  exited: Promise<number | null>;
}

/** One imager process, as one pod of the Deployment would run it. */
async function startImager(id: string): Promise<Imager> {
  const healthPort = await freePort();
  const tmp = join(dataDir, `tmp-${id}`);
  await mkdir(tmp, { recursive: true });
  const child = spawn(join(root, 'node_modules/.bin/node'), ['services/imager/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NATS_URL: stack.natsUrl,
      DATA_DIR: dataDir,
      TMP_DIR: tmp,
      FILES_GRPC_ADDR: `127.0.0.1:${stack.ports.files.GRPC_PORT}`,
      HEALTH_PORT: String(healthPort),
      WORKER_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const imager: Imager = {
    id,
    child,
    done: [],
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; jobId?: string; level?: number };
      if ((entry.level ?? 0) >= 40) console.log(`[scale] imager ${id}: ${line.slice(0, 600)}`);
      if (entry.msg === 'job succeeded' && entry.jobId) imager.done.push(entry.jobId);
    } catch {
      // not a log line
    }
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`imager ${id} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return imager;
    if (Date.now() > until) throw new Error(`imager ${id} never got ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function dispatch(jobId: string): Promise<void> {
  const message: DispatchMessage = {
    jobId,
    ownerId: 'guest:scale-test',
    tool: 'jpg-to-png',
    attempt: 1,
    params: {},
    inputs: [
      {
        fileId: `in-${jobId}`,
        objectKey: 'uploads/scale-input',
        name: 'photo.jpg',
        mime: 'image/jpeg',
        format: 'jpeg',
        media: 'image',
        width: 1600,
        height: 1200,
      },
    ],
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  };
  await jetstream(nc).publish(subjects.dispatch('imager'), encodeJson(message), { msgID: `${jobId}:1` });
}

const rounds = [1, 2, 4];
const throughput: string[] = [];

describe('imager processes sharing one JetStream consumer', () => {
  it.each(rounds)(
    '%i process(es): every job done exactly once, the work shared',
    async (count) => {
      const imagers = await Promise.all(
        Array.from({ length: count }, (_, i) => startImager(`${count}-${i + 1}`)),
      );
      const ids = Array.from({ length: JOBS_PER_ROUND }, (_, i) => `scale-${count}-${i + 1}`);
      const started = Date.now();
      await Promise.all(ids.map(dispatch));
      const until = Date.now() + 240_000;
      while (ids.some((id) => !finals.some((e) => e.jobId === id))) {
        if (Date.now() > until) throw new Error('the jobs did not all finish');
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (Date.now() - started) / 1000;
      // Late duplicates would show up shortly after.
      await new Promise((r) => setTimeout(r, 1000));
      for (const imager of imagers) imager.child.kill('SIGTERM');
      const codes = await Promise.all(imagers.map((i) => i.exited));

      for (const id of ids) {
        expect(
          finals.filter((e) => e.jobId === id).map((e) => e.kind),
          id,
        ).toEqual(['succeeded']);
        expect(succeeded.get(id)?.[0].outputs?.[0]).toMatchObject({
          mime: 'image/png',
          width: 1600,
          height: 1200,
        });
      }
      const doneBy = imagers.flatMap((i) => i.done.filter((id) => ids.includes(id)));
      expect(doneBy.sort(), 'each job done by exactly one process, once').toEqual([...ids].sort());
      for (const imager of imagers)
        expect(imager.done.length, `process ${imager.id} got work`).toBeGreaterThan(0);
      // SIGTERM on an idle worker is a clean exit (the pod ends well within its grace period).
      expect(codes).toEqual(imagers.map(() => 0));

      const line = `${count} process(es): ${JOBS_PER_ROUND} jobs in ${seconds.toFixed(1)} s = ${(JOBS_PER_ROUND / seconds).toFixed(2)} jobs/s; per process: ${imagers
        .map((i) => `${i.done.length} jobs (${(i.done.length / seconds).toFixed(2)}/s)`)
        .join(', ')}`;
      throughput.push(line);
      console.log(`[scale] ${line}`);
    },
    360_000,
  );
});
