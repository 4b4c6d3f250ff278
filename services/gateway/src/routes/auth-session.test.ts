import { ApiError } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { afterEach, describe, expect, test } from 'vitest';
import { bearer, buildTestApp, ownerCookie, type TestApp } from '../../test/support.ts';

/** `POST /auth/session`: the end of the built-in provider's code flow (routes/auth.ts). */

const TOKENS: authV1.Tokens = {
  accessToken: 'app.access.jwt',
  refreshToken: 'opaque-refresh',
  idToken: 'app.id.jwt',
  expiresIn: 900,
  tokenType: 'Bearer',
};

describe('POST /auth/session', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('hands the verified bearer to the auth service and answers like /auth/login', async () => {
    t = await buildTestApp();
    const asked: authV1.CreateSessionFromTokenRequest[] = [];
    t.clients.auth.createSessionFromToken = async (request) => {
      asked.push(request);
      return TOKENS;
    };
    const headers = await bearer('u1');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/session', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      access_token: 'app.access.jwt',
      refresh_token: 'opaque-refresh',
      id_token: 'app.id.jwt',
      expires_in: 900,
      token_type: 'Bearer',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(asked).toEqual([{ accessToken: headers.authorization.slice('Bearer '.length) }]);
  });

  test('guests and bad tokens get 401 and never reach the auth service', async () => {
    t = await buildTestApp();
    let calls = 0;
    t.clients.auth.createSessionFromToken = async () => {
      calls++;
      return TOKENS;
    };
    const guest = await t.app.inject({ method: 'POST', url: '/api/v1/auth/session', headers: ownerCookie });
    expect(guest.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/session',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(calls).toBe(0);
  });

  test('passes on the auth service’s refusal (a token already exchanged → 401)', async () => {
    t = await buildTestApp();
    t.clients.auth.createSessionFromToken = () =>
      Promise.reject(
        new ApiError(
          401,
          'unauthorized',
          'This sign-in cannot start a session any more. Please sign in again.',
        ),
      );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/session',
      headers: await bearer('u1'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'unauthorized',
      message: 'This sign-in cannot start a session any more. Please sign in again.',
    });
  });
});
