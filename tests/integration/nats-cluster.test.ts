import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsClusterServer } from '@mediakit/devstack';
import { connectNats, type NatsConnection } from '@mediakit/kit';
import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyJpeg } from '../../services/imager/test/editing-support.ts';
import { ApiClient } from './client.ts';
import { makeVideo } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The prod overlay's NATS, on one machine: three clustered nats-servers, every stream and consumer
 * with 3 replicas, two imagers and two transcoders. Under a steady flow of image and video jobs
 * through the public API, the JOBS stream's leader is killed with SIGKILL and later started again.
 * What an operator checks afterwards: every accepted job finished exactly once (one terminal event,
 * one output file), a job refused during the election was refused with a sentence, and every
 * service is ready again without having been restarted.
 */

const GUESTS = 4;
const JOBS_BEFORE = 8;
const JOBS_DURING = 12;
const JOBS_AFTER = 8;
const SUBMIT_EVERY_MS = 250;

let stack: TestStack;
let dir: string;
let nc: NatsConnection;
let jsm: JetStreamManager;
const guests: Array<{ api: ApiClient; image: string; video: string }> = [];

beforeAll(async () => {
  stack = await startTestStack({
    nats: 'cluster',
    replicas: { imager: 2, transcoder: 2 },
    serviceEnv: {
      // Every guest calls from 127.0.0.1 and shares one rate limit.
      gateway: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_WRITES_PER_MINUTE: '10000' },
      imager: { WORKER_CONCURRENCY: '1' },
      transcoder: { WORKER_CONCURRENCY: '1' },
    },
  });
  dir = await mkdtemp(join(tmpdir(), 'mk-it-nats-cluster-'));
  await writeFile(join(dir, 'photo.jpg'), await noisyJpeg(640, 480));
  await makeVideo(join(dir, 'clip.webm'), { seconds: 1, size: '160x120', audioCodec: null });
  for (let i = 0; i < GUESTS; i++) {
    const api = new ApiClient(stack.gatewayUrl);
    const upload = await api.upload([join(dir, 'photo.jpg'), join(dir, 'clip.webm')]);
    expect(upload.status).toBe(201);
    guests.push({ api, image: upload.body.files[0].id, video: upload.body.files[1].id });
  }
  nc = await connectNats(stack.natsUrl, 'nats-cluster-test');
  jsm = await jetstreamManager(nc);
}, 180_000);

afterAll(async () => {
  await nc?.close();
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Submitted {
  guest: number;
  status: number;
  id?: string;
  message?: string;
  /** `election`: right after the kill; `two-nodes`: once new leaders are known, before the restart. */
  phase: 'before' | 'election' | 'two-nodes' | 'after';
}

/** One job: an image compression or a video trim, alternately, for the next guest in turn. */
async function submit(n: number, phase: Submitted['phase']): Promise<Submitted> {
  const guest = n % GUESTS;
  const { api, image, video } = guests[guest];
  const body =
    n % 2 === 0
      ? { tool: 'compress-image', inputs: [image], params: { level: 'medium' } }
      : { tool: 'trim-video', inputs: [video], params: { start: 0, end: 0.5 } };
  const response = await api.json<{ id?: string; message?: string }>('POST', '/jobs', body);
  return {
    guest,
    status: response.status,
    id: response.status === 202 ? response.body.id : undefined,
    message: response.status === 202 ? undefined : response.body?.message,
    phase,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server leading a stream or consumer, as JetStream's own API reports it (waits out an election). */
async function leaderOf(what: () => Promise<{ cluster?: { leader?: string } }>, not?: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const leader = await what().then(
      (info) => info.cluster?.leader,
      () => undefined,
    );
    if (leader && leader !== not) return leader;
    if (Date.now() > until) throw new Error(`no leader other than ${not} within 60 s`);
    await sleep(250);
  }
}

const streamLeader = (not?: string) => leaderOf(() => jsm.streams.info('JOBS'), not);
const consumerLeader = (name: string, not?: string) => leaderOf(() => jsm.consumers.info('JOBS', name), not);

/**
 * Puts a consumer's leader on `server`, so that killing the server takes the consumer's leader
 * too: a stepdown hands the leadership to another replica, until it lands there.
 */
async function moveConsumerLeader(name: string, server: string): Promise<void> {
  for (let attempt = 0; attempt < 20 && (await consumerLeader(name)) !== server; attempt++)
    await nc
      .request(`$JS.API.CONSUMER.LEADER.STEPDOWN.JOBS.${name}`, undefined, { timeout: 5000 })
      .catch(() => undefined);
  expect(await consumerLeader(name)).toBe(server);
}

async function waitFinished(guest: ApiClient, id: string): Promise<{ status: string; outputs: unknown[] }> {
  const until = Date.now() + 240_000;
  for (;;) {
    const job = await guest.json<{ status: string; outputs: unknown[] }>('GET', `/jobs/${id}`);
    if (job.status === 200 && !['queued', 'running'].includes(job.body.status)) return job.body;
    if (Date.now() > until) throw new Error(`job ${id} is stuck: ${JSON.stringify(job.body)}`);
    await sleep(500);
  }
}

describe('a 3-node NATS cluster losing the JOBS stream leader', () => {
  it('finishes every accepted job exactly once and reconnects every service by itself', async () => {
    const stream = await jsm.streams.info('JOBS');
    expect(stream.config.num_replicas).toBe(3);
    expect(stream.cluster?.replicas?.length).toBe(2);
    for (const worker of ['imager', 'transcoder'])
      expect((await jsm.consumers.info('JOBS', worker)).cluster?.replicas?.length).toBe(2);
    const pidsBefore = stack.pids();
    expect(Object.keys(pidsBefore)).toEqual(
      expect.arrayContaining(['imager', 'imager-2', 'transcoder', 'transcoder-2']),
    );
    const cluster = stack.natsCluster;
    if (!cluster) throw new Error('the stack runs no NATS cluster');

    const submitted: Array<Promise<Submitted>> = [];
    let n = 0;
    const flow = async (count: number, phase: Submitted['phase']) => {
      for (let i = 0; i < count; i++) {
        submitted.push(submit(n++, phase));
        await sleep(SUBMIT_EVERY_MS);
      }
    };

    await flow(JOBS_BEFORE, 'before');
    const leaderName = await streamLeader();
    const leader = cluster.servers.find((s) => s.name === leaderName) as NatsClusterServer;
    await moveConsumerLeader('imager', leaderName);
    await moveConsumerLeader('transcoder', leaderName);
    leader.kill('SIGKILL');
    await flow(JOBS_DURING / 2, 'election');
    // New leaders among the two servers left, for the stream and both consumers.
    const newLeader = await streamLeader(leaderName);
    const consumersAfter = {
      imager: await consumerLeader('imager', leaderName),
      transcoder: await consumerLeader('transcoder', leaderName),
    };
    await flow(JOBS_DURING / 2, 'two-nodes');
    await leader.start();
    await flow(JOBS_AFTER, 'after');

    const results = await Promise.all(submitted);
    const accepted = results.filter((r) => r.status === 202);
    const refused = results.filter((r) => r.status !== 202);
    console.log(
      `[nats-cluster] killed ${leaderName}, leader of JOBS and its consumers; now ${newLeader} leads ` +
        `the stream, consumers ${JSON.stringify(consumersAfter)}; ` +
        `${accepted.length} accepted, refused: ${JSON.stringify(refused)}`,
    );
    expect(newLeader).not.toBe(leaderName);
    expect(Object.values(consumersAfter)).not.toContain(leaderName);
    // Jobs before the kill, on two servers once new leaders are elected, and after the restart are
    // all accepted; during the election a job is either accepted or refused with 503 and a sentence
    // (nothing of the bus in it).
    expect(results.filter((r) => r.phase !== 'election' && r.status !== 202)).toEqual([]);
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.message).toMatch(/^[A-Z].*\.$/);
      expect(r.message).not.toMatch(/nats|127\.0\.0\.1|jetstream|timeout/i);
    }

    // Every accepted job succeeds, with one terminal event and one output file.
    for (const r of accepted) {
      const { api } = guests[r.guest];
      const job = await waitFinished(api, r.id as string);
      expect({ id: r.id, status: job.status }).toEqual({ id: r.id, status: 'succeeded' });
      expect(job.outputs).toHaveLength(1);
      const events = await api.events(r.id as string);
      expect(events.filter((e) => ['succeeded', 'failed', 'canceled'].includes(e.event))).toHaveLength(1);
    }
    // The files service holds exactly one output per accepted job, and none of a refused one.
    const outputsByJob = new Map<string, number>();
    for (const { api } of guests) {
      const files = await api.json<{ items: Array<{ source: string; jobId?: string }> }>(
        'GET',
        '/files?limit=100',
      );
      for (const file of files.body.items.filter((f) => f.source === 'output'))
        outputsByJob.set(file.jobId as string, (outputsByJob.get(file.jobId as string) ?? 0) + 1);
    }
    expect(Object.fromEntries(outputsByJob)).toEqual(
      Object.fromEntries(accepted.map((r) => [r.id as string, 1])),
    );

    // Nobody restarted anything: the same processes, all ready again.
    expect(stack.pids()).toEqual(pidsBefore);
    for (const unit of Object.keys(pidsBefore).filter((name) => name !== 'nats')) {
      const ready = await fetch(stack.readyUrl(unit as Parameters<TestStack['readyUrl']>[0]));
      expect({ unit, status: ready.status }).toEqual({ unit, status: 200 });
    }
  }, 600_000);
});
