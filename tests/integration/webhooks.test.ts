import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Received, Receiver } from '../support/webhook-receiver.ts';
import { ApiClient, UserClient } from './client.ts';
import { makeVideo } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * Signed webhooks (issue 28, docs/api.md "Webhooks") on the real stack: nats-server, the jobs
 * service delivering off its WEBHOOKS stream through @mediakit/outbound, the imager and transcoder
 * running real jobs. A local receiver records what arrives, and every signature is checked with
 * the Standard Webhooks reference library, as a user's receiver would. The jobs service may reach
 * 127.0.0.1 only (OUTBOUND_ALLOWED_CIDRS); 127.0.0.2 stands for every other private address.
 * Retries run on a one-second schedule (WEBHOOK_RETRY_BASE_SECONDS=1).
 */

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Verifies as a receiver does; throws when the signature or the timestamp is refused. */
const verified = (secret: string, delivery: Received) =>
  new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
    type: string;
    timestamp: string;
    data: { id: string; status: string; outputs: { id: string }[]; error?: { message: string } };
  };

let stack: TestStack;
let receiver: Receiver;
let privateListener: Receiver;
let dir: string;
let png: Buffer;
let silentVideo: Buffer;

beforeAll(async () => {
  receiver = new Receiver();
  await receiver.start('127.0.0.1');
  privateListener = new Receiver();
  await privateListener.start('127.0.0.2');
  stack = await startTestStack({
    serviceEnv: {
      gateway: { RATE_LIMIT_AUTH_PER_MINUTE: '1000' },
      jobs: { OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32', WEBHOOK_RETRY_BASE_SECONDS: '1' },
    },
  });
  dir = await mkdtemp(join(tmpdir(), 'mk-webhooks-'));
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const video = join(dir, 'clip.mp4');
  await makeVideo(video, {
    seconds: 1,
    videoCodec: ['-c:v', 'libx264', '-preset', 'ultrafast'],
    audioCodec: null,
  });
  silentVideo = await readFile(video);
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  await receiver?.stop();
  await privateListener?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function upload(client: ApiClient, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await client.request('POST', '/files', { body: form });
  const body = (await response.json()) as { files: { id: string }[] };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.files[0].id;
}

/** Runs a job to its end; answers the final Job. */
async function runJob(client: ApiClient, job: Record<string, unknown>) {
  const created = await client.json('POST', '/jobs', job);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await client.events(created.body.id, 60_000);
  return events[events.length - 1].data;
}

describe('webhooks', () => {
  let alice: UserClient;
  let jobSecret: string;
  let aliceJob: { id: string };

  beforeAll(async () => {
    alice = await UserClient.signUp(stack.gatewayUrl, 'free', 'Alice');
  });

  it("signs a job's webhookUrl delivery with the job secret; a replay ten minutes later is refused", async () => {
    const first = await alice.json('GET', '/webhooks/job-secret');
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    jobSecret = first.body.secret;
    // Shown once.
    expect((await alice.json('GET', '/webhooks/job-secret')).body.secret).toBeUndefined();

    const input = await upload(alice, png, 'leaf.png');
    const webhookUrl = `${receiver.url}/job`;
    const created = await alice.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [input], webhookUrl });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body.webhookUrl).toBe(webhookUrl);
    const [delivery] = await receiver.waitFor('/job', 1);

    const payload = verified(jobSecret, delivery);
    expect(payload.type).toBe('job.succeeded');
    const job = (await alice.json('GET', `/jobs/${created.body.id}`)).body;
    expect(payload.data).toEqual(job);
    expect(payload.data.outputs).toHaveLength(1);
    aliceJob = job;

    // The same request replayed later: the reference library refuses its old timestamp.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      expect(() => verified(jobSecret, delivery)).toThrow(/too old/);
    } finally {
      vi.useRealTimers();
    }
    // And a body changed on the way is refused whatever the time.
    expect(() =>
      verified(jobSecret, { ...delivery, body: delivery.body.replace('succeeded', 'failed') }),
    ).toThrow();

    await eventually(async () => {
      const log = await alice.json('GET', `/jobs/${created.body.id}/deliveries`);
      return log.body.items[0]?.status === 'succeeded';
    }, 'the delivery to be logged');
    const log = await alice.json('GET', `/jobs/${created.body.id}/deliveries`);
    expect(log.body.items).toHaveLength(1);
    expect(log.body.items[0]).toMatchObject({
      id: delivery.headers['webhook-id'],
      url: webhookUrl,
      event: 'job.succeeded',
      attempts: [{ attempt: 1, statusCode: 204 }],
    });
  });

  it('sends an endpoint only the events it asked for: a failed job to a job.failed endpoint', async () => {
    const endpoint = await alice.json('POST', '/webhooks', {
      url: `${receiver.url}/failures`,
      events: ['job.failed'],
      description: 'alerts',
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    expect(endpoint.body.secret).toMatch(/^whsec_/);
    expect((await alice.json('GET', `/webhooks/${endpoint.body.id}`)).body.secret).toBeUndefined();

    // A success first: not for this endpoint. Its end is handled before the failure's.
    await runJob(alice, { tool: 'png-to-jpg', inputs: [await upload(alice, png, 'ok.png')] });
    const failed = await runJob(alice, {
      tool: 'extract-audio',
      inputs: [await upload(alice, silentVideo, 'clip.mp4')],
    });
    expect(failed.status).toBe('failed');

    const [delivery] = await receiver.waitFor('/failures', 1);
    const payload = verified(endpoint.body.secret, delivery);
    expect(payload.type).toBe('job.failed');
    expect(payload.data.id).toBe(failed.id);
    expect(payload.data.error?.message).toBe('clip.mp4 has no sound to convert.');
    const log = await alice.json('GET', `/webhooks/${endpoint.body.id}/deliveries`);
    expect(log.body.items.map((d: { event: string }) => d.event)).toEqual(['job.failed']);
  });

  it('tells a job.canceled endpoint of a job its owner canceled', async () => {
    const endpoint = await alice.json('POST', '/webhooks', {
      url: `${receiver.url}/canceled`,
      events: ['job.canceled'],
    });
    expect(endpoint.status).toBe(201);
    const input = await upload(alice, silentVideo, 'long.mp4');
    // Fifty loops keep the transcoder busy well past the cancel.
    const created = await alice.json('POST', '/jobs', {
      tool: 'loop-video',
      inputs: [input],
      params: { count: 50 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect((await alice.json('POST', `/jobs/${created.body.id}/cancel`)).status).toBe(202);
    const [delivery] = await receiver.waitFor('/canceled', 1);
    const payload = verified(endpoint.body.secret, delivery);
    expect(payload).toMatchObject({
      type: 'job.canceled',
      data: { id: created.body.id, status: 'canceled' },
    });
  });

  it('retries a delivery the receiver failed, with the same webhook-id; "Send again" sends it once more', async () => {
    const bob = await UserClient.signUp(stack.gatewayUrl, 'free', 'Bob');
    receiver.answerFirst('/flaky', [500]);
    const endpoint = await bob.json('POST', '/webhooks', {
      url: `${receiver.url}/flaky`,
      events: ['job.succeeded'],
    });
    expect(endpoint.status).toBe(201);
    await runJob(bob, { tool: 'png-to-jpg', inputs: [await upload(bob, png, 'b.png')] });

    const [first, retry] = await receiver.waitFor('/flaky', 2);
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verified(endpoint.body.secret, retry).type).toBe('job.succeeded');
    await eventually(async () => {
      const log = await bob.json('GET', `/webhooks/${endpoint.body.id}/deliveries`);
      return log.body.items[0]?.status === 'succeeded';
    }, 'the retry to be logged');
    const [logged] = (await bob.json('GET', `/webhooks/${endpoint.body.id}/deliveries`)).body.items;
    expect(logged.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 204]);

    // A rotated secret signs the next attempt; "Send again" makes it now, same webhook-id.
    const rotated = await bob.json('POST', `/webhooks/${endpoint.body.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.body.secret);
    const resent = await bob.json('POST', `/webhook-deliveries/${logged.id}/resend`);
    expect(resent.status).toBe(202);
    const again = (await receiver.waitFor('/flaky', 3))[2];
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verified(rotated.body.secret, again).type).toBe('job.succeeded');
    expect(() => verified(endpoint.body.secret, again)).toThrow();
    await eventually(async () => {
      const log = await bob.json('GET', `/webhooks/${endpoint.body.id}/deliveries`);
      return log.body.items[0]?.attempts.length === 3;
    }, '"Send again" to be logged');
    const [after] = (await bob.json('GET', `/webhooks/${endpoint.body.id}/deliveries`)).body.items;
    expect(after.attempts[2]).toMatchObject({ attempt: 3, statusCode: 204, resend: true });

    // Another user sees none of it.
    const carol = await UserClient.signUp(stack.gatewayUrl, 'free', 'Carol');
    for (const [method, path] of [
      ['GET', `/webhooks/${endpoint.body.id}`],
      ['DELETE', `/webhooks/${endpoint.body.id}`],
      ['POST', `/webhooks/${endpoint.body.id}/rotate-secret`],
      ['GET', `/webhooks/${endpoint.body.id}/deliveries`],
      ['POST', `/webhook-deliveries/${logged.id}/resend`],
      ['GET', `/jobs/${aliceJob.id}/deliveries`],
    ]) {
      const answer = await carol.json(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await carol.json('GET', '/webhooks')).body.items).toEqual([]);

    const deleted = await bob.json('DELETE', `/webhooks/${endpoint.body.id}`);
    expect(deleted.status).toBe(204);
    expect((await bob.json('GET', `/webhooks/${endpoint.body.id}`)).status).toBe(404);
  });

  it('refuses a private address when it is saved, and nothing connects to it', async () => {
    const url = `${privateListener.url}/hook`;
    const input = await upload(alice, png, 'p.png');
    const job = await alice.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [input], webhookUrl: url });
    expect(job.status).toBe(400);
    expect(job.body.message).toBe(
      'That link points to a private or local network address, which Mediakit never connects to. Use a public link.',
    );
    expect(job.body.details).toEqual([{ field: 'webhookUrl', message: job.body.message }]);
    const endpoint = await alice.json('POST', '/webhooks', { url, events: ['job.succeeded'] });
    expect(endpoint.status).toBe(400);
    expect(endpoint.body.message).toBe(job.body.message);
    expect(privateListener.connections).toBe(0);
  });

  it('is for accounts: a guest gets 401 with a sentence', async () => {
    const guest = new ApiClient(stack.gatewayUrl);
    const input = await upload(guest, png, 'g.png');
    const job = await guest.json('POST', '/jobs', {
      tool: 'png-to-jpg',
      inputs: [input],
      webhookUrl: `${receiver.url}/guest`,
    });
    expect(job.status).toBe(401);
    expect(job.body.message).toMatch(/sign in/i);
    expect((await guest.json('GET', '/webhooks')).status).toBe(401);
  });

  it('takes API keys: jobs:read lists endpoints, adding one needs jobs:write', async () => {
    const created = await alice.json('POST', '/account/api-keys', { name: 'reader', scopes: ['jobs:read'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reader = new UserClient(stack.gatewayUrl);
    reader.token = created.body.secret;
    const listed = await reader.json('GET', '/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.items.length).toBeGreaterThan(0);
    const refused = await reader.json('POST', '/webhooks', {
      url: `${receiver.url}/key`,
      events: ['job.failed'],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('insufficient_scope');
  });
});
