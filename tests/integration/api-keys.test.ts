import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp } from '../support/sign-in.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * API keys through the public API on the real stack (docs/api.md "API keys and scopes"): a key
 * made in a session acts for its owner within its scopes, a missing scope is a 403 naming it,
 * another user's key id is a 404, a revoke is felt by the very next request, and limited answers
 * carry the RateLimit headers.
 */

let stack: TestStack;
let png: Buffer;

beforeAll(async () => {
  stack = await startTestStack();
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c03' } })
    .png()
    .toBuffer();
}, 120_000);
afterAll(() => stack?.teardown());

async function call(method: string, path: string, bearer: string, json?: unknown) {
  const response = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked by the assertions
    body: (text ? JSON.parse(text) : undefined) as any,
  };
}

async function upload(bearer: string) {
  const form = new FormData();
  form.append('file', new Blob([png]), 'dot.png');
  const response = await fetch(`${stack.gatewayUrl}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { files?: Array<{ id: string }> } };
}

async function createKey(user: SignedIn, scopes: string[]) {
  const created = await call('POST', '/account/api-keys', user.token, { name: 'script', scopes });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.headers.get('cache-control')).toBe('no-store');
  return created.body as { key: { id: string }; secret: string };
}

describe('API keys', () => {
  it('act for their owner within their scopes, until revoked', async () => {
    const ann = await signUp(stack.gatewayUrl, { name: 'Ann' });
    const mine = await upload(ann.token);
    expect(mine.status).toBe(201);
    const reader = await createKey(ann, ['files:read']);
    expect(reader.secret).toMatch(/^mk_/);

    const refused = await upload(reader.secret);
    expect(refused).toEqual({
      status: 403,
      body: {
        code: 'insufficient_scope',
        message: 'This API key lacks the files:write scope. Create a key with it in Dashboard → API keys.',
      },
    });
    const listed = await call('GET', '/files', reader.secret);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((file: { id: string }) => file.id)).toEqual([mine.body.files?.[0].id]);
    for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'])
      expect(Number(listed.headers.get(header)), header).toBeGreaterThanOrEqual(0);

    // A key cannot make keys, and its use shows in the list.
    const minted = await call('POST', '/account/api-keys', reader.secret, {
      name: 'x',
      scopes: ['files:read'],
    });
    expect(minted.status).toBe(403);
    const keys = await call('GET', '/account/api-keys', ann.token);
    expect(keys.body.items).toEqual([
      expect.objectContaining({ id: reader.key.id, scopes: ['files:read'], lastUsedAt: expect.any(String) }),
    ]);

    // A key with files:write uploads as its owner.
    const writer = await createKey(ann, ['files:write', 'files:read']);
    expect((await upload(writer.secret)).status).toBe(201);
    expect((await call('GET', '/files', ann.token)).body.items).toHaveLength(2);

    // Another user cannot see or revoke Ann's key.
    const bob = await signUp(stack.gatewayUrl, { name: 'Bob' });
    expect((await call('DELETE', `/account/api-keys/${reader.key.id}`, bob.token)).status).toBe(404);
    expect((await call('GET', '/account/api-keys', bob.token)).body.items).toEqual([]);
    expect((await call('GET', '/files', reader.secret)).status).toBe(200);

    expect((await call('DELETE', `/account/api-keys/${reader.key.id}`, ann.token)).status).toBe(204);
    const revoked = await call('GET', '/files', reader.secret);
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/^This API key is not valid/);
  });
});
