import { join } from 'node:path';
import { createLocalObjectStore } from '@mediakit/kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, UserClient } from '../integration/client.ts';
import { startTestStack, type TestStack } from '../integration/stack.ts';

/**
 * Retention as docs/api.md promises it, on the real stack with a fast clock: plans keep files for
 * seconds instead of hours (PLAN_*_RETENTION_HOURS are fractional hours) and the sweepers run every
 * second. Watched from outside, as a user and as someone with the disk: every upload, job and job
 * output disappears (record 404, object gone from the store) no later than its expiresAt plus the
 * sweep interval, and not before its expiresAt. DELETE removes the bytes at once.
 */

const FREE_HOURS = 0.002; // 7.2 s: anonymous visitors have the free plan
const PRO_HOURS = 0.003; // 10.8 s
const SWEEP_SECONDS = 1;
/** What a busy two-core machine adds to the sweep interval: the sweep itself, our polling. */
const SLACK_MS = 6_000;

let stack: TestStack;
let png: Buffer;

beforeAll(async () => {
  stack = await startTestStack({
    serviceEnv: {
      auth: { PLAN_FREE_RETENTION_HOURS: String(FREE_HOURS), PLAN_PRO_RETENTION_HOURS: String(PRO_HOURS) },
      files: { SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS) },
      jobs: { SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS) },
      gateway: { RATE_LIMIT_AUTH_PER_MINUTE: '1000' },
    },
  });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
});

const objectKeys = () => createLocalObjectStore(join(stack.dataDir, 'objects')).list('');

const signedIn = (plan: 'free' | 'pro' | 'business') => UserClient.signUp(stack.gatewayUrl, plan);

async function upload(
  client: ApiClient,
  name = 'photo.png',
): Promise<{ id: string; createdAt: string; expiresAt: string }> {
  const form = new FormData();
  form.append('file', new Blob([png]), name);
  const response = await client.request('POST', '/files', { body: form });
  const body = (await response.json()) as { files: { id: string; createdAt: string; expiresAt: string }[] };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.files[0] as { id: string; createdAt: string; expiresAt: string };
}

/** Runs the step and returns the object keys it added. */
async function keysAddedBy<T>(step: () => Promise<T>): Promise<{ result: T; keys: string[] }> {
  const before = new Set(await objectKeys());
  const result = await step();
  return { result, keys: (await objectKeys()).filter((key) => !before.has(key)) };
}

async function runJob(client: ApiClient, inputId: string) {
  const created = await client.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [inputId], params: {} });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await client.events(created.body.id, 60_000);
  expect(events.at(-1)?.event).toBe('succeeded');
  return events.at(-1)?.data as {
    id: string;
    expiresAt: string;
    outputs: { id: string; expiresAt: string }[];
  };
}

interface Tracked {
  what: string;
  client: ApiClient;
  /** The API path that must answer 404 once it is gone. */
  path: string;
  /** The object-store keys that must be gone with it. */
  keys: string[];
  expiresAt: number;
  /** When the API first answered 404. */
  hiddenAt?: number;
  /** When, in addition, its objects were gone from the store. */
  goneAt?: number;
}

const hours = (ms: number) => ms / 3_600_000;

describe('retention', () => {
  it('deletes every record and object within the sweep interval of its expiresAt, per plan, and not before', async () => {
    const guest = new ApiClient(stack.gatewayUrl);
    const pro = await signedIn('pro');

    const guestUpload = await keysAddedBy(() => upload(guest));
    const job = await keysAddedBy(() => runJob(guest, guestUpload.result.id));
    const proUpload = await keysAddedBy(() => upload(pro));

    // expiresAt follows the plan: the free plan's hours for a visitor, the pro plan's for the user.
    const created = (file: { createdAt: string; expiresAt: string }) =>
      hours(Date.parse(file.expiresAt) - Date.parse(file.createdAt));
    expect(created(guestUpload.result)).toBeCloseTo(FREE_HOURS, 4);
    expect(created(proUpload.result)).toBeCloseTo(PRO_HOURS, 4);
    const output = job.result.outputs[0] as { id: string; expiresAt: string };
    expect(guestUpload.keys).toHaveLength(1);
    expect(job.keys.length).toBeGreaterThanOrEqual(1);
    expect(proUpload.keys).toHaveLength(1);

    const tracked: Tracked[] = [
      {
        what: 'guest upload',
        client: guest,
        path: `/files/${guestUpload.result.id}`,
        keys: guestUpload.keys,
        expiresAt: Date.parse(guestUpload.result.expiresAt),
      },
      {
        what: 'guest job',
        client: guest,
        path: `/jobs/${job.result.id}`,
        keys: [],
        expiresAt: Date.parse(job.result.expiresAt),
      },
      {
        what: 'guest job output',
        client: guest,
        path: `/files/${output.id}`,
        keys: job.keys,
        expiresAt: Date.parse(output.expiresAt),
      },
      {
        what: 'pro upload',
        client: pro,
        path: `/files/${proUpload.result.id}`,
        keys: proUpload.keys,
        expiresAt: Date.parse(proUpload.result.expiresAt),
      },
    ];

    // Watch until everything is gone, noting when each thing disappeared.
    const deadline = Math.max(...tracked.map((t) => t.expiresAt)) + SWEEP_SECONDS * 1000 + SLACK_MS + 5_000;
    while (tracked.some((t) => t.goneAt === undefined) && Date.now() < deadline) {
      const keys = new Set(await objectKeys());
      for (const t of tracked.filter((t) => t.goneAt === undefined)) {
        const record = await t.client.request('GET', t.path);
        await record.body?.cancel();
        const contentGone =
          !t.path.startsWith('/files/') ||
          (await t.client.request('GET', `${t.path}/content`).then(async (r) => {
            await r.body?.cancel();
            return r.status === 404;
          }));
        // The API hides an expired thing at once; the sweeper then removes record and bytes.
        if (record.status === 404 && contentGone) t.hiddenAt ??= Date.now();
        else expect(record.status, `${t.what} answers while it exists`).toBe(200);
        if (t.hiddenAt !== undefined && t.keys.every((key) => !keys.has(key))) t.goneAt = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    for (const t of tracked) {
      expect(t.goneAt, `${t.what} was never deleted`).toBeDefined();
      const late = (t.goneAt as number) - t.expiresAt;
      expect(late, `${t.what} outlived its expiresAt by ${late} ms`).toBeLessThanOrEqual(
        SWEEP_SECONDS * 1000 + SLACK_MS,
      );
      const early = t.expiresAt - (t.hiddenAt as number);
      expect(early, `${t.what} disappeared ${early} ms before its expiresAt`).toBeLessThanOrEqual(0);
    }
    // Nothing of theirs is left in the object store, and no job left a temp dir behind.
    const leftover = new Set(await objectKeys());
    expect(tracked.flatMap((t) => t.keys).filter((key) => leftover.has(key))).toEqual([]);
  });

  it('DELETE removes the bytes at once: a file, and a job with its outputs', async () => {
    const user = await signedIn('business'); // kept for days: only DELETE can remove these now
    const file = await keysAddedBy(() => upload(user));
    const job = await keysAddedBy(() => runJob(user, file.result.id));
    expect(file.keys).toHaveLength(1);
    expect(job.keys.length).toBeGreaterThanOrEqual(1);

    const deletedJob = await user.request('DELETE', `/jobs/${job.result.id}`);
    expect(deletedJob.status).toBe(204);
    const afterJob = new Set(await objectKeys()); // no waiting: checked as soon as DELETE answered
    expect(job.keys.filter((key) => afterJob.has(key))).toEqual([]);
    expect(afterJob.has(file.keys[0] as string)).toBe(true); // the input is the user's, not the job's
    expect((await user.json('GET', `/files/${(job.result.outputs[0] as { id: string }).id}`)).status).toBe(
      404,
    );

    const deletedFile = await user.request('DELETE', `/files/${file.result.id}`);
    expect(deletedFile.status).toBe(204);
    expect((await objectKeys()).includes(file.keys[0] as string)).toBe(false);
    expect((await user.request('GET', `/files/${file.result.id}/content`)).status).toBe(404);
  });
});
