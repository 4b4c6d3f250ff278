import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createLogger, loadConfig } from '@mediakit/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEnv } from '../env.ts';
import { type RunningAuth, startAuth } from '../start-auth.ts';

/**
 * The provider's entries expire in the store as they run out: the auth service as it runs
 * (startAuth on an embedded store, its HTTP server, its sweeper), with its clock moved forward
 * instead of waiting an hour.
 */

const PUBLIC_URL = 'https://media.example';
let dir: string;
let auth: RunningAuth;
let httpUrl: string;
let clockOffsetMs = 0;
const steps: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-oidc-expiry-'));
  const config = loadConfig(authEnv, {
    DATA_DIR: dir,
    GRPC_PORT: '0',
    HTTP_PORT: '0',
    PUBLIC_URL,
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_TIME_COST: '1',
  });
  const store = createEmbeddedDocumentStore(join(dir, 'auth'));
  steps.push(() => store.close());
  auth = await startAuth({
    config,
    store,
    log: createLogger('oidc-expiry-test', 'silent'),
    onShutdown: (step) => steps.push(step),
    now: () => Date.now() + clockOffsetMs,
  });
  httpUrl = `http://127.0.0.1:${auth.httpPort}`;
});

afterAll(async () => {
  for (const step of steps.reverse()) await step();
  await rm(dir, { recursive: true, force: true });
});

describe('expiry of the provider’s entries', () => {
  it('an abandoned sign-in expires after an hour and the sweeper removes it from the store', async () => {
    const params = new URLSearchParams({
      client_id: 'mediakit-web',
      response_type: 'code',
      redirect_uri: `${PUBLIC_URL}/auth/callback`,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const started = await fetch(`${httpUrl}/oidc/auth?${params}`, { redirect: 'manual' });
    expect(started.status).toBe(303);
    const pageUrl = started.headers.get('location') as string;
    const cookie = started.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const storage = auth.oidc?.storage;
    if (!storage) throw new Error('the built-in provider is not running');
    expect(await storage.count({ model: 'Interaction' })).toBe(1);

    // Within the hour the page is there.
    expect((await fetch(`${httpUrl}${pageUrl}`, { headers: { cookie } })).status).toBe(200);

    clockOffsetMs = 61 * 60_000;
    // Past it, the page says so at once (expiry is checked on read)...
    const late = await fetch(`${httpUrl}${pageUrl}`, { headers: { cookie } });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('This sign-in page has expired');
    // ...and the next sweep deletes it for good.
    const swept = await auth.sweeper.sweepOnce();
    expect(swept.oidcEntries).toBeGreaterThanOrEqual(1);
    expect(await storage.count({ model: 'Interaction' })).toBe(0);
  });
});
