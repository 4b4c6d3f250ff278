import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createLogger, loadConfig } from '@mediakit/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEnv } from '../env.ts';
import { type RunningAuth, startAuth } from '../start-auth.ts';

/**
 * Without PUBLIC_URL, one provider per address this machine answers on, picked by the host the
 * gateway vouches for (X-Forwarded-Host from a trusted proxy; the test runs on 127.0.0.1, which
 * OIDC_TRUSTED_PROXIES trusts by default), and none for any other host.
 */

let dir: string;
let auth: RunningAuth;
let httpUrl: string;
const steps: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-origin-providers-'));
  const config = loadConfig(authEnv, {
    DATA_DIR: dir,
    GRPC_PORT: '0',
    HTTP_PORT: '0',
    GATEWAY_PORT: '8080',
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_TIME_COST: '1',
  });
  const store = createEmbeddedDocumentStore(join(dir, 'auth'));
  steps.push(() => store.close());
  auth = await startAuth({
    config,
    store,
    log: createLogger('origin-providers-test', 'silent'),
    onShutdown: (step) => steps.push(step),
  });
  httpUrl = `http://127.0.0.1:${auth.httpPort}`;
});

afterAll(async () => {
  for (const step of steps.reverse()) await step();
  await rm(dir, { recursive: true, force: true });
});

const asIfAt = (host: string, init: RequestInit = {}) => ({
  ...init,
  redirect: 'manual' as const,
  headers: { 'x-forwarded-host': host, 'x-forwarded-proto': 'http', ...init.headers },
});

describe('the built-in provider without PUBLIC_URL', () => {
  it('has one issuer per address of this machine, each discovering its own endpoints', async () => {
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080']) {
      const response = await fetch(
        `${httpUrl}/oidc/.well-known/openid-configuration`,
        asIfAt(new URL(origin).host),
      );
      expect(response.status).toBe(200);
      const meta = (await response.json()) as Record<string, string>;
      expect(meta.issuer).toBe(`${origin}/oidc`);
      expect(meta.authorization_endpoint).toBe(`${origin}/oidc/auth`);
      expect(meta.token_endpoint).toBe(`${origin}/oidc/token`);
      expect(meta.userinfo_endpoint).toBe(`${origin}/oidc/me`);
    }
  });

  it('gives a forged host no provider: no discovery, no sign-in page, no token, nothing naming it', async () => {
    const host = 'evil.example:8080';
    const discovery = await fetch(`${httpUrl}/oidc/.well-known/openid-configuration`, asIfAt(host));
    expect(discovery.status).toBe(421);
    const page = await discovery.text();
    expect(page).not.toContain('evil');
    expect(page).toContain('Sign-in works at http://localhost:8080. Open Mediakit there to sign in.');

    const params = new URLSearchParams({
      client_id: 'mediakit-web',
      response_type: 'code',
      redirect_uri: `http://${host}/auth/callback`,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const authorize = await fetch(`${httpUrl}/oidc/auth?${params}`, asIfAt(host));
    expect(authorize.status).toBe(421);
    expect(authorize.headers.get('location')).toBeNull();

    const token = await fetch(
      `${httpUrl}/oidc/token`,
      asIfAt(host, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=x&client_id=mediakit-web',
      }),
    );
    expect(token.status).toBe(421);
    expect(await token.text()).not.toContain('evil');
  });

  it('does not let an allowed provider redirect to another address', async () => {
    const params = new URLSearchParams({
      client_id: 'mediakit-web',
      response_type: 'code',
      redirect_uri: 'http://evil.example:8080/auth/callback',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const authorize = await fetch(`${httpUrl}/oidc/auth?${params}`, asIfAt('127.0.0.1:8080'));
    expect(authorize.status).toBe(400);
    expect(authorize.headers.get('location')).toBeNull();
  });

  it('refuses a request made straight to the auth service, at its own address', async () => {
    // No forwarded host: the auth service's own address, which is not one of the gateway's.
    const direct = await fetch(`${httpUrl}/oidc/.well-known/openid-configuration`);
    expect(direct.status).toBe(421);
  });
});
