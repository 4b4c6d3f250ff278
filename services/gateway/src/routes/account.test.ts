import { ApiError } from '@mediakit/kit';
import { afterEach, describe, expect, test } from 'vitest';
import { bearer, buildTestApp, ownerCookie, type TestApp } from '../../test/support.ts';

const USER = { sub: 'u1', email: 'ada@example.com', name: 'Ada', plan: 'free', roles: ['user'] };

describe('account routes', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('PATCH /account renames the caller’s own account: 200 with the user', async () => {
    t = await buildTestApp();
    const asked: unknown[] = [];
    t.clients.auth.updateAccount = async (request) => {
      asked.push(request);
      return { ...USER, sub: request.sub, name: request.name };
    };
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      headers: await bearer('u1'),
      // A sub in the body names nobody: the account is always the token's.
      payload: { name: 'Ada L.', sub: 'someone-else' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...USER, name: 'Ada L.' });
    expect(asked).toEqual([{ sub: 'u1', name: 'Ada L.' }]);
  });

  test('PATCH /account validates the name', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      headers: await bearer('u1'),
      payload: { name: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'name', message: 'name must not be empty' }]);
  });

  test('DELETE /account deletes the caller’s own account: 204', async () => {
    t = await buildTestApp();
    const deleted: string[] = [];
    t.clients.auth.deleteAccount = async (request) => {
      deleted.push(request.sub);
      return {};
    };
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/account', headers: await bearer('u2') });
    expect(res.statusCode).toBe(204);
    expect(deleted).toEqual(['u2']);
  });

  test('POST /account/password changes the password with the current one: 204, or 401 when it is wrong', async () => {
    t = await buildTestApp();
    const asked: unknown[] = [];
    t.clients.auth.changePassword = async (request) => {
      asked.push(request);
      if (request.currentPassword !== 'old')
        throw new ApiError(401, 'unauthorized', 'The password is not right.');
      return {};
    };
    const headers = await bearer('u3');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers,
      payload: { current_password: 'old', new_password: 'new and long' },
    });
    expect(ok.statusCode).toBe(204);
    expect(asked[0]).toEqual({ sub: 'u3', currentPassword: 'old', newPassword: 'new and long' });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers,
      payload: { current_password: 'guess', new_password: 'x' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  test('guests and visitors cannot touch any account: 401, and nothing reaches the auth service', async () => {
    t = await buildTestApp();
    t.clients.auth.updateAccount =
      t.clients.auth.deleteAccount =
      t.clients.auth.changePassword =
        () => {
          throw new Error('must not be called for a guest');
        };
    const calls = [
      { method: 'PATCH', url: '/api/v1/account', payload: { name: 'x' } },
      { method: 'DELETE', url: '/api/v1/account' },
      {
        method: 'POST',
        url: '/api/v1/account/password',
        payload: { current_password: 'a', new_password: 'b' },
      },
    ] as const;
    for (const call of calls) {
      for (const headers of [{}, ownerCookie]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('unauthorized');
      }
    }
  });
});
