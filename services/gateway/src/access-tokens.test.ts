import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publicOrigins } from '@mediakit/kit';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestIssuer, TEST_AUDIENCE, TEST_ISSUER } from '../test/support.ts';
import { bearerToken, createAccessTokenVerifier } from './access-tokens.ts';
import { externalClaims } from './external-idp/external-claims.ts';

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

  test('built-in provider without PUBLIC_URL: accepts the issuer of each allowed address, no other', async () => {
    const issuer = await createTestIssuer();
    const origins = publicOrigins({ publicUrl: undefined, port: 8080, interfaces: () => ({}) });
    const verifier = createAccessTokenVerifier({
      jwks: createLocalJWKSet(issuer.jwks),
      issuer: (iss) => origins.allowsIssuer(iss),
      audience: TEST_AUDIENCE,
    });
    for (const iss of ['http://localhost:8080/oidc', 'http://127.0.0.1:8080/oidc']) {
      expect(await verifier.verify(await issuer.sign({ sub: 'u1' }, { issuer: iss }))).toMatchObject({
        sub: 'u1',
      });
    }
    // Signed with our key, but naming an address that is not this machine's: refused.
    for (const iss of [
      'http://evil.example:8080/oidc',
      'http://localhost:9999/oidc',
      'http://localhost:8080',
    ]) {
      await expect(verifier.verify(await issuer.sign({}, { issuer: iss })), iss).rejects.toMatchObject({
        status: 401,
      });
    }
    await expect(verifier.verify(await issuer.sign({}, { issuer: '' }))).rejects.toMatchObject({
      status: 401,
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

describe('access token verifier, external issuer (Keycloak) options', () => {
  const KC = 'https://kc.example/realms/mediakit';
  const keycloakToken = {
    typ: 'Bearer',
    azp: 'mediakit-web',
    realm_access: { roles: ['editor', 'offline_access'] },
  };

  async function setup(options: { audience?: string } = {}) {
    const realm = await createTestIssuer('kc-key');
    const verifier = createAccessTokenVerifier({
      jwks: createLocalJWKSet(realm.jwks),
      issuer: KC,
      audience: options.audience,
      typs: ['at+jwt', 'JWT'],
      claims: externalClaims({ clientId: 'mediakit-web', audience: options.audience }),
    });
    const sign = (claims: Record<string, unknown>, typ = 'JWT', audience = 'account') =>
      realm.sign({ roles: undefined, ...claims }, { issuer: KC, audience, typ });
    return { verifier, sign, realm };
  }

  test('accepts a Keycloak access token: header typ JWT, payload typ Bearer, azp our client', async () => {
    const { verifier, sign } = await setup();
    const token = await sign({
      ...keycloakToken,
      sub: 'f47ac10b',
      email: 'ann@example.com',
      email_verified: true,
      name: 'Ann',
    });
    expect(await verifier.verify(token)).toEqual({
      sub: 'f47ac10b',
      roles: ['user', 'editor'],
      profile: { email: 'ann@example.com', emailVerified: true, name: 'Ann' },
    });
  });

  test('accepts RFC 9068 access tokens (at+jwt, client_id) of other providers', async () => {
    const { verifier, sign } = await setup();
    for (const typ of ['at+jwt', 'application/at+jwt']) {
      expect(await verifier.verify(await sign({ client_id: 'mediakit-web', sub: 's1' }, typ))).toMatchObject({
        sub: 's1',
        roles: ['user'],
      });
    }
  });

  test('refuses the realm’s id token and refresh token, and typ-less JWTs', async () => {
    const { verifier, sign } = await setup();
    const refused = [
      await sign({ ...keycloakToken, typ: 'ID' }, 'JWT', 'mediakit-web'),
      await sign({ ...keycloakToken, typ: 'Refresh' }),
      await sign({ ...keycloakToken, typ: undefined }),
      await sign({ ...keycloakToken, typ: 'ID' }, 'at+jwt'),
      await sign({ ...keycloakToken }, 'id+jwt'),
    ];
    for (const token of refused) {
      await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  test('without OIDC_AUDIENCE, refuses tokens the realm issued to another client', async () => {
    const { verifier, sign } = await setup();
    await expect(verifier.verify(await sign({ ...keycloakToken, azp: 'admin-cli' }))).rejects.toMatchObject({
      status: 401,
    });
    await expect(verifier.verify(await sign({ ...keycloakToken, azp: undefined }))).rejects.toMatchObject({
      status: 401,
    });
  });

  test('with OIDC_AUDIENCE, the audience decides, whichever client asked', async () => {
    const { verifier, sign } = await setup({ audience: 'mediakit-api' });
    await expect(
      verifier.verify(await sign({ ...keycloakToken, azp: 'mobile' }, 'JWT', 'mediakit-api')),
    ).resolves.toMatchObject({
      roles: ['user', 'editor'],
    });
    await expect(verifier.verify(await sign(keycloakToken))).rejects.toMatchObject({ status: 401 });
  });

  test('refuses another realm’s tokens even with the same key, and built-in tokens refuse Keycloak’s typ', async () => {
    const { verifier, realm } = await setup();
    for (const iss of [`${KC}x`, 'https://kc.example/realms/other', TEST_ISSUER]) {
      const token = await realm.sign({ ...keycloakToken }, { issuer: iss, audience: 'account', typ: 'JWT' });
      await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
    }
    const builtIn = await createTestIssuer('kc-key');

    const builtInVerifier = createAccessTokenVerifier({
      jwks: createLocalJWKSet(builtIn.jwks),
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });
    await expect(builtInVerifier.verify(await builtIn.sign({}, { typ: 'JWT' }))).rejects.toMatchObject({
      status: 401,
    });
    expect(await builtInVerifier.verify(await builtIn.sign({}, { typ: 'application/at+jwt' }))).toEqual({
      sub: 'user1',
      roles: ['user'],
    });
  });
});
