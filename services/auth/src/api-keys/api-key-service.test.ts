import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiError, createEmbeddedDocumentStore, type DocumentStore } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiKeyDoc, ApiKeyRepository } from './api-key-repository.ts';
import { ApiKeyService, KEY_INVALID, MAX_LIVE_KEYS } from './api-key-service.ts';

/**
 * API keys on the real embedded store with a clock the tests move: the secret's shape and that only
 * its hash is kept, revoke and expiry taking effect at once, the once-a-minute lastUsedAt, the
 * limits, and that one user's key id means nothing to another.
 */

const START = Date.parse('2026-01-01T00:00:00.000Z');
let dir: string;
let store: DocumentStore;
let clock: number;
let service: ApiKeyService;
const accounts = new Map<string, string[]>();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-api-keys-'));
  store = createEmbeddedDocumentStore(dir);
  clock = START;
  accounts.clear();
  accounts.set('ann', ['user']);
  accounts.set('bob', ['user', 'editor']);
  service = new ApiKeyService({
    keys: new ApiKeyRepository(store),
    rolesOf: async (sub) => accounts.get(sub) ?? null,
    now: () => clock,
  });
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function apiError(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!error) throw new Error('expected the call to fail');
  return error as ApiError;
}

const stored = () => store.collection<ApiKeyDoc>('api_keys').find({});

describe('API keys', () => {
  it('answers the secret once, keeps only its SHA-256, and verifies it to the owner, roles and scopes', async () => {
    const { key, secret } = await service.create('bob', {
      name: ' CI ',
      scopes: ['files:read', 'jobs:write'],
    });
    expect(secret).toMatch(new RegExp(`^mk_${key?.id}_[A-Za-z0-9_-]{43}$`));
    expect(key).toMatchObject({ name: 'CI', scopes: ['files:read', 'jobs:write'], lastUsedAt: undefined });
    const [doc] = await stored();
    expect(JSON.stringify(doc)).not.toContain(secret.slice(-43));
    expect(doc.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));

    expect(await service.verify(secret)).toEqual({
      sub: 'bob',
      roles: ['user', 'editor'],
      scopes: ['files:read', 'jobs:write'],
      keyId: key?.id,
    });
    // The same id with other random bytes is not the key.
    const forged = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await apiError(service.verify(forged))).message).toBe(KEY_INVALID);
    expect((await apiError(service.verify('mk_short'))).status).toBe(401);
  });

  it('a revoked key fails on the next verify; another user cannot revoke it (404)', async () => {
    const { key, secret } = await service.create('ann', { name: 'laptop', scopes: ['jobs:read'] });
    const id = key?.id as string;
    expect((await apiError(service.revoke('bob', id))).status).toBe(404);
    await service.verify(secret);
    await service.revoke('ann', id);
    expect((await apiError(service.verify(secret))).status).toBe(401);
    expect((await service.list('ann')).keys).toEqual([]);
  });

  it('an expired key fails at its expiry; the expiry must be in the future', async () => {
    const expiresAt = new Date(START + 3_600_000).toISOString();
    const { secret } = await service.create('ann', { name: 'hour', scopes: ['files:read'], expiresAt });
    await service.verify(secret);
    clock = START + 3_600_000;
    expect((await apiError(service.verify(secret))).status).toBe(401);
    const past = await apiError(
      service.create('ann', {
        name: 'late',
        scopes: ['files:read'],
        expiresAt: new Date(START).toISOString(),
      }),
    );
    expect(past.details).toEqual([{ field: 'expiresAt', message: 'The expiry must be in the future.' }]);
  });

  it('writes lastUsedAt at most once a minute', async () => {
    const { secret } = await service.create('ann', { name: 'busy', scopes: ['files:read'] });
    await service.verify(secret);
    expect((await stored())[0].lastUsedAt).toBe(new Date(START).toISOString());
    clock = START + 59_000;
    await service.verify(secret);
    expect((await stored())[0].lastUsedAt).toBe(new Date(START).toISOString());
    clock = START + 60_000;
    await service.verify(secret);
    expect((await service.list('ann')).keys[0].lastUsedAt).toBe(new Date(START + 60_000).toISOString());
  });

  it('refuses a bad name or scope and more than the limit of live keys; expired keys do not count', async () => {
    expect((await apiError(service.create('ann', { name: '  ', scopes: ['files:read'] }))).details).toEqual([
      { field: 'name', message: 'Give the key a name of 1 to 60 characters.' },
    ]);
    expect(
      (await apiError(service.create('ann', { name: 'x'.repeat(61), scopes: ['files:read'] }))).status,
    ).toBe(400);
    expect((await apiError(service.create('ann', { name: 'a', scopes: [] }))).status).toBe(400);
    expect((await apiError(service.create('ann', { name: 'a', scopes: ['admin'] }))).message).toMatch(
      /^admin is not a scope/,
    );
    await service.create('ann', {
      name: 'soon gone',
      scopes: ['files:read'],
      expiresAt: new Date(START + 1000).toISOString(),
    });
    for (let i = 1; i < MAX_LIVE_KEYS; i++)
      await service.create('ann', { name: `k${i}`, scopes: ['files:read'] });
    const full = await apiError(service.create('ann', { name: 'one more', scopes: ['files:read'] }));
    expect(full).toMatchObject({ status: 409, code: 'conflict' });
    clock = START + 1000;
    await service.create('ann', { name: 'one more', scopes: ['files:read'] });
    expect((await service.list('ann')).keys).toHaveLength(MAX_LIVE_KEYS + 1);
  });

  it('the keys of a deleted account stop working and go with it', async () => {
    const { secret } = await service.create('bob', { name: 'ci', scopes: ['files:write'] });
    accounts.delete('bob');
    expect((await apiError(service.verify(secret))).status).toBe(401);
    expect(await service.deleteAllOf('bob')).toBe(1);
    expect(await stored()).toEqual([]);
  });
});
