import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3ObjectStoreOptions } from '@mediakit/kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { incompleteUploads, s3Backend } from '../../packages/kit/test/contract-backends.ts';
import { UserClient } from '../integration/client.ts';
import { makeVideo } from '../integration/media.ts';
import { rawToolText } from '../integration/read-back.ts';
import { startTestStack, type TestStack } from '../integration/stack.ts';

/**
 * The S3 server goes away while bytes move: radosgw is stopped for a few seconds while image and
 * video jobs run and a large upload streams in, then started again. Every job ends (succeeded, or
 * failed with a sentence a user can read), an upload made during the outage waits and lands, the
 * large one lands whole or is refused with a sentence, the bucket holds no partial object and no
 * unfinished multipart upload, and the same service processes serve new work afterwards.
 */

const restartUrl = inject('s3').restartUrl;
let stack: TestStack;
let s3: S3ObjectStoreOptions;
let dir: string;

beforeAll(async () => {
  if (!restartUrl) return;
  s3 = s3Backend(`restart-${randomUUID().slice(0, 8)}`);
  stack = await startTestStack({
    s3: { ...s3, encryptionKey: randomBytes(32).toString('base64') },
    serviceEnv: { gateway: { RATE_LIMIT_AUTH_PER_MINUTE: '1000' } },
  });
  dir = await mkdtemp(join(tmpdir(), 'mk-rgw-restart-'));
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Job = { id: string; status: string; error?: { message?: string }; outputs?: { id: string }[] };

/** A form upload: 201 with the new file, or an error answer with the message the user sees. */
async function upload(client: UserClient, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await client.request('POST', '/files', { body: form });
  const body = (await response.json()) as { files: { id: string }[]; message?: string };
  return { status: response.status, body, id: body.files?.[0]?.id as string };
}

async function settled(client: UserClient, id: string): Promise<Job> {
  const until = Date.now() + 180_000;
  for (;;) {
    const job = (await client.json<Job>('GET', `/jobs/${id}`)).body;
    if (['succeeded', 'failed', 'canceled'].includes(job.status)) return job;
    if (Date.now() > until) throw new Error(`job ${id} is stuck in ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!restartUrl)('restarting Ceph RGW while bytes move', () => {
  it('ends every job clearly, leaves no partial object, and the services recover by themselves', async () => {
    const user = await UserClient.signUp(stack.gatewayUrl, 'business', 'Fault Finder');

    const png = await sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } })
      .png()
      .toBuffer();
    await makeVideo(join(dir, 'clip.webm'), { seconds: 4, size: '640x360' });
    await makeVideo(join(dir, 'big.mp4'), {
      seconds: 12,
      size: '1280x720',
      videoCodec: ['-c:v', 'mpeg4', '-q:v', '1'],
    });
    const clip = await readFile(join(dir, 'clip.webm'));
    const big = await readFile(join(dir, 'big.mp4'));
    const pidsBefore = stack.pids();

    const image = (await upload(user, png, 'noise.png')).id;
    const video = (await upload(user, clip, 'clip.webm')).id;
    const jobIds: string[] = [];
    const startJob = async (tool: string, input: string, params: object) => {
      const created = await user.json<Job>('POST', '/jobs', { tool, inputs: [input], params });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      jobIds.push(created.body.id);
    };
    // Jobs and a large upload already moving bytes when radosgw goes away for 4 s, and more jobs
    // and an upload that start while it is away.
    await startJob('png-to-jpg', image, {});
    await startJob('trim-video', video, { start: 0, end: 3 });
    const bigUpload = upload(user, big, 'big.mp4');
    const restarted = fetch(`${restartUrl}?downForMs=4000`, { method: 'POST' });
    const rgwAnswers = () =>
      fetch(s3.endpoint).then(
        () => true,
        () => false,
      );
    await expect.poll(rgwAnswers).toBe(false);
    for (let i = 0; i < 3; i++) await startJob('png-to-jpg', image, {});
    await startJob('trim-video', video, { start: 0, end: 3 });
    const duringOutage = await upload(user, png, 'during.png');
    expect((await restarted).status).toBe(200);
    const bigAnswer = await bigUpload;

    // Every job ends; a failure says so in words, not with an address or a stack.
    const jobs = await Promise.all(jobIds.map((id) => settled(user, id)));
    for (const job of jobs) {
      if (job.status === 'succeeded') continue;
      expect(job.status, JSON.stringify(job)).toBe('failed');
      const message = job.error?.message ?? '';
      expect(message, JSON.stringify(job)).toMatch(/\w+ \w+/);
      expect(rawToolText(message), message).toBeUndefined();
    }
    // A short outage is within the adapter's retries (withS3Retry, ~10 s): the upload that started
    // while radosgw was down waited for it and landed.
    expect(duringOutage.status, JSON.stringify(duringOutage.body)).toBe(201);
    if (bigAnswer.status !== 201) {
      expect(bigAnswer.status, JSON.stringify(bigAnswer.body)).toBeGreaterThanOrEqual(500);
      expect(rawToolText(bigAnswer.body.message ?? ''), bigAnswer.body.message).toBeUndefined();
    }
    const outcome = (status: string | number, message?: string) =>
      message ? `${status} (${message})` : status;
    console.info(
      `RGW restart: jobs ${jobs.map((job) => outcome(job.status, job.error?.message)).join(', ')}; ` +
        `uploads ${[duringOutage, bigAnswer].map((answer) => outcome(answer.status, answer.body.message)).join(', ')} ` +
        `(the large one ${big.length} bytes)`,
    );

    // The bucket: every object belongs to a file that exists, no object of a failed job, nothing unfinished.
    const files = (await user.json<{ items: { id: string }[] }>('GET', '/files?limit=100')).body.items;
    const known = new Set(files.map((file) => file.id));
    for (const key of await stack.objects.list('uploads/'))
      expect(known.has(key.slice('uploads/'.length)), key).toBe(true);
    for (const job of jobs.filter((job) => job.status === 'failed'))
      expect(await stack.objects.list(`outputs/${job.id}/`)).toEqual([]);
    for (const job of jobs.filter((job) => job.status === 'succeeded')) {
      const output = await user.download(`/files/${job.outputs?.[0]?.id}/content`);
      expect(output.status).toBe(200);
    }
    await expect.poll(() => incompleteUploads(s3), { timeout: 30_000 }).toEqual([]);

    // The same processes take new work.
    const after = await upload(user, png, 'after.png');
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    await startJob('png-to-jpg', after.id, {});
    expect((await settled(user, jobIds.at(-1) as string)).status).toBe('succeeded');
    expect(stack.pids()).toEqual(pidsBefore);
  });
});
