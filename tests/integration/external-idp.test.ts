import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRealm, type TestRealm } from '../../services/auth/test/oidc-realm.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The external identity provider mode (issue 5: "an external Keycloak realm can replace it by
 * configuration") through the public API on the real stack, with OIDC_ISSUER set on the auth
 * service and the gateway.
 *
 * The realm is NOT Keycloak: Keycloak cannot run here (no Docker, no Java). A real OpenID Provider
 * (`oidc-provider`, services/auth/test/oidc-realm.ts) stands in for it, started inside
 * this test with its own keys, an issuer shaped like Keycloak's (`/realms/<name>`), the public
 * client `mediakit-web` (refresh tokens with offline_access, revocation) and JWT access tokens
 * carrying Keycloak's claims (`realm_access.roles`, `email`, `name`). Its access tokens are typed
 * `at+jwt` (oidc-provider does not let that be changed) where Keycloak's say `JWT` with a payload
 * `typ: Bearer`; the gateway accepts both, and its unit tests cover Keycloak's exact shape.
 * Tokens are obtained with the real authorization code flow (PKCE S256) against that provider.
 */

let realm: TestRealm;
/** A second, unrelated issuer: its perfectly valid tokens must not open anything here. */
let stranger: TestRealm;
let stack: TestStack;
let png: Buffer;

beforeAll(async () => {
  realm = await startTestRealm({ realm: 'mediakit' });
  stranger = await startTestRealm({ realm: 'elsewhere' });
  const external = { OIDC_ISSUER: realm.issuer, OIDC_CLIENT_ID: realm.clientId };
  stack = await startTestStack({
    serviceEnv: {
      auth: external,
      // Many refreshes from one address: the default of 20 a minute would stop the test.
      gateway: { ...external, RATE_LIMIT_AUTH_PER_MINUTE: '1000' },
    },
  });
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 10, b: 30 } } })
    .png()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  await realm?.close();
  await stranger?.close();
});

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked by the assertions
  body: any;
}

async function call(
  method: string,
  path: string,
  options: { token?: string; json?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const SESSION_ENDED = { code: 'session_ended', message: 'Your session has ended. Please sign in again.' };
const SESSION_INVALID = {
  code: 'unauthorized',
  message: 'Your session has expired or is not valid. Please sign in again.',
};

describe('signed in through the external realm', () => {
  it('a realm access token works on /auth/me and creates the local account from its claims', async () => {
    const tokens = await realm.signIn({
      sub: 'a1b2c3d4-0001',
      email: 'Ann@Example.com',
      name: 'Ann Realm',
      roles: ['editor', 'offline_access', 'default-roles-mediakit'],
    });
    const me = await call('GET', '/auth/me', { token: tokens.access_token });
    expect(me).toEqual({
      status: 200,
      body: {
        sub: 'a1b2c3d4-0001',
        email: 'ann@example.com',
        name: 'Ann Realm',
        plan: 'free',
        roles: ['user', 'editor'],
      },
    });
  });

  it('the local account owns what it makes: files and plans work as for anyone', async () => {
    const tokens = await realm.signIn({ sub: 'a1b2c3d4-0002', email: 'bo@example.com', name: 'Bo' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'dot.png');
    const upload = await fetch(`${stack.gatewayUrl}/api/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { files } = (await upload.json()) as { files: { id: string }[] };

    expect(
      (await call('GET', '/files', { token: tokens.access_token })).body.items.map(
        (f: { id: string }) => f.id,
      ),
    ).toEqual([files[0].id]);
    const other = await realm.signIn({ sub: 'a1b2c3d4-0003', email: 'cy@example.com' });
    expect((await call('GET', `/files/${files[0].id}`, { token: other.access_token })).status).toBe(404);
    expect((await call('GET', '/stats', { token: tokens.access_token })).body).toMatchObject({
      files: { count: 1 },
      plan: 'free',
    });
  });

  it('an API key made in a realm session acts for the local account, within its scopes', async () => {
    const tokens = await realm.signIn({ sub: 'a1b2c3d4-0004', email: 'di@example.com', name: 'Di' });
    const created = await call('POST', '/account/api-keys', {
      token: tokens.access_token,
      json: { name: 'cron', scopes: ['jobs:read'] },
    });
    expect(created.status).toBe(201);
    const key = created.body.secret as string;
    expect((await call('GET', '/auth/me', { token: key })).body).toMatchObject({ sub: 'a1b2c3d4-0004' });
    expect(await call('GET', '/stats', { token: key })).toMatchObject({
      status: 200,
      body: { plan: 'free' },
    });
    expect((await call('GET', '/files', { token: key })).body.code).toBe('insufficient_scope');
  });

  it('a token of another issuer is a 401 with the API error body, and creates no account', async () => {
    const tokens = await stranger.signIn({ sub: 'a1b2c3d4-0001', email: 'ann@example.com' });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: stranger.issuer });
    expect(await call('GET', '/auth/me', { token: tokens.access_token })).toEqual({
      status: 401,
      body: SESSION_INVALID,
    });
    // Nor does the realm's id token pass for an access token.
    const own = await realm.signIn({ sub: 'a1b2c3d4-0004', email: 'di@example.com' });
    expect((await call('GET', '/auth/me', { token: own.id_token })).status).toBe(401);
  });

  it('password sign-up and login answer 400: the realm manages the accounts', async () => {
    const managed = {
      status: 400,
      body: {
        code: 'managed_externally',
        message: `Accounts are managed by ${realm.issuer}; sign in there.`,
      },
    };
    expect(
      await call('POST', '/auth/signup', {
        json: { email: 'new@example.com', password: 'long enough password' },
      }),
    ).toEqual(managed);
    expect(
      await call('POST', '/auth/login', { json: { email: 'ann@example.com', password: 'whatever it is' } }),
    ).toEqual(managed);
  });

  it('/auth/config tells the web shell to sign in at the realm, as a third-party session', async () => {
    expect(await call('GET', '/auth/config')).toEqual({
      status: 200,
      body: {
        issuer: realm.issuer,
        clientId: 'mediakit-web',
        scopes: ['openid', 'email', 'profile'],
        redirectPath: '/auth/callback',
        postLogoutRedirectPath: '/',
        thirdParty: true,
        // No PUBLIC_URL here: the address the shell is at, which is one of this machine's.
        appOrigin: stack.gatewayUrl,
      },
    });
  });
});

describe('the cognito_ session refreshed through the server', () => {
  it('refreshes at the realm, rotates, and returns the new provider token prefixed', async () => {
    const sub = 'a1b2c3d4-0010';
    const tokens = await realm.signIn({ sub, email: 'eve@example.com', name: 'Eve' });
    const before = realm.events.length;
    const refreshed = await call('POST', '/auth/refresh_token', {
      json: { refresh_token: `cognito_${tokens.refresh_token}`, id: sub },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({
      access_token: expect.any(String),
      id_token: expect.any(String),
      refresh_token: expect.stringMatching(/^cognito_./),
      token_type: 'Bearer',
    });
    expect(refreshed.body.refresh_token).not.toBe(`cognito_${tokens.refresh_token}`);
    // The realm did the refresh; its access token is the one the API now takes.
    expect(realm.events.slice(before)).toEqual(['grant:refresh_token']);
    expect(decodeJwt(refreshed.body.access_token)).toMatchObject({ iss: realm.issuer, sub });
    expect(await call('GET', '/auth/me', { token: refreshed.body.access_token })).toMatchObject({
      status: 200,
      body: { sub, email: 'eve@example.com' },
    });

    // The rotated-away token is used up at the realm, so it is refused here too…
    expect(
      await call('POST', '/auth/refresh_token', {
        json: { refresh_token: `cognito_${tokens.refresh_token}`, id: sub },
      }),
    ).toEqual({ status: 401, body: SESSION_ENDED });
  });

  it('a wrong id is a 401, and the realm session is not left running', async () => {
    const tokens = await realm.signIn({ sub: 'a1b2c3d4-0011', email: 'fay@example.com' });
    expect(
      await call('POST', '/auth/refresh_token', {
        json: { refresh_token: `cognito_${tokens.refresh_token}`, id: 'a1b2c3d4-0001' },
      }),
    ).toEqual({ status: 401, body: SESSION_ENDED });
    expect(realm.events.slice(-2)).toEqual(['grant:refresh_token', 'revoked']);
  });

  it('an unprefixed token, an empty one, or one the realm never issued is a 401', async () => {
    const tokens = await realm.signIn({ sub: 'a1b2c3d4-0012', email: 'gus@example.com' });
    for (const refresh_token of [tokens.refresh_token, 'cognito_', 'cognito_made-up']) {
      expect(
        await call('POST', '/auth/refresh_token', { json: { refresh_token, id: 'a1b2c3d4-0012' } }),
      ).toEqual({
        status: 401,
        body: SESSION_ENDED,
      });
    }
  });

  it('logout revokes the token at the realm; a revoked token refreshes nowhere', async () => {
    const sub = 'a1b2c3d4-0013';
    const tokens = await realm.signIn({ sub, email: 'hal@example.com' });
    const logout = await fetch(`${stack.gatewayUrl}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: `cognito_${tokens.refresh_token}` }),
    });
    expect(logout.status).toBe(204);
    // The browser's own refresh at the realm (keycloak-js's first try) fails now…
    expect(await realm.refresh(tokens.refresh_token)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    // …and so does the server fallback.
    expect(
      await call('POST', '/auth/refresh_token', {
        json: { refresh_token: `cognito_${tokens.refresh_token}`, id: sub },
      }),
    ).toEqual({ status: 401, body: SESSION_ENDED });
  });
});

/**
 * Against a real Keycloak, when one is at hand (never here: no Docker, no Java, so this has not
 * run in this repository's CI). Set KEYCLOAK_URL to the realm's issuer
 * (`https://kc.example/realms/mediakit`), KEYCLOAK_CLIENT_ID (default `mediakit-web`: a public
 * client with "Direct access grants" on, only so the test can get tokens without a browser), and
 * KEYCLOAK_USERNAME / KEYCLOAK_PASSWORD of a realm user with an email. It checks the parts that
 * depend on Keycloak's exact token shape: the gateway's verifier, and the server-side refresh and
 * revocation of the cognito_ session.
 */
describe.skipIf(!process.env.KEYCLOAK_URL)('against a real Keycloak realm (KEYCLOAK_URL)', () => {
  const issuer = process.env.KEYCLOAK_URL ?? '';
  const clientId = process.env.KEYCLOAK_CLIENT_ID ?? 'mediakit-web';

  async function passwordGrant() {
    const { token_endpoint } = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
      token_endpoint: string;
    };
    const response = await fetch(token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: clientId,
        username: process.env.KEYCLOAK_USERNAME ?? '',
        password: process.env.KEYCLOAK_PASSWORD ?? '',
        scope: 'openid email profile',
      }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; refresh_token: string; id_token: string };
  }

  it('the gateway verifier takes its access token and refuses its id token', async () => {
    const { createAccessTokenVerifier } = await import('../../services/gateway/src/access-tokens.ts');
    const { externalClaims } = await import('../../services/gateway/src/external-idp/external-claims.ts');
    const { issuerJwks } = await import('../../services/gateway/src/external-idp/issuer-jwks.ts');
    const verifier = createAccessTokenVerifier({
      jwks: issuerJwks(issuer, { cooldownMs: 30_000 }),
      issuer,
      typs: ['at+jwt', 'JWT'],
      claims: externalClaims({ clientId }),
    });
    const tokens = await passwordGrant();
    const verified = await verifier.verify(tokens.access_token);
    expect(verified).toMatchObject({
      sub: decodeJwt(tokens.access_token).sub,
      roles: expect.arrayContaining(['user']),
    });
    expect(verified.profile?.email).toContain('@');
    await expect(verifier.verify(tokens.id_token)).rejects.toMatchObject({ status: 401 });
  });

  it('refreshes a cognito_ session at the realm, then revokes it', async () => {
    const { createLogger } = await import('@mediakit/kit');
    const { ExternalSessions } = await import('../../services/auth/src/external-idp/external-sessions.ts');
    const { issuerDiscovery } = await import('../../services/auth/src/external-idp/issuer-discovery.ts');
    const { ProviderClient } = await import('../../services/auth/src/external-idp/provider-client.ts');
    const log = createLogger('keycloak-test', 'silent');
    const provider = new ProviderClient({ discovery: issuerDiscovery(issuer), clientId, log });
    const sessions = new ExternalSessions({ provider, users: { localIdOf: async () => null }, log });
    const tokens = await passwordGrant();
    const sub = String(decodeJwt(tokens.access_token).sub);

    const refreshed = await sessions.refresh(`cognito_${tokens.refresh_token}`, sub);
    expect(refreshed.refreshToken).toMatch(/^cognito_ey/);
    expect(decodeJwt(refreshed.accessToken)).toMatchObject({ sub, iss: issuer });
    await expect(sessions.refresh(refreshed.refreshToken, 'someone-else')).rejects.toMatchObject({
      status: 401,
    });

    const fresh = await passwordGrant();
    await sessions.logout(`cognito_${fresh.refresh_token}`);
    await expect(sessions.refresh(`cognito_${fresh.refresh_token}`, sub)).rejects.toMatchObject({
      status: 401,
    });
  });
});
