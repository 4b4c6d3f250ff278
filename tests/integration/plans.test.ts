import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyJpeg } from '../../services/imager/test/editing-support.ts';
import { signUp } from '../support/sign-in.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * Plans and subscriptions through the public API on the real stack (docs/api.md "Accounts and
 * sessions", issue 5 "Plans"), with tiny free-plan limits so each one can be crossed: a file over
 * maxFileBytes → 413 naming the limit, more inputs than batchSize → 400, jobs beyond
 * concurrentJobs wait queued and then run, and two owners' jobs take turns. Guests have the free
 * plan's limits. An upgrade lifts the limits for the very next request (the gateway asks the auth
 * service for a user's plan every time); a downgrade waits for the period end (its arrival is
 * unit-tested with a moving clock in services/auth/src/subscriptions/subscription-service.test.ts).
 * The record-only payment provider says that nothing was charged.
 */

const FREE_MAX_BYTES = 20 * 1024;
const FREE_BATCH = 2;
const NOTICE = 'No payment was taken: this installation records plan changes without charging.';
const BILLING = { name: 'Ada Lovelace', address: '12 St James’s Square, London', country: 'GB' };

let stack: TestStack;
/** About 55 KB: over the free plan's 20 KB, well under pro's. */
let big: Buffer;
let small: Buffer;

beforeAll(async () => {
  stack = await startTestStack({
    serviceEnv: {
      auth: {
        PLAN_FREE_MAX_FILE_BYTES: String(FREE_MAX_BYTES),
        PLAN_FREE_BATCH_SIZE: String(FREE_BATCH),
        PLAN_FREE_CONCURRENT_JOBS: '1',
      },
      // One video job at a time: the order jobs start in is the order of the shared queue.
      transcoder: { WORKER_CONCURRENCY: '1' },
      gateway: { RATE_LIMIT_AUTH_PER_MINUTE: '1000' },
    },
  });
  big = await noisyJpeg(320, 240);
  small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  expect(big.length).toBeGreaterThan(FREE_MAX_BYTES);
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked by the assertions
type Body = any;

/** A caller: a bearer token, or a guest holding whatever `mk_guest` cookie the API gave it. */
class Caller {
  token?: string;
  cookie?: string;

  async call(method: string, path: string, json?: unknown): Promise<{ status: number; body: Body }> {
    const response = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
      method,
      headers: {
        ...this.headers(),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    this.keepCookie(response);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  async upload(bytes: Buffer, name: string): Promise<{ status: number; body: Body }> {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const response = await fetch(`${stack.gatewayUrl}/api/v1/files`, {
      method: 'POST',
      headers: this.headers(),
      body: form,
    });
    this.keepCookie(response);
    return { status: response.status, body: await response.json() };
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookie) headers.cookie = this.cookie;
    return headers;
  }

  private keepCookie(response: Response): void {
    const guest = response.headers.get('set-cookie')?.match(/mk_guest=([^;]+)/);
    if (guest) this.cookie = `mk_guest=${guest[1]}`;
  }
}

async function newUser(name: string): Promise<Caller> {
  const user = new Caller();
  user.token = (await signUp(stack.gatewayUrl, { name })).token;
  return user;
}

async function uploadId(caller: Caller, bytes: Buffer, name: string): Promise<string> {
  const uploaded = await caller.upload(bytes, name);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return uploaded.body.files[0].id;
}

interface Job {
  id: string;
  status: string;
  startedAt?: string;
  finishedAt?: string;
}

/** Polls the caller's job list (one request per poll: the API is rate-limited) until these jobs end. */
async function waitForJobs(caller: Caller, ids: string[], timeoutMs = 180_000): Promise<Job[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await caller.call('GET', '/jobs?limit=100');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const jobs = ids.map((id) => (list.body.items as Job[]).find((job) => job.id === id) as Job);
    if (jobs.every((job) => job && !['queued', 'running'].includes(job.status))) return jobs;
    if (Date.now() > until) throw new Error(`jobs did not finish: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The most of these jobs whose [startedAt, finishedAt) overlap at one instant. */
function maxOverlap(jobs: Job[]): number {
  const edges = jobs.flatMap((job) => [
    { at: Date.parse(job.startedAt as string), delta: 1 },
    { at: Date.parse(job.finishedAt as string), delta: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let running = 0;
  let most = 0;
  for (const edge of edges) {
    running += edge.delta;
    most = Math.max(most, running);
  }
  return most;
}

/** A job that takes a moment (ffmpeg encodes 2 s of 720p) from an input far under the free limit. */
const slowJob = (caller: Caller, fileId: string) =>
  caller.call('POST', '/jobs', {
    tool: 'convert-image-to-video',
    inputs: [fileId],
    params: { resolution: '720p', secondsPerImage: 2 },
  });

describe('plan limits', () => {
  it('GET /plans shows the configured limits', async () => {
    const plans = await new Caller().call('GET', '/plans');
    expect(plans.status).toBe(200);
    const free = plans.body.plans.find((plan: Body) => plan.id === 'free');
    expect(free.limits).toMatchObject({
      maxFileBytes: FREE_MAX_BYTES,
      batchSize: FREE_BATCH,
      concurrentJobs: 1,
    });
  });

  it('gives guests the free plan’s limits: 413 naming the file size limit, 400 over the batch size', async () => {
    const guest = new Caller();
    const tooBig = await guest.upload(big, 'big.jpg');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({
      code: 'too_large',
      message: 'big.jpg is larger than the 20 KB limit of your plan.',
    });

    const ids = [
      await uploadId(guest, small, 'a.png'),
      await uploadId(guest, small, 'b.png'),
      await uploadId(guest, small, 'c.png'),
    ];
    const tooMany = await guest.call('POST', '/jobs', { tool: 'png-to-jpg', inputs: ids, params: {} });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toEqual([
      { field: 'inputs', message: 'your plan allows up to 2 files per job, but this job has 3 files' },
    ]);
    const allowed = await guest.call('POST', '/jobs', {
      tool: 'png-to-jpg',
      inputs: ids.slice(0, 2),
      params: {},
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(202);
  });

  it('GET /stats is for signed-in users: 401 for a guest', async () => {
    const guest = new Caller();
    await uploadId(guest, small, 'mine.png');
    const stats = await guest.call('GET', '/stats');
    expect(stats.status).toBe(401);
    expect(stats.body.code).toBe('unauthorized');
  });
});

describe('subscriptions', () => {
  it('upgrading lifts the limits for the very next request; a downgrade waits for the period end', async () => {
    const user = await newUser('upgrader');
    expect((await user.upload(big, 'big.jpg')).status).toBe(413);

    const start = await user.call('GET', '/account/subscription');
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      plan: 'free',
      status: 'active',
      provider: { kind: 'record-only', charges: false, notice: NOTICE },
    });
    expect(start.body.billing).toBeUndefined();

    // A first paid plan needs billing details, and the 400 names them; an unknown plan names the plans.
    const noBilling = await user.call('PUT', '/account/subscription', { plan: 'pro' });
    expect(noBilling.status).toBe(400);
    expect(noBilling.body.details.map((d: Body) => d.field)).toEqual([
      'billing.name',
      'billing.address',
      'billing.country',
    ]);
    const unknown = await user.call('PUT', '/account/subscription', { plan: 'platinum', billing: BILLING });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('plan must be one of free, pro, business.');
    const badCountry = await user.call('PUT', '/account/subscription', {
      plan: 'pro',
      billing: { ...BILLING, country: 'XY' },
    });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.details).toEqual([
      expect.objectContaining({
        field: 'billing.country',
        message: expect.stringContaining('ISO 3166-1 alpha-2'),
      }),
    ]);

    const before = Date.now();
    const upgraded = await user.call('PUT', '/account/subscription', { plan: 'pro', billing: BILLING });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body).toMatchObject({
      plan: 'pro',
      billing: BILLING,
      provider: { charges: false, notice: NOTICE },
    });
    // A new monthly period starts now.
    expect(Date.parse(upgraded.body.currentPeriodStart)).toBeGreaterThanOrEqual(before - 1000);
    const periodDays =
      (Date.parse(upgraded.body.currentPeriodEnd) - Date.parse(upgraded.body.currentPeriodStart)) /
      86_400_000;
    expect(periodDays).toBeGreaterThanOrEqual(28);
    expect(periodDays).toBeLessThanOrEqual(31);

    // At once: the file the free plan refused, three inputs in one job, pro's retention.
    const uploaded = await user.upload(big, 'big.jpg');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const file = uploaded.body.files[0];
    const hours = (Date.parse(file.expiresAt) - Date.parse(file.createdAt)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    const ids = [file.id, await uploadId(user, small, 'a.png'), await uploadId(user, small, 'b.png')];
    const batch = await user.call('POST', '/jobs', {
      tool: 'resize-image',
      inputs: ids,
      params: { width: 8, height: 8 },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(202);
    expect((await user.call('GET', '/auth/me')).body.plan).toBe('pro');
    const stats = await user.call('GET', '/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.plan).toBe('pro');
    // The three uploads, and the job's outputs once it has finished.
    expect(stats.body.files.count).toBeGreaterThanOrEqual(3);

    // Downgrading is scheduled for the period end: until then the user keeps pro and its limits.
    const down = await user.call('PUT', '/account/subscription', { plan: 'free' });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({
      plan: 'pro',
      pendingPlan: 'free',
      currentPeriodEnd: upgraded.body.currentPeriodEnd,
    });
    expect((await user.upload(big, 'again.jpg')).status).toBe(201);
    expect((await user.call('GET', '/auth/me')).body.plan).toBe('pro');
    // Choosing pro again cancels the downgrade.
    const kept = await user.call('PUT', '/account/subscription', { plan: 'pro' });
    expect(kept.body).toMatchObject({ plan: 'pro' });
    expect(kept.body.pendingPlan).toBeUndefined();
  });

  it('is for signed-in users only', async () => {
    const guest = new Caller();
    expect((await guest.call('GET', '/account/subscription')).status).toBe(401);
    expect((await guest.call('PUT', '/account/subscription', { plan: 'pro', billing: BILLING })).status).toBe(
      401,
    );
  });
});

describe('concurrent jobs', () => {
  it('holds jobs beyond concurrentJobs in the queue and runs them later, taking turns between owners', async () => {
    const alice = await newUser('alice');
    const bob = new Caller(); // a guest: the same free plan
    const aliceFile = await uploadId(alice, small, 'alice.png');
    const bobFile = await uploadId(bob, small, 'bob.png');

    // Alice asks for four, then bob for two, all before the first one can finish.
    const aliceJobs = (await Promise.all([0, 1, 2, 3].map(() => slowJob(alice, aliceFile)))).map(
      (r) => r.body,
    );
    const bobJobs = (await Promise.all([0, 1].map(() => slowJob(bob, bobFile)))).map((r) => r.body);
    // All accepted; the ones beyond the one allowed at a time wait queued, with a place in line.
    const queued = [...aliceJobs, ...bobJobs].filter((job) => job.status === 'queued');
    expect(queued.length, JSON.stringify([...aliceJobs, ...bobJobs])).toBeGreaterThanOrEqual(4);
    for (const job of queued) expect(job.queuePosition).toBeGreaterThanOrEqual(1);

    const aliceDone = await waitForJobs(
      alice,
      aliceJobs.map((job) => job.id),
    );
    const bobDone = await waitForJobs(
      bob,
      bobJobs.map((job) => job.id),
    );
    expect([...aliceDone, ...bobDone].map((job) => job.status)).toEqual(Array(6).fill('succeeded'));
    // Never more than one of an owner's jobs at once.
    expect(maxOverlap(aliceDone)).toBe(1);
    expect(maxOverlap(bobDone)).toBe(1);
    // Fair: bob, who came second, does not wait for alice's whole batch. In one shared first-come
    // queue both his jobs would start after all four of hers; with the per-owner gate they take
    // turns, so each of his starts before her last two.
    const starts = (jobs: Job[]) =>
      jobs.map((job) => Date.parse(job.startedAt as string)).sort((a, b) => a - b);
    const [aliceStarts, bobStarts] = [starts(aliceDone), starts(bobDone)];
    expect(bobStarts[0]).toBeLessThan(aliceStarts[2]);
    expect(bobStarts[1]).toBeLessThan(aliceStarts[3]);
  });
});
