import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@mediakit/kit';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestRealm, type TestRealm } from '../../test/oidc-realm.ts';
import { SESSION_ENDED } from '../auth-errors.ts';
import { ExternalSessions } from './external-sessions.ts';
import { issuerDiscovery } from './issuer-discovery.ts';
import { ProviderClient } from './provider-client.ts';

/**
 * The server side of the cognito_ session against a real OpenID Provider standing in for a
 * Keycloak realm (test/oidc-realm.ts says why it is not Keycloak itself): refresh at the realm's token
 * endpoint, the id check, revocation, and how the realm's answers map to 401 and 503.
 */

const log = createLogger('test', 'silent');
let realm: TestRealm;

beforeAll(async () => {
  realm = await startTestRealm();
});
afterAll(async () => {
  await realm?.close();
});

function sessionsFor(issuer: string, linked: Record<string, string> = {}) {
  const provider = new ProviderClient({ discovery: issuerDiscovery(issuer), clientId: 'mediakit-web', log });
  return new ExternalSessions({ provider, users: { localIdOf: async (sub) => linked[sub] ?? null }, log });
}

const ended = { status: 401, code: 'session_ended', message: SESSION_ENDED };

describe('third-party session refresh', () => {
  test('refreshes at the realm and answers with the rotated refresh token prefixed again', async () => {
    const tokens = await realm.signIn({ sub: 'kc-ann', email: 'ann@example.com', name: 'Ann' });
    const sessions = sessionsFor(realm.issuer);
    const refreshed = await sessions.refresh(`cognito_${tokens.refresh_token}`, 'kc-ann');
    expect(decodeJwt(refreshed.accessToken)).toMatchObject({ sub: 'kc-ann', iss: realm.issuer });
    expect(decodeJwt(refreshed.idToken)).toMatchObject({ sub: 'kc-ann' });
    expect(refreshed.refreshToken).toMatch(/^cognito_./);
    expect(refreshed.refreshToken).not.toBe(`cognito_${tokens.refresh_token}`);
    expect(refreshed.expiresIn).toBeGreaterThan(0);
    // The new one works again; the old one was used up at the realm.
    await expect(sessions.refresh(refreshed.refreshToken, 'kc-ann')).resolves.toMatchObject({
      refreshToken: expect.stringMatching(/^cognito_/),
    });
    await expect(sessions.refresh(`cognito_${tokens.refresh_token}`, 'kc-ann')).rejects.toMatchObject(ended);
  });

  test('takes the id of the account the sub is linked to', async () => {
    const tokens = await realm.signIn({ sub: 'kc-linked', email: 'l@example.com' });
    const sessions = sessionsFor(realm.issuer, { 'kc-linked': 'localId1' });
    await expect(sessions.refresh(`cognito_${tokens.refresh_token}`, 'localId1')).resolves.toBeTruthy();
  });

  test('a wrong id is a 401, and the session the realm just extended is revoked', async () => {
    const tokens = await realm.signIn({ sub: 'kc-bob', email: 'bob@example.com' });
    const before = realm.events.length;
    await expect(
      sessionsFor(realm.issuer).refresh(`cognito_${tokens.refresh_token}`, 'kc-ann'),
    ).rejects.toMatchObject(ended);
    expect(realm.events.slice(before)).toEqual(['grant:refresh_token', 'revoked']);
  });

  test('an unprefixed or empty token is a 401 without asking the realm', async () => {
    const tokens = await realm.signIn({ sub: 'kc-carol', email: 'carol@example.com' });
    const before = realm.events.length;
    const sessions = sessionsFor(realm.issuer);
    await expect(sessions.refresh(tokens.refresh_token, 'kc-carol')).rejects.toMatchObject(ended);
    await expect(sessions.refresh('cognito_', 'kc-carol')).rejects.toMatchObject(ended);
    expect(realm.events.length).toBe(before);
  });

  test('a token the realm refuses is a 401', async () => {
    await expect(sessionsFor(realm.issuer).refresh('cognito_not-a-token', 'kc-ann')).rejects.toMatchObject(
      ended,
    );
    expect(realm.events.at(-1)).toBe('grant-error:invalid_grant');
  });

  test('a realm that cannot be reached is a 503: the session may be fine, the check is not possible', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      sessionsFor(`http://127.0.0.1:${port}/realms/gone`).refresh('cognito_abc', 'kc-ann'),
    ).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  test('discovery must name the configured issuer exactly, or nothing is called', async () => {
    const fetchImpl = (async () =>
      Response.json({
        issuer: 'https://kc.example/realms/other',
        token_endpoint: 'https://kc.example/token',
      })) as unknown as typeof fetch;
    const discovery = issuerDiscovery('https://kc.example/realms/mediakit', fetchImpl);
    await expect(discovery.metadata()).rejects.toMatchObject({
      status: 503,
      cause: expect.objectContaining({
        message: expect.stringContaining('"https://kc.example/realms/other"'),
      }),
    });
  });
});

describe('third-party logout', () => {
  test('revokes the refresh token at the realm', async () => {
    const tokens = await realm.signIn({ sub: 'kc-dave', email: 'dave@example.com' });
    await sessionsFor(realm.issuer).logout(`cognito_${tokens.refresh_token}`);
    expect((await realm.refresh(tokens.refresh_token)).status).toBe(400);
  });

  test('an unprefixed token is a 401', async () => {
    await expect(sessionsFor(realm.issuer).logout('opaque-app-token')).rejects.toMatchObject(ended);
  });
});

describe('the provider client', () => {
  test('a confidential client authenticates with HTTP Basic, both parts form-encoded (RFC 6749 §2.3.1)', async () => {
    const seen: { url: string; headers: Headers; body: string }[] = [];
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/.well-known/openid-configuration')) {
        return Response.json({
          issuer: 'https://kc.example/realms/r',
          token_endpoint: 'https://kc.example/token',
        });
      }
      seen.push({ url, headers: new Headers(init?.headers), body: String(init?.body) });
      return Response.json({ access_token: 'a.b.c' });
    }) as typeof fetch;
    const client = new ProviderClient({
      discovery: issuerDiscovery('https://kc.example/realms/r', fetchImpl),
      clientId: 'web app',
      clientSecret: 's3cr:t/é',
      log,
      fetchImpl,
    });
    await client.refresh('rt');
    const [call] = seen;
    expect(call.url).toBe('https://kc.example/token');
    expect(
      Buffer.from(String(call.headers.get('authorization')).replace('Basic ', ''), 'base64').toString(),
    ).toBe('web+app:s3cr%3At%2F%C3%A9');
    const form = new URLSearchParams(call.body);
    expect(Object.fromEntries(form)).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt' });
    // A provider without a revocation endpoint: logout carries on, nothing thrown.
    await expect(client.revoke('rt')).resolves.toBe(false);
  });
});
