import { publicOrigins } from '@mediakit/kit';
import { afterEach, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support.ts';

/** `npm start` on a machine with one LAN address, gateway on 8080, no PUBLIC_URL. */
const local = () =>
  publicOrigins({
    publicUrl: undefined,
    port: 8080,
    interfaces: () => ({
      eth0: [{ address: '192.168.1.23', family: 'IPv4', internal: false, netmask: '', mac: '', cidr: null }],
    }),
  });

describe('GET /api/v1/auth/config', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.app.close();
    running = undefined;
  });

  const config = async (host: string, headers: Record<string, string> = {}) => {
    const response = await running?.app.inject({
      method: 'GET',
      url: '/api/v1/auth/config',
      headers: { host, ...headers },
    });
    expect(response?.statusCode).toBe(200);
    return response?.json();
  };

  test('built-in provider with PUBLIC_URL: its issuer, scopes and paths, whatever the address', async () => {
    running = await buildTestApp({
      authClientConfig: {
        clientId: 'mediakit-web',
        origins: publicOrigins({ publicUrl: 'https://media.example', port: 8080 }),
      },
    });
    const expected = {
      issuer: 'https://media.example/oidc',
      clientId: 'mediakit-web',
      scopes: ['openid', 'email', 'profile'],
      redirectPath: '/auth/callback',
      postLogoutRedirectPath: '/',
      thirdParty: false,
      appOrigin: 'https://media.example',
    };
    expect(await config('media.example')).toEqual(expected);
    // A browser at another address learns where sign-in works (the shell says so).
    expect(await config('127.0.0.1:8080')).toEqual(expected);
    const response = await running.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('built-in provider without PUBLIC_URL: the issuer of the address the browser is at', async () => {
    running = await buildTestApp({ authClientConfig: { clientId: 'mediakit-web', origins: local() } });
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://192.168.1.23:8080']) {
      expect(await config(new URL(origin).host)).toMatchObject({
        issuer: `${origin}/oidc`,
        appOrigin: origin,
      });
    }
    // A forged or foreign Host never becomes an issuer: the answer names localhost.
    for (const host of ['evil.example:8080', '192.168.1.99:8080', 'localhost:9999']) {
      expect(await config(host)).toMatchObject({
        issuer: 'http://localhost:8080/oidc',
        appOrigin: 'http://localhost:8080',
      });
    }
  });

  test('external realm: its issuer and client, thirdParty true; a stale bearer does not get in the way', async () => {
    running = await buildTestApp({
      authClientConfig: {
        externalIssuer: 'https://kc.example/realms/mediakit',
        clientId: 'web',
        origins: publicOrigins({ publicUrl: 'https://media.example', port: 8080 }),
      },
    });
    expect(await config('media.example', { authorization: 'Bearer expired.or.garbage' })).toMatchObject({
      issuer: 'https://kc.example/realms/mediakit',
      clientId: 'web',
      thirdParty: true,
      appOrigin: 'https://media.example',
    });
  });
});
