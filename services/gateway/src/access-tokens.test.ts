import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JSONWebKeySet } from 'jose';
import { afterEach, describe, expect, test } from 'vitest';
import { bearerToken, createAccessTokenVerifier } from './access-tokens.ts';
import { createTestIssuer, TEST_AUDIENCE, TEST_ISSUER } from './test-support.ts';

/** The auth service's JWKS endpoint as the gateway sees it: keys can change, fetches are counted. */
async function serveJwks(initial: JSONWebKeySet) {
  let keys = initial;
  let fetches = 0;
  const server: Server = createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/oidc/jwks`),
    publish(next: JSONWebKeySet) {
      keys = next;
    },
    get fetches() {
      return fetches;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('access token verifier', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  test('verifies against the remote JWKS, fetched once and cached, and reads sub and roles', async () => {
    const issuer = await createTestIssuer('k1');
    const jwks = await serveJwks(issuer.jwks);
    cleanups.push(jwks.close);
    const verifier = createAccessTokenVerifier({
      jwks: jwks.url,
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });

    expect(await verifier.verify(await issuer.sign({ sub: 'u1', roles: ['user', 'editor'] }))).toEqual({
      sub: 'u1',
      roles: ['user', 'editor'],
    });
    // Roles that are not a list of strings grant nothing.
    expect(await verifier.verify(await issuer.sign({ sub: 'u2', roles: 'admin' }))).toEqual({
      sub: 'u2',
      roles: [],
    });
    expect(await verifier.verify(await issuer.sign({ sub: 'u3', roles: ['admin', 7] }))).toEqual({
      sub: 'u3',
      roles: ['admin'],
    });
    expect(jwks.fetches).toBe(1);
  });

  test('picks up a rotated key: an unknown kid refetches the JWKS, at most once per cooldown', async () => {
    const previous = await createTestIssuer('k1');
    const current = await createTestIssuer('k2');
    const jwks = await serveJwks(previous.jwks);
    cleanups.push(jwks.close);
    const verifier = createAccessTokenVerifier({
      jwks: jwks.url,
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      cooldownMs: 0,
    });
    await verifier.verify(await previous.sign());

    // The auth service rotates: the JWKS lists the current key and the previous one.
    jwks.publish({ keys: [...current.jwks.keys, ...previous.jwks.keys] });
    expect(await verifier.verify(await current.sign({ sub: 'new' }))).toMatchObject({ sub: 'new' });
    expect(await verifier.verify(await previous.sign({ sub: 'old' }))).toMatchObject({ sub: 'old' });
    expect(jwks.fetches).toBe(2);

    // Within the cooldown a made-up kid costs no fetch and is simply refused.
    const cooling = createAccessTokenVerifier({
      jwks: jwks.url,
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      cooldownMs: 60_000,
    });
    await cooling.verify(await current.sign());
    const stranger = await createTestIssuer('k9');
    await expect(cooling.verify(await stranger.sign())).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(jwks.fetches).toBe(3);
  });

  test('an unreachable JWKS is a 503, not a 401: the session is fine, the check is not possible', async () => {
    const issuer = await createTestIssuer();
    const jwks = await serveJwks(issuer.jwks);
    await jwks.close();
    const verifier = createAccessTokenVerifier({
      jwks: jwks.url,
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });
    await expect(verifier.verify(await issuer.sign())).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
    });
  });

  test('refuses an oversized token before parsing it', async () => {
    const verifier = createAccessTokenVerifier({
      jwks: async () => {
        throw new Error('must not be asked for a key');
      },
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });
    await expect(verifier.verify('a'.repeat(10_000))).rejects.toMatchObject({ status: 401 });
  });
});

describe('bearerToken', () => {
  test('reads the token of a Bearer header, in any case of the scheme', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc.def-_.ghi')).toBe('abc.def-_.ghi');
  });
  test('refuses other schemes and shapes', () => {
    for (const header of ['Basic abc', 'Bearer', 'Bearer ', 'Bearer a b', 'Token abc', 'Bearer a\nb']) {
      expect(bearerToken(header)).toBeNull();
    }
  });
});
