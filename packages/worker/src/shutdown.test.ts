import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NatsServerHandle, startNatsServer } from '@mediakit/devstack';
import {
  connectNats,
  createLocalObjectStore,
  createLogger,
  type DispatchMessage,
  decodeJson,
  encodeJson,
  ensureJobStreams,
  ensureWorkerConsumer,
  type JobEvent,
  type NatsConnection,
  openJetStreamManager,
  subjects,
} from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import { jetstream } from '@nats-io/jetstream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunJobDeps } from './run-job.ts';
import type { ToolHandler } from './types.ts';
import { WorkerLoop } from './worker.ts';

// What SIGTERM does to a worker (runService calls WorkerLoop.stop()): Kubernetes sends it on every
// scale-down and rollout, so a stopping replica must stop pulling, hand its running job back at once
// and never start a job it pulled while stopping. Real nats-server, two loops on one consumer.
let nats: NatsServerHandle;
let nc: NatsConnection;
let dir: string;
const events: JobEvent[] = [];
const ran: Array<{ replica: string; jobId: string; at: number }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-worker-stop-'));
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  nc = await connectNats(nats.url, 'worker-shutdown-test');
  const jsm = await openJetStreamManager(nc);
  await ensureJobStreams(jsm);
  await ensureWorkerConsumer(jsm, 'imager', { ackWaitMs: 30_000, maxDeliver: 5 });
  const sub = nc.subscribe(subjects.eventsAll);
  (async () => {
    for await (const m of sub) events.push(decodeJson<JobEvent>(m.data));
  })();
}, 30_000);

afterAll(async () => {
  await nc?.close();
  await nats?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function replica(name: string, handler: ToolHandler, concurrency: number): Promise<WorkerLoop> {
  const tmpRoot = join(dir, `tmp-${name}`);
  await mkdir(tmpRoot, { recursive: true });
  const objects = createLocalObjectStore(join(dir, 'objects'));
  await objects.put(
    'uploads/in',
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer(),
  );
  const files = {
    async registerOutput(request: filesV1.RegisterOutputRequest) {
      return { ...request, source: 'output', createdAt: new Date().toISOString() };
    },
  } as unknown as RunJobDeps['files'];
  const loop = new WorkerLoop(
    nc,
    { objects, files, log: createLogger(`worker-${name}`, 'silent'), tmpRoot },
    {
      name: 'imager',
      handlers: {
        work: (ctx) => {
          ran.push({ replica: name, jobId: ctx.inputs[0].fileId, at: Date.now() });
          return handler(ctx);
        },
      },
      concurrency,
      ackWaitMs: 30_000,
      maxDeliver: 5,
    },
  );
  await loop.start();
  return loop;
}

async function dispatch(jobId: string): Promise<void> {
  const message: DispatchMessage = {
    jobId,
    ownerId: 'guest:test',
    tool: 'work',
    attempt: 1,
    params: {},
    inputs: [
      {
        fileId: jobId,
        objectKey: 'uploads/in',
        name: 'in.png',
        mime: 'image/png',
        format: 'png',
        media: 'image',
        width: 8,
        height: 8,
      },
    ],
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  };
  await jetstream(nc).publish(subjects.dispatch('imager'), encodeJson(message), { msgID: `${jobId}:1` });
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const finals = (jobId: string) =>
  events.filter((e) => e.jobId === jobId && ['succeeded', 'failed', 'canceled'].includes(e.kind));

describe('a worker that is told to stop (SIGTERM)', () => {
  it('hands its running job back, starts nothing new, and another replica finishes every job once', async () => {
    // Replica A: a job that only ends when it is aborted (a long transcode), two pulls at a time,
    // so while it works its second pull is waiting for the next job.
    const a = await replica(
      'a',
      (ctx) =>
        new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))),
      2,
    );
    await dispatch('long-1');
    await until(() => ran.some((r) => r.jobId === 'long-1'), 'replica a to start long-1');

    const stopAt = Date.now();
    const stopped = a.stop();
    // Published while A stops: A's waiting pull may bring it (or the handed-back long-1).
    await dispatch('late-1');
    await stopped;
    expect(a.activeJobs).toBe(0);
    expect(ran.filter((r) => r.replica === 'a' && r.at >= stopAt)).toEqual([]);
    // Handed back, not failed: no final event yet for either job.
    expect(finals('long-1')).toEqual([]);
    expect(finals('late-1')).toEqual([]);

    // Replica B (a rollout's new pod) picks both up at once, not after the 30 s ack wait.
    const b = await replica(
      'b',
      async (ctx) => {
        const out = join(ctx.outDir, 'out.png');
        await copyFile(ctx.inputs[0].path, out);
        return [{ path: out, name: 'out.png' }];
      },
      1,
    );
    try {
      await until(
        () => finals('long-1').length > 0 && finals('late-1').length > 0,
        'replica b to finish both',
        15_000,
      );
      await new Promise((r) => setTimeout(r, 500));
      for (const jobId of ['long-1', 'late-1']) {
        expect(finals(jobId).map((e) => e.kind)).toEqual(['succeeded']);
        expect(ran.filter((r) => r.jobId === jobId && r.replica === 'b')).toHaveLength(1);
      }
    } finally {
      await b.stop();
    }
  });
});
