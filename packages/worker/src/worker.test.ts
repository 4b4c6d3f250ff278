import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
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
import { JobFailure, type ToolHandler } from './types.ts';
import { WorkerLoop } from './worker.ts';

// The worker runtime against a real nats-server and the local object store. The files service is
// replaced by a recorder of RegisterOutput calls: its own tests cover it.
const ACK_WAIT_MS = 1500;
let nats: NatsServerHandle;
let nc: NatsConnection;
let loop: WorkerLoop;
let dir: string;
let workerTmp: string;
let objects: ReturnType<typeof createLocalObjectStore>;
const events: JobEvent[] = [];
const registered: filesV1.RegisterOutputRequest[] = [];
const calls = new Map<string, number>();

const copyInput: ToolHandler = async (ctx) => {
  const out = join(ctx.outDir, 'out.png');
  await copyFile(ctx.inputs[0].path, out);
  return [{ path: out, name: 'out.png' }];
};
const count = (jobId: string) => calls.set(jobId, (calls.get(jobId) ?? 0) + 1).get(jobId) as number;

const handlers: Record<string, ToolHandler> = {
  // Runs for well over the ack wait: only heartbeats keep JetStream from redelivering it.
  slow: async (ctx) => {
    count(ctx.inputs[0].fileId);
    await new Promise((r) => setTimeout(r, ACK_WAIT_MS * 3));
    return copyInput(ctx);
  },
  flaky: async (ctx) => {
    if (count(ctx.inputs[0].fileId) === 1) throw new Error('disk hiccup');
    return copyInput(ctx);
  },
  bad: async (ctx) => {
    count(ctx.inputs[0].fileId);
    throw new JobFailure('in.png is not something this tool can use.', { log: 'details' });
  },
  multi: async (ctx) => {
    const a = join(ctx.outDir, 'a.png');
    const b = join(ctx.outDir, 'b.png');
    await copyFile(ctx.inputs[0].path, a);
    await copyFile(ctx.inputs[0].path, b);
    return [
      { path: a, name: 'same.png' },
      { path: b, name: 'same.png' },
    ];
  },
  // Claims a PNG but writes bytes nothing can read: a bug in a tool, not the user's file.
  unreadable: async (ctx) => {
    count(ctx.inputs[0].fileId);
    const out = join(ctx.outDir, 'out.png');
    await writeFile(out, Buffer.alloc(4096, 7));
    return [{ path: out, name: 'out.png' }];
  },
  waitForCancel: async (ctx) => {
    count(ctx.inputs[0].fileId);
    await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    return [];
  },
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-worker-'));
  workerTmp = join(dir, 'tmp');
  await import('node:fs/promises').then((fs) => fs.mkdir(workerTmp));
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  nc = await connectNats(nats.url, 'worker-test');
  const jsm = await openJetStreamManager(nc);
  await ensureJobStreams(jsm);
  await ensureWorkerConsumer(jsm, 'imager', { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 });

  objects = createLocalObjectStore(join(dir, 'objects'));
  await objects.put(
    'uploads/in',
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer(),
  );
  const files = {
    async registerOutput(request: filesV1.RegisterOutputRequest) {
      registered.push(request);
      return { ...request, source: 'output', createdAt: new Date().toISOString() };
    },
  } as unknown as RunJobDeps['files'];

  const sub = nc.subscribe(subjects.eventsAll);
  (async () => {
    for await (const m of sub) events.push(decodeJson<JobEvent>(m.data));
  })();

  const log = createLogger('worker-test', 'silent');
  loop = new WorkerLoop(
    nc,
    { objects, files, log, tmpRoot: workerTmp },
    { name: 'imager', handlers, concurrency: 2, ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 },
  );
  await loop.start();
}, 30_000);

afterAll(async () => {
  await loop?.stop();
  await nc?.close();
  await nats?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function dispatch(jobId: string, tool: string): Promise<void> {
  const message: DispatchMessage = {
    jobId,
    ownerId: 'guest:test',
    tool,
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

async function finalEvent(jobId: string, timeoutMs = 20_000): Promise<JobEvent> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const final = events.find(
      (e) => e.jobId === jobId && ['succeeded', 'failed', 'canceled'].includes(e.kind),
    );
    if (final) return final;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no final event for ${jobId}`);
}

const kinds = (jobId: string) => events.filter((e) => e.jobId === jobId).map((e) => e.kind);

describe('worker loop', () => {
  it('heartbeats a job that outlasts the ack wait, so it runs exactly once', async () => {
    await dispatch('slow-1', 'slow');
    const final = await finalEvent('slow-1');
    expect(final.kind).toBe('succeeded');
    await new Promise((r) => setTimeout(r, ACK_WAIT_MS * 2));
    expect(calls.get('slow-1')).toBe(1);
    expect(kinds('slow-1').filter((k) => k === 'succeeded')).toHaveLength(1);
    expect(final.outputs?.[0]).toMatchObject({ mime: 'image/png', width: 8, height: 8, jobId: 'slow-1' });
  });

  it('retries our own errors and succeeds on the next delivery', async () => {
    await dispatch('flaky-1', 'flaky');
    const final = await finalEvent('flaky-1');
    expect(final.kind).toBe('succeeded');
    expect(calls.get('flaky-1')).toBe(2);
  });

  it('fails a job on bad input at once, with the message and log, without redelivery', async () => {
    await dispatch('bad-1', 'bad');
    const final = await finalEvent('bad-1');
    expect(final.kind).toBe('failed');
    expect(final.error).toEqual({
      message: 'in.png is not something this tool can use.',
      error_log: 'details',
    });
    await new Promise((r) => setTimeout(r, ACK_WAIT_MS * 2));
    expect(calls.get('bad-1')).toBe(1);
  });

  it('offers several outputs as one ZIP archive too', async () => {
    await dispatch('multi-1', 'multi');
    const final = await finalEvent('multi-1');
    expect(final.kind).toBe('succeeded');
    expect(final.outputs).toHaveLength(2);
    expect(final.archive).toMatchObject({ mime: 'application/zip', media: 'archive' });
    const ids = registered.filter((r) => r.jobId === 'multi-1').map((r) => r.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('fails a job whose output cannot be read back, and keeps nothing of it', async () => {
    await dispatch('unreadable-1', 'unreadable');
    const final = await finalEvent('unreadable-1', 30_000);
    expect(final.kind).toBe('failed');
    // Our fault, not the user's: retried, then failed.
    expect(calls.get('unreadable-1')).toBe(3);
    // The output was being stored while it was read: what was stored is deleted again.
    expect(await objects.list('outputs/unreadable-1/')).toEqual([]);
    expect(registered.filter((r) => r.jobId === 'unreadable-1')).toEqual([]);
  }, 40_000);

  it('stops a running job when it is canceled', async () => {
    await dispatch('cancel-1', 'waitForCancel');
    while (!calls.get('cancel-1')) await new Promise((r) => setTimeout(r, 20));
    nc.publish(subjects.cancel('cancel-1'));
    const final = await finalEvent('cancel-1');
    expect(final.kind).toBe('canceled');
  });

  it('reports an unknown tool as a failed job', async () => {
    await dispatch('unknown-1', 'no-such-tool');
    const final = await finalEvent('unknown-1');
    expect(final.kind).toBe('failed');
    expect(final.error?.message).toMatch(/not available yet/);
  });

  it('leaves no temp files behind', async () => {
    expect(await readdir(workerTmp)).toEqual([]);
  });
});
