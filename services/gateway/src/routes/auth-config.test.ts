import { afterEach, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support.ts';

describe('GET /api/v1/auth/config', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.app.close();
    running = undefined;
  });

  test('built-in provider: the issuer at /oidc, the spec’s scopes and paths, no third party', async () => {
    running = await buildTestApp({
      authClientConfig: { issuer: 'https://media.example/oidc', clientId: 'mediakit-web', thirdParty: false },
    });
    const response = await running.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      issuer: 'https://media.example/oidc',
      clientId: 'mediakit-web',
      scopes: ['openid', 'email', 'profile'],
      redirectPath: '/auth/callback',
      postLogoutRedirectPath: '/',
      thirdParty: false,
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('external realm: its issuer and client, thirdParty true; a stale bearer does not get in the way', async () => {
    running = await buildTestApp({
      authClientConfig: { issuer: 'https://kc.example/realms/mediakit', clientId: 'web', thirdParty: true },
    });
    const response = await running.app.inject({
      method: 'GET',
      url: '/api/v1/auth/config',
      headers: { authorization: 'Bearer expired.or.garbage' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: 'https://kc.example/realms/mediakit',
      clientId: 'web',
      thirdParty: true,
    });
  });
});
