import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { S3ObjectStoreOptions } from '@mediakit/kit';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { incompleteUploads, s3Backend } from '../../packages/kit/test/contract-backends.ts';
import { ApiClient, UserClient } from '../integration/client.ts';
import { makeVideo } from '../integration/media.ts';
import { startTestStack, type TestStack } from '../integration/stack.ts';

/**
 * The services moving real bytes through a real S3 (Ceph RGW, tests/s3/global-setup.ts), every
 * object encrypted: uploads (form and tus), downloads whole and by Range, job inputs and outputs,
 * retention and account deletion. After each step the bucket holds exactly what it should, and
 * no multipart upload is left unfinished.
 */

const FREE_HOURS = 0.003; // 10.8 s: visitors' things expire within the test
let stack: TestStack;
let s3: S3ObjectStoreOptions;
let dir: string;
let png: Buffer;
let video: Buffer;

beforeAll(async () => {
  s3 = s3Backend(`engine-${randomUUID().slice(0, 8)}`);
  stack = await startTestStack({
    s3: { ...s3, encryptionKey: randomBytes(32).toString('base64') },
    serviceEnv: {
      auth: { PLAN_FREE_RETENTION_HOURS: String(FREE_HOURS) },
      files: { SWEEP_INTERVAL_SECONDS: '1' },
      jobs: { SWEEP_INTERVAL_SECONDS: '1' },
      gateway: { RATE_LIMIT_AUTH_PER_MINUTE: '1000' },
    },
  });
  dir = await mkdtemp(join(tmpdir(), 'mk-s3-engine-'));
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  await makeVideo(join(dir, 'clip.webm'), { seconds: 2 });
  video = await readFile(join(dir, 'clip.webm'));
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  expect(await incompleteUploads(s3), 'unfinished multipart uploads in the bucket').toEqual([]);
});

const keys = (prefix: string) => stack.objects.list(prefix);

const signedIn = () => UserClient.signUp(stack.gatewayUrl, 'pro', 'Bucket Keeper');

async function formUpload(client: ApiClient, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await client.request('POST', '/files', { body: form });
  const body = (await response.json()) as { files: { id: string }[] };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.files[0]?.id as string;
}

async function runJob(client: ApiClient, tool: string, input: string, params: object = {}) {
  const created = await client.json('POST', '/jobs', { tool, inputs: [input], params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const final = (await client.events(created.body.id)).at(-1);
  expect(final?.event, JSON.stringify(final?.data)).toBe('succeeded');
  return final?.data as { id: string; outputs: { id: string }[] };
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the services on Ceph RGW', () => {
  let user: UserClient;
  const owned: string[] = [];

  it('stores uploads (form and tus) encrypted, and serves them whole and by Range', async () => {
    user = await signedIn();
    const image = await formUpload(user, png, 'photo.png');
    const clip = await user.uploadTus(video, 'clip.webm');
    for (const [id, bytes] of [
      [image, png],
      [clip, video],
    ] as const) {
      expect(await keys(`uploads/${id}`)).toEqual([`uploads/${id}`]);
      // At rest the bucket holds ciphertext, not the user's bytes.
      const raw = await buffer(await stack.objects.get(`uploads/${id}`));
      expect(raw.includes(bytes.subarray(0, 64))).toBe(false);
      const whole = await user.download(`/files/${id}/content`);
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(bytes)).toBe(true);
      const ranged = await user.request('GET', `/files/${id}/content`, {
        headers: { range: 'bytes=20-1043' },
      });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(20, 1044))).toBe(true);
      owned.push(`uploads/${id}`);
    }
  });

  it('runs an image and a video job from the bucket and writes their outputs to it', async () => {
    const [image, clip] = owned.map((key) => key.slice('uploads/'.length)) as [string, string];
    const jpg = await runJob(user, 'png-to-jpg', image);
    const trimmed = await runJob(user, 'trim-video', clip, { start: 0, end: 1 });
    for (const [job, magic] of [
      [jpg, Buffer.from([0xff, 0xd8, 0xff])],
      [trimmed, Buffer.from('ftyp')],
    ] as const) {
      const outputs = await keys(`outputs/${job.id}/`);
      expect(outputs.length).toBeGreaterThanOrEqual(1);
      const out = await user.download(`/files/${job.outputs[0]?.id}/content`);
      expect(out.status).toBe(200);
      expect(out.bytes.subarray(0, 12).includes(magic)).toBe(true);
      owned.push(...outputs);
    }
  });

  it('retention deletes an expired visitor upload and job output from the bucket', async () => {
    const guest = new ApiClient(stack.gatewayUrl);
    const upload = await formUpload(guest, png, 'fleeting.png');
    const job = await runJob(guest, 'png-to-jpg', upload);
    expect(await keys(`uploads/${upload}`)).toHaveLength(1);
    expect(await keys(`outputs/${job.id}/`)).not.toEqual([]);
    await eventually(
      async () =>
        (await keys(`uploads/${upload}`)).length === 0 && (await keys(`outputs/${job.id}/`)).length === 0,
      'the expired upload and output to leave the bucket',
    );
    // The user's things (pro plan: hours) stay.
    for (const key of owned) expect(await keys(key)).toEqual([key]);
  });

  it('deleting the account empties the user’s keys, and only theirs', async () => {
    const bystander = await signedIn();
    const kept = await formUpload(bystander, png, 'kept.png');
    expect((await user.request('DELETE', '/account')).status).toBe(204);
    await eventually(
      async () => (await Promise.all(owned.map(keys))).every((found) => found.length === 0),
      'the deleted user’s objects to leave the bucket',
    );
    expect(await keys(`uploads/${kept}`)).toEqual([`uploads/${kept}`]);
  });
});
