import { afterEach, describe, expect, test } from 'vitest';
import { bearer, buildTestApp, ownerCookie, type TestApp } from '../../test/support.ts';

const KEY = {
  id: 'k1',
  name: 'ci',
  scopes: ['jobs:write'],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: undefined,
  expiresAt: '2026-02-01T00:00:00.000Z',
};

/** The routes' own part: the caller's sub, the body's shape, the answer's; the rules are auth's. */
describe('API key routes', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('create for the signed-in user answers the secret once, uncached; list shows null for unset times', async () => {
    t = await buildTestApp();
    const asked: unknown[] = [];
    t.clients.auth.createApiKey = async (request) => {
      asked.push(request);
      return { key: KEY, secret: 'mk_secret' };
    };
    t.clients.auth.listApiKeys = async () => ({ keys: [KEY] });
    const body = { name: 'ci', scopes: ['jobs:write'], expiresAt: KEY.expiresAt };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/api-keys',
      headers: await bearer('u1'),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ key: { ...KEY, lastUsedAt: null }, secret: 'mk_secret' });
    expect(asked).toEqual([{ sub: 'u1', ...body }]);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/api-keys',
      headers: await bearer('u1'),
    });
    expect(list.json()).toEqual({ items: [{ ...KEY, lastUsedAt: null }] });
  });

  test('an unknown scope is a 400 naming the field; guests get 401', async () => {
    t = await buildTestApp();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/api-keys',
      headers: await bearer('u1'),
      payload: { name: 'x', scopes: ['admin'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'scopes.0' })]);
    const guest = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/api-keys',
      headers: ownerCookie,
    });
    expect(guest.statusCode).toBe(401);
  });

  test('revoke acts for the caller on the id in the path', async () => {
    t = await buildTestApp();
    const revoked: unknown[] = [];
    t.clients.auth.revokeApiKey = async (request) => {
      revoked.push(request);
      return {};
    };
    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/api-keys/k1',
      headers: await bearer('u1'),
    });
    expect(ok.statusCode).toBe(204);
    expect(revoked).toEqual([{ sub: 'u1', id: 'k1' }]);
  });
});
