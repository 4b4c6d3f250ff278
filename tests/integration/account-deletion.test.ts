import { join } from 'node:path';
import { createLocalObjectStore } from '@mediakit/kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/sign-in.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * `DELETE /account` removes everything the user owned, through events (issue 5, docs/api.md "Accounts
 * and sessions"): the auth service deletes the user, their sessions and subscription and publishes
 * `accounts.events.<sub>.deleted`; the files and jobs services delete the user's files (bytes and
 * records) and jobs (a running one is stopped). Checked the way a user would: within a few seconds
 * their file content URL and job answer 404, and the object store keeps nothing of theirs, while
 * another user's things stay.
 */

let stack: TestStack;
let png: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ serviceEnv: { gateway: { RATE_LIMIT_AUTH_PER_MINUTE: '1000' } } });
  png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#c35' } })
    .png()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked by the assertions
type Body = any;

async function call(
  token: string,
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // file bytes
  }
  return { status: response.status, body };
}

const newUser = (name: string) => signUp(stack.gatewayUrl, { name });

async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([png]), 'photo.png');
  const response = await fetch(`${stack.gatewayUrl}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as Body;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.files[0].id;
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const objectKeys = () => createLocalObjectStore(join(stack.dataDir, 'objects')).list('');

describe('deleting an account', () => {
  it('removes the user’s files, jobs and subscription within seconds, and nobody else’s', async () => {
    const other = await newUser('bystander');
    const otherFile = await upload(other.token);

    const user = await newUser('leaver');
    const fileId = await upload(user.token);
    const upgraded = await call(user.token, 'PUT', '/account/subscription', {
      plan: 'pro',
      billing: { name: 'Leaver', address: '1 Exit Road', country: 'IE' },
    });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    const job = await call(user.token, 'POST', '/jobs', { tool: 'png-to-jpg', inputs: [fileId], params: {} });
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    let finished: Body;
    await eventually(async () => {
      finished = (await call(user.token, 'GET', `/jobs/${job.body.id}`)).body;
      return finished.status === 'succeeded';
    }, 'the job to finish');
    const outputId = finished.outputs[0].id as string;
    // A second job still running (or waiting) when the account goes: a video takes a moment.
    const running = await call(user.token, 'POST', '/jobs', {
      tool: 'convert-image-to-video',
      inputs: [fileId],
      params: { resolution: '720p', secondsPerImage: 20 },
    });
    expect(running.status, JSON.stringify(running.body)).toBe(202);

    expect((await call(user.token, 'GET', `/files/${fileId}/content`)).status).toBe(200);
    expect((await call(user.token, 'GET', `/files/${outputId}/content`)).status).toBe(200);
    const before = await objectKeys();
    expect(before).toContain(`uploads/${fileId}`);
    expect(before.some((key) => key.startsWith(`outputs/${job.body.id}/`))).toBe(true);

    const deleted = await call(user.token, 'DELETE', '/account');
    expect(deleted.status).toBe(204);

    // The access token lives on for its few minutes, but finds nothing and can store nothing.
    await eventually(async () => {
      const answers = await Promise.all([
        call(user.token, 'GET', `/files/${fileId}/content`),
        call(user.token, 'GET', `/files/${outputId}/content`),
        call(user.token, 'GET', `/jobs/${job.body.id}`),
        call(user.token, 'GET', `/jobs/${running.body.id}`),
      ]);
      return answers.every((answer) => answer.status === 404);
    }, 'the files and jobs to answer 404');
    await eventually(async () => {
      const keys = await objectKeys();
      // Only the bystander's upload is left: no upload, output or archive of the leaver.
      return keys.length === 1 && keys[0] === `uploads/${otherFile}`;
    }, 'the object store to hold none of the user’s objects');
    const late = new FormData();
    late.append('file', new Blob([png]), 'late.png');
    const lateUpload = await fetch(`${stack.gatewayUrl}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: late,
    });
    expect(lateUpload.status).toBe(401);
    expect((await call(user.token, 'GET', '/files')).body.items).toEqual([]);
    expect((await call(user.token, 'GET', '/jobs')).body.items).toEqual([]);

    // The account itself: no profile, no subscription, no session, no sign-in.
    expect((await call(user.token, 'GET', '/auth/me')).status).toBe(401);
    expect((await call(user.token, 'GET', '/account/subscription')).status).toBe(401);
    const refresh = await fetch(`${stack.gatewayUrl}/api/v1/auth/refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: user.refresh, id: user.sub }),
    });
    expect(refresh.status).toBe(401);

    // The bystander keeps everything.
    expect((await call(other.token, 'GET', `/files/${otherFile}/content`)).status).toBe(200);
    expect((await call(other.token, 'GET', '/auth/me')).status).toBe(200);
  });
});
