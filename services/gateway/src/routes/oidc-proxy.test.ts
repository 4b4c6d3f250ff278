import { publicOrigins } from '@mediakit/kit';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  type FakeFilesServer,
  startFakeFilesServer,
  type TestApp,
} from '../../test/support.ts';

/**
 * `/oidc/*` to the auth service (routes/oidc-proxy.ts), against a stand-in for the auth service's
 * HTTP server that records what it received.
 */

const PUBLIC_URL = 'https://media.example';

describe('/oidc proxy', () => {
  let t: TestApp;
  let upstream: FakeFilesServer;
  afterEach(async () => {
    await t?.app.close();
    await upstream?.close();
  });

  async function setup(respond: Parameters<typeof startFakeFilesServer>[0]) {
    upstream = await startFakeFilesServer(respond);
    t = await buildTestApp({ authHttpUrl: upstream.url, publicUrl: PUBLIC_URL });
  }

  test('passes a GET on with its query, cookies and Authorization, and the forwarding headers we vouch for', async () => {
    await setup((_request, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': ['_session=abc; path=/oidc; httponly', '_session.sig=def; path=/oidc; httponly'],
        'content-security-policy': "script-src 'self'",
      });
      res.end('{"issuer":"x"}');
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration?probe=1',
      headers: {
        host: 'media.example',
        cookie: '_session=abc',
        authorization: 'Bearer whatever',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-mk-owner': 'user:someone',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ issuer: 'x' });
    expect(res.headers['set-cookie']).toEqual([
      '_session=abc; path=/oidc; httponly',
      '_session.sig=def; path=/oidc; httponly',
    ]);
    const [seen] = upstream.requests;
    expect(seen.url).toBe('/oidc/.well-known/openid-configuration?probe=1');
    expect(seen.headers).toMatchObject({
      cookie: '_session=abc',
      authorization: 'Bearer whatever',
      'x-forwarded-host': 'media.example',
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '127.0.0.1',
    });
    expect(seen.headers['x-mk-owner']).toBeUndefined();
  });

  test('streams a form post through byte for byte, and mints no guest cookie', async () => {
    await setup((_request, res) => {
      res.writeHead(303, { location: '/oidc/auth/uid1', 'content-length': '0' });
      res.end();
    });
    const body = 'csrf=t%2Bk&email=ann%40example.com&password=p%26ss+word';
    const res = await t.app.inject({
      method: 'POST',
      url: '/oidc/interaction/uid1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/oidc/auth/uid1');
    expect(res.cookies).toEqual([]);
    const [seen] = upstream.requests;
    expect(seen.method).toBe('POST');
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen.body.toString()).toBe(body);
  });

  test('sets the pages’ CSP: forms may post here and redirect to PUBLIC_URL; only provider-vouched scripts', async () => {
    await setup((request, res) => {
      // oidc-provider vouches for its form_post script by hash; other pages have none.
      const hash = request.url.startsWith('/oidc/auth') ? " 'sha256-AbC+/='" : '';
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': `script-src 'self'${hash};`,
      });
      res.end('<!doctype html>');
    });
    const res = await t.app.inject({ method: 'GET', url: '/oidc/auth?x=1' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`form-action 'self' ${PUBLIC_URL}`);
    expect(csp).toContain("script-src 'sha256-AbC+/='");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');

    const plain = await t.app.inject({ method: 'GET', url: '/oidc/interaction/abc' });
    expect(String(plain.headers['content-security-policy'])).toContain("script-src 'none'");
  });

  test('without PUBLIC_URL, forms may redirect to the address the browser is at, when it is allowed', async () => {
    upstream = await startFakeFilesServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html>');
    });
    t = await buildTestApp({
      authHttpUrl: upstream.url,
      origins: publicOrigins({ publicUrl: undefined, port: 8080, interfaces: () => ({}) }),
    });
    const csp = async (host: string) =>
      String(
        (await t.app.inject({ method: 'GET', url: '/oidc/interaction/abc', headers: { host } })).headers[
          'content-security-policy'
        ],
      );
    expect(await csp('127.0.0.1:8080')).toContain("form-action 'self' http://127.0.0.1:8080;");
    expect(await csp('localhost:8080')).toContain("form-action 'self' http://localhost:8080;");
    // A forged host is never named; the auth service refuses it (origin-providers.ts).
    expect(await csp('evil.example:8080')).toContain("form-action 'self' http://localhost:8080;");
    expect(await csp('evil.example:8080')).not.toContain('evil');
  });

  test('never passes on a path that climbs out of /oidc', async () => {
    await setup((_request, res) => res.end('should not be reached'));
    // `..` is resolved before routing (these land on the gateway's own routes); `//` is refused.
    for (const url of ['/oidc/../readyz', '/oidc/%2e%2e/readyz', '/oidc/a/../../x', '/oidc//x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('should not be reached');
    }
    expect((await t.app.inject({ method: 'GET', url: '/oidc//x' })).statusCode).toBe(404);
    expect(upstream.requests).toEqual([]);
  });

  test('answers 503 with the API error body when the auth service does not answer', async () => {
    await setup((_request, res) => res.end());
    await upstream.close();
    const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'service_unavailable' });
  });
});
