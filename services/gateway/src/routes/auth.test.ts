import { ApiError } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { afterEach, describe, expect, test } from 'vitest';
import { bearer, buildTestApp, issuer, ownerCookie, type TestApp } from '../../test/support.ts';
import { SESSION_INVALID } from '../access-tokens.ts';

const USER: authV1.User = {
  sub: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  plan: 'free',
  roles: ['user'],
};
const TOKENS: authV1.Tokens = {
  accessToken: 'access.jwt.token',
  refreshToken: 'opaque-refresh',
  idToken: 'id.jwt.token',
  expiresIn: 900,
  tokenType: 'Bearer',
};
const wrongCredentials = () =>
  Promise.reject(new ApiError(401, 'unauthorized', 'The email or password is not right.'));

describe('session routes', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('POST /auth/signup creates the account: 201 { user }, without minting a guest', async () => {
    t = await buildTestApp();
    const asked: authV1.SignupRequest[] = [];
    t.clients.auth.signup = async (request) => {
      asked.push(request);
      return USER;
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'ada@example.com', password: 'correct horse battery staple' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ user: USER });
    expect(asked).toEqual([{ email: 'ada@example.com', password: 'correct horse battery staple', name: '' }]);
    expect(res.cookies).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('POST /auth/signup passes on the auth service’s refusals (a taken email → 409)', async () => {
    t = await buildTestApp();
    t.clients.auth.signup = () =>
      Promise.reject(new ApiError(409, 'conflict', 'An account with this email already exists.'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'ada@example.com', password: 'x', name: 'Ada' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'An account with this email already exists.' });
  });

  test('POST /auth/signup and /auth/login answer 400 naming every missing field', async () => {
    t = await buildTestApp();
    for (const url of ['/api/v1/auth/signup', '/api/v1/auth/login']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { field: 'email', message: 'email is required' },
        { field: 'password', message: 'password is required' },
      ]);
    }
  });

  test('POST /auth/login answers the tokens, never to be cached', async () => {
    t = await buildTestApp();
    const asked: authV1.LoginRequest[] = [];
    t.clients.auth.login = async (request) => {
      asked.push(request);
      return TOKENS;
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ada@example.com', password: 'pw' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      access_token: 'access.jwt.token',
      refresh_token: 'opaque-refresh',
      id_token: 'id.jwt.token',
      expires_in: 900,
      token_type: 'Bearer',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(asked).toEqual([{ email: 'ada@example.com', password: 'pw' }]);
  });

  test('POST /auth/login with wrong credentials passes on the one 401 message', async () => {
    t = await buildTestApp();
    t.clients.auth.login = wrongCredentials;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ada@example.com', password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'The email or password is not right.' });
  });

  test('a stale bearer never stands in the way of logging in or refreshing', async () => {
    t = await buildTestApp();
    t.clients.auth.login = async () => TOKENS;
    t.clients.auth.refreshToken = async () => TOKENS;
    const expired = { authorization: `Bearer ${await issuer.sign({}, { expiresIn: -600 })}` };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: expired,
      payload: { email: 'ada@example.com', password: 'pw' },
    });
    expect(login.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh_token',
      headers: expired,
      payload: { refresh_token: 'r', id: 'u1' },
    });
    expect(refresh.statusCode).toBe(200);
  });

  test('POST /auth/refresh_token answers the new access token and the rotated refresh token', async () => {
    t = await buildTestApp();
    const asked: authV1.RefreshTokenRequest[] = [];
    t.clients.auth.refreshToken = async (request) => {
      asked.push(request);
      return { ...TOKENS, refreshToken: 'rotated' };
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh_token',
      payload: { refresh_token: 'opaque-refresh', id: 'u1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      access_token: 'access.jwt.token',
      id_token: 'id.jwt.token',
      refresh_token: 'rotated',
      expires_in: 900,
      token_type: 'Bearer',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(asked).toEqual([{ refreshToken: 'opaque-refresh', id: 'u1' }]);
  });

  test('POST /auth/refresh_token leaves out what the auth service did not give', async () => {
    t = await buildTestApp();
    t.clients.auth.refreshToken = async () => ({ ...TOKENS, refreshToken: '', idToken: '' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh_token',
      payload: { refresh_token: 'r', id: 'u1' },
    });
    expect(res.json()).toEqual({ access_token: 'access.jwt.token', expires_in: 900, token_type: 'Bearer' });
  });

  test('POST /auth/refresh_token: a used or revoked token is a 401; refresh_token and id are required', async () => {
    t = await buildTestApp();
    t.clients.auth.refreshToken = () =>
      Promise.reject(new ApiError(401, 'unauthorized', 'This session has ended. Please sign in again.'));
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh_token',
      payload: { refresh_token: 'used', id: 'u1' },
    });
    expect(used.statusCode).toBe(401);
    expect(used.json().code).toBe('unauthorized');

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh_token',
      payload: { refresh_token: 'r' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'id', message: 'id is required' }]);
  });

  test('POST /auth/logout revokes the session: 204', async () => {
    t = await buildTestApp();
    const asked: authV1.LogoutRequest[] = [];
    t.clients.auth.logout = async (request) => {
      asked.push(request);
      return {};
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: 'opaque-refresh' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(asked).toEqual([{ refreshToken: 'opaque-refresh' }]);
  });

  test('sign-up, login and refresh are rate-limited per address, more strictly than the rest', async () => {
    t = await buildTestApp({ rateLimit: { perMinute: 100, writesPerMinute: 100, authPerMinute: 2 } });
    t.clients.auth.login = wrongCredentials;
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'ada@example.com', password: 'guess' },
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A different address still gets through.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.0.0.9',
      payload: { email: 'ada@example.com', password: 'guess' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('GET /auth/me', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('answers the signed-in user, asked for by the token’s sub', async () => {
    t = await buildTestApp();
    const asked: string[] = [];
    t.clients.auth.getUser = async (request) => {
      asked.push(request.sub);
      return { ...USER, sub: request.sub, roles: ['user', 'editor'] };
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: await bearer('u7') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sub: 'u7',
      email: 'ada@example.com',
      name: 'Ada',
      plan: 'free',
      roles: ['user', 'editor'],
    });
    expect(asked).toEqual(['u7']);
  });

  test('guests and visitors get 401; a bad token gets the session error', async () => {
    t = await buildTestApp();
    for (const headers of [{}, ownerCookie]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(bad.json()).toEqual({ code: 'unauthorized', message: SESSION_INVALID });
  });
});
