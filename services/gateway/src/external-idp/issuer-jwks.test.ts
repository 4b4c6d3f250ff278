import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, test } from 'vitest';
import { createAccessTokenVerifier } from '../access-tokens.ts';
import { externalClaims } from './external-claims.ts';
import { issuerJwks } from './issuer-jwks.ts';

/** A realm's discovery document and JWKS over real HTTP; the verifier finds the keys through it. */

async function serveRealm(options: { namedIssuer?: (issuer: string) => string } = {}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'rk1', alg: 'RS256', use: 'sig' };
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const body =
      req.url === '/realms/r/.well-known/openid-configuration'
        ? { issuer: options.namedIssuer?.(issuer) ?? issuer, jwks_uri: `${origin}/realms/r/certs` }
        : req.url === '/realms/r/certs'
          ? { keys: [jwk] }
          : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/realms/r`;
  const sign = () =>
    new SignJWT({ typ: 'Bearer', azp: 'web', realm_access: { roles: ['admin'] } })
      .setProtectedHeader({ alg: 'RS256', kid: 'rk1', typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject('s1')
      .setAudience('account')
      .setExpirationTime('5m')
      .sign(privateKey);
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { issuer, hits, sign, close };
}

describe('keys of an external issuer, through discovery', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const verifierFor = (issuer: string) =>
    createAccessTokenVerifier({
      jwks: issuerJwks(issuer, { cooldownMs: 30_000 }),
      issuer,
      typs: ['JWT'],
      claims: externalClaims({ clientId: 'web' }),
    });

  test('reads jwks_uri from the discovery document once, then the cached keys', async () => {
    const realm = await serveRealm();
    cleanups.push(realm.close);
    const verifier = verifierFor(realm.issuer);
    expect(await verifier.verify(await realm.sign())).toMatchObject({ sub: 's1', roles: ['user', 'admin'] });
    expect(await verifier.verify(await realm.sign())).toMatchObject({ sub: 's1' });
    expect(realm.hits).toEqual(['/realms/r/.well-known/openid-configuration', '/realms/r/certs']);
  });

  test('a discovery document naming another issuer is a 503, tried again on the next token', async () => {
    const realm = await serveRealm({ namedIssuer: (issuer) => `${issuer}-other` });
    cleanups.push(realm.close);
    const verifier = verifierFor(realm.issuer);
    await expect(verifier.verify(await realm.sign())).rejects.toMatchObject({ status: 503 });
    await expect(verifier.verify(await realm.sign())).rejects.toMatchObject({ status: 503 });
    expect(realm.hits.filter((hit) => hit.endsWith('openid-configuration'))).toHaveLength(2);
    expect(realm.hits).not.toContain('/realms/r/certs');
  });

  test('an unreachable realm is a 503', async () => {
    const realm = await serveRealm();
    const token = await realm.sign();
    await realm.close();
    await expect(verifierFor(realm.issuer).verify(token)).rejects.toMatchObject({ status: 503 });
  });
});
