import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApiError,
  createEmbeddedDocumentStore,
  createGrpcClient,
  createLogger,
  loadConfig,
} from '@mediakit/kit';
import { authV1 } from '@mediakit/proto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED, SIGN_IN_FAILED } from './auth-errors.ts';
import { authEnv } from './env.ts';
import { PasswordHasher } from './password-hasher.ts';
import { type RunningAuth, startAuth } from './start-auth.ts';

/**
 * The auth service as it runs: startAuth on a temporary embedded store, gRPC on a free port
 * reached through kit's client (so errors cross the wire as ApiErrors), the JWKS over HTTP.
 */

const PUBLIC_URL = 'https://media.example';
const ISSUER = `${PUBLIC_URL}/oidc`;
const PASSWORD = 'correct horse battery';
const DAY_MS = 86_400_000;

interface Booted {
  auth: RunningAuth;
  client: ReturnType<typeof createAuthClient>;
  httpUrl: string;
  stop(): Promise<void>;
}

const createAuthClient = (port: number) =>
  createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, `127.0.0.1:${port}`, {
    deadlineMs: 10_000,
  });

let dir: string;
/** Added to the sessions' clock, to expire refresh tokens without waiting. */
let clockOffsetMs = 0;

async function boot(env: Record<string, string> = {}): Promise<Booted> {
  const config = loadConfig(authEnv, {
    DATA_DIR: dir,
    GRPC_PORT: '0',
    HTTP_PORT: '0',
    PUBLIC_URL,
    ADMIN_EMAIL: 'Boss@Example.com',
    // Cheap argon2 for tests; the defaults are OWASP's.
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_TIME_COST: '1',
    ...env,
  });
  const store = createEmbeddedDocumentStore(join(dir, 'auth'));
  const steps: Array<() => Promise<unknown>> = [() => store.close()];
  const auth = await startAuth({
    config,
    store,
    log: createLogger('auth-test', 'silent'),
    onShutdown: (step) => steps.push(step),
    now: () => Date.now() + clockOffsetMs,
  });
  const client = createAuthClient(auth.grpcPort);
  return {
    auth,
    client,
    httpUrl: `http://127.0.0.1:${auth.httpPort}`,
    async stop() {
      client.close();
      for (const step of steps.reverse()) await step();
    },
  };
}

/** The ApiError a call rejects with. */
async function apiError(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const sessionEnded = { status: 401, code: 'session_ended', message: SESSION_ENDED };

let svc: Booted;
let jwks: ReturnType<typeof createRemoteJWKSet>;
let emailCounter = 0;
const freshEmail = () => `user${++emailCounter}@example.com`;

async function signUpAndLogin(email = freshEmail(), name = 'Ann Lee') {
  const user = await svc.client.signup({ email, password: PASSWORD, name });
  const tokens = await svc.client.login({ email, password: PASSWORD });
  return { user, tokens, email };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auth-service-'));
  svc = await boot();
  jwks = createRemoteJWKSet(new URL(`${svc.httpUrl}/oidc/jwks`));
});

afterAll(async () => {
  await svc?.stop();
  await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  clockOffsetMs = 0;
  vi.restoreAllMocks();
});

describe('sign-up', () => {
  it('creates a user with a normalized email, role user and the free plan', async () => {
    const user = await svc.client.signup({
      email: '  Carol@Example.COM ',
      password: PASSWORD,
      name: ' Carol ',
    });
    expect(user).toEqual({
      sub: expect.any(String),
      email: 'carol@example.com',
      name: 'Carol',
      plan: 'free',
      roles: ['user'],
    });
    expect(user.sub).toMatch(/^[\w-]{22}$/);
    expect(await svc.client.getUser({ sub: user.sub })).toEqual(user);
  });

  it('refuses a taken email, whatever its case, with 409', async () => {
    await svc.client.signup({ email: 'dave@example.com', password: PASSWORD, name: '' });
    expect(
      await apiError(svc.client.signup({ email: 'DAVE@example.com ', password: PASSWORD, name: '' })),
    ).toMatchObject({
      status: 409,
      message: 'An account with this email already exists.',
    });
  });

  it('refuses a bad email or password with 400 naming the field', async () => {
    const badEmail = await apiError(svc.client.signup({ email: 'dave', password: PASSWORD, name: '' }));
    expect(badEmail).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(badEmail.details).toEqual([{ field: 'email', message: badEmail.message }]);
    const shortPassword = await apiError(
      svc.client.signup({ email: freshEmail(), password: 'short', name: '' }),
    );
    expect(shortPassword).toMatchObject({ status: 400 });
    expect(shortPassword.details).toEqual([
      { field: 'password', message: 'The password must be at least 10 characters long.' },
    ]);
  });

  it('gives ADMIN_EMAIL role admin', async () => {
    const boss = await svc.client.signup({ email: 'boss@example.com', password: PASSWORD, name: 'Boss' });
    expect(boss.roles).toEqual(['user', 'admin']);
    const tokens = await svc.client.login({ email: 'boss@example.com', password: PASSWORD });
    expect((await jwtVerify(tokens.accessToken, jwks)).payload.roles).toEqual(['user', 'admin']);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { user } = await signUpAndLogin();
    const hashSpy = vi.spyOn(PasswordHasher.prototype, 'hash');
    await svc.client.signup({ email: freshEmail(), password: PASSWORD, name: '' });
    const hash = await hashSpy.mock.results[0].value;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=8192,t=1,p=1\$/);
    expect(JSON.stringify(await svc.client.getUser({ sub: user.sub }))).not.toContain(PASSWORD);
  });
});

describe('login', () => {
  it('answers tokens whose access token verifies against the JWKS served over HTTP', async () => {
    const { user, tokens } = await signUpAndLogin(freshEmail(), 'Eve');
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(tokens.refreshToken).toMatch(/^[\w-]{43}$/);

    const { payload, protectedHeader } = await jwtVerify(tokens.accessToken, jwks, {
      issuer: ISSUER,
      audience: 'mediakit',
    });
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: svc.auth.keys.current().kid, typ: 'at+jwt' });
    expect(payload).toEqual({
      iss: ISSUER,
      sub: user.sub,
      aud: 'mediakit',
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
      roles: ['user'],
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(900);
    expect(Math.abs((payload.iat as number) - Date.now() / 1000)).toBeLessThan(10);

    const id = await jwtVerify(tokens.idToken, jwks, { issuer: ISSUER, audience: 'mediakit' });
    expect(id.payload).toMatchObject({ sub: user.sub, email: user.email, name: 'Eve' });
    expect(id.payload).not.toHaveProperty('nonce');
  });

  it('gives every access token its own jti', async () => {
    const { email } = await signUpAndLogin();
    const a = await svc.client.login({ email, password: PASSWORD });
    const b = await svc.client.login({ email, password: PASSWORD });
    const jti = async (token: string) => (await jwtVerify(token, jwks)).payload.jti;
    expect(await jti(a.accessToken)).not.toBe(await jti(b.accessToken));
  });

  it('accepts the email in any case and with spaces', async () => {
    const { email } = await signUpAndLogin();
    await expect(
      svc.client.login({ email: ` ${email.toUpperCase()} `, password: PASSWORD }),
    ).resolves.toBeDefined();
  });

  it('answers one 401 for a wrong password and for an unknown email', async () => {
    const { email } = await signUpAndLogin();
    const wrongPassword = await apiError(svc.client.login({ email, password: 'wrong password!' }));
    const unknownEmail = await apiError(
      svc.client.login({ email: 'nobody@example.com', password: PASSWORD }),
    );
    for (const error of [wrongPassword, unknownEmail]) {
      expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', message: SIGN_IN_FAILED });
    }
  });

  it('runs argon2 even when the email has no account', async () => {
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const unknown = vi.spyOn(PasswordHasher.prototype, 'verifyUnknownUser');
    await apiError(svc.client.login({ email: 'ghost@example.com', password: 'whatever password' }));
    expect(unknown).toHaveBeenCalledOnce();
    // The throwaway hash was really verified: argon2 ran, against a real argon2id hash.
    expect(verify).toHaveBeenCalledOnce();
    expect(verify.mock.calls[0]).toEqual([expect.stringMatching(/^\$argon2id\$/), 'whatever password']);
  });
});

describe('refresh', () => {
  it('rotates: a new access token and a new refresh token in the same session', async () => {
    const { user, tokens } = await signUpAndLogin();
    const next = await svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub });
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect(next.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(next).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    const { payload } = await jwtVerify(next.accessToken, jwks, { issuer: ISSUER, audience: 'mediakit' });
    expect(payload.sub).toBe(user.sub);
    expect((await jwtVerify(next.idToken, jwks)).payload.sub).toBe(user.sub);
    // And the successor rotates in turn.
    await expect(
      svc.client.refreshToken({ refreshToken: next.refreshToken, id: user.sub }),
    ).resolves.toBeDefined();
  });

  it('reusing a used refresh token revokes the whole session', async () => {
    const { user, tokens } = await signUpAndLogin();
    const next = await svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub });
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub })),
    ).toMatchObject(sessionEnded);
    // The legitimate successor dies with it: whoever holds it must sign in again.
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: next.refreshToken, id: user.sub })),
    ).toMatchObject(sessionEnded);
  });

  it('reuse revokes only that session, not the user’s other sign-ins', async () => {
    const { user, tokens, email } = await signUpAndLogin();
    const other = await svc.client.login({ email, password: PASSWORD });
    await svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub });
    await apiError(svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub }));
    await expect(
      svc.client.refreshToken({ refreshToken: other.refreshToken, id: user.sub }),
    ).resolves.toBeDefined();
  });

  it('refuses a token presented with another user’s id, and leaves that session alone', async () => {
    const alice = await signUpAndLogin();
    const bob = await signUpAndLogin();
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: alice.tokens.refreshToken, id: bob.user.sub })),
    ).toMatchObject(sessionEnded);
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: alice.tokens.refreshToken, id: '' })),
    ).toMatchObject(sessionEnded);
    await expect(
      svc.client.refreshToken({ refreshToken: alice.tokens.refreshToken, id: alice.user.sub }),
    ).resolves.toBeDefined();
  });

  it('refuses an unknown or empty token', async () => {
    const { user } = await signUpAndLogin();
    for (const refreshToken of ['', 'not-a-token', 'A'.repeat(43)]) {
      expect(await apiError(svc.client.refreshToken({ refreshToken, id: user.sub }))).toMatchObject(
        sessionEnded,
      );
    }
  });

  it('refuses an expired token (REFRESH_TOKEN_TTL_DAYS after its last use)', async () => {
    const { user, tokens } = await signUpAndLogin();
    clockOffsetMs = 29 * DAY_MS;
    const next = await svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub });
    // The successor lives 30 days from its own issue...
    clockOffsetMs = 58 * DAY_MS;
    const last = await svc.client.refreshToken({ refreshToken: next.refreshToken, id: user.sub });
    // ...and one unused for more than 30 days has ended.
    clockOffsetMs = 88 * DAY_MS + 60_000;
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: last.refreshToken, id: user.sub })),
    ).toMatchObject(sessionEnded);
  });
});

describe('logout', () => {
  it('revokes the session: neither the token nor its successors refresh', async () => {
    const { user, tokens } = await signUpAndLogin();
    const next = await svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub });
    expect(await svc.client.logout({ refreshToken: next.refreshToken })).toEqual({});
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: next.refreshToken, id: user.sub })),
    ).toMatchObject(sessionEnded);
  });

  it('logging out with the older token of a session also ends it', async () => {
    const { user, tokens } = await signUpAndLogin();
    const next = await svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub });
    await svc.client.logout({ refreshToken: tokens.refreshToken });
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: next.refreshToken, id: user.sub })),
    ).toMatchObject(sessionEnded);
  });

  it('ends the account’s sessions at the built-in provider too, and no one else’s', async () => {
    const { user, tokens } = await signUpAndLogin();
    const other = await signUpAndLogin();
    const storage = svc.auth.oidc?.storage;
    if (!storage) throw new Error('the built-in provider is not running');
    // What a browser that signed in through the provider left there: its provider session.
    const sessions = storage.adapterFor('Session');
    await sessions.upsert(`s-${user.sub}`, { accountId: user.sub }, 3600);
    await sessions.upsert(`s-${other.user.sub}`, { accountId: other.user.sub }, 3600);

    await svc.client.logout({ refreshToken: tokens.refreshToken });
    expect(await sessions.find(`s-${user.sub}`)).toBeUndefined();
    expect(await sessions.find(`s-${other.user.sub}`)).toMatchObject({ accountId: other.user.sub });
  });

  it('succeeds for an unknown or empty token', async () => {
    await expect(svc.client.logout({ refreshToken: 'unknown' })).resolves.toEqual({});
    await expect(svc.client.logout({ refreshToken: '' })).resolves.toEqual({});
  });
});

describe('the account', () => {
  it('me: sub, email, name, plan, roles', async () => {
    const { user, email } = await signUpAndLogin(freshEmail(), 'Frank');
    expect(await svc.client.getUser({ sub: user.sub })).toEqual({
      sub: user.sub,
      email,
      name: 'Frank',
      plan: 'free',
      roles: ['user'],
    });
  });

  it('an unknown sub is a session that ended, not a 404', async () => {
    expect(await apiError(svc.client.getUser({ sub: 'no-such-user' }))).toMatchObject(sessionEnded);
    expect(await apiError(svc.client.getUser({ sub: '' }))).toMatchObject(sessionEnded);
    expect(await apiError(svc.client.updateAccount({ sub: 'no-such-user', name: 'x' }))).toMatchObject(
      sessionEnded,
    );
  });

  it('update changes the name, and only the caller’s', async () => {
    const alice = await signUpAndLogin(freshEmail(), 'Alice');
    const bob = await signUpAndLogin(freshEmail(), 'Bob');
    expect(await svc.client.updateAccount({ sub: alice.user.sub, name: '  Alice B. ' })).toMatchObject({
      sub: alice.user.sub,
      name: 'Alice B.',
    });
    expect((await svc.client.getUser({ sub: alice.user.sub })).name).toBe('Alice B.');
    expect((await svc.client.getUser({ sub: bob.user.sub })).name).toBe('Bob');
    const tooLong = await apiError(svc.client.updateAccount({ sub: alice.user.sub, name: 'x'.repeat(101) }));
    expect(tooLong).toMatchObject({ status: 400 });
    expect(tooLong.details).toEqual([{ field: 'name', message: tooLong.message }]);
  });

  it('the id token after a rename carries the new name', async () => {
    const { user, tokens } = await signUpAndLogin(freshEmail(), 'Old');
    await svc.client.updateAccount({ sub: user.sub, name: 'New' });
    const next = await svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub });
    expect((await jwtVerify(next.idToken, jwks)).payload.name).toBe('New');
  });
});

describe('change password', () => {
  it('needs the current password (401 otherwise) and follows the rules (400 naming new_password)', async () => {
    const { user } = await signUpAndLogin();
    expect(
      await apiError(
        svc.client.changePassword({
          sub: user.sub,
          currentPassword: 'not it at all',
          newPassword: 'another password',
        }),
      ),
    ).toMatchObject({ status: 401, message: 'The current password is not correct.' });
    const weak = await apiError(
      svc.client.changePassword({ sub: user.sub, currentPassword: PASSWORD, newPassword: 'short' }),
    );
    expect(weak).toMatchObject({ status: 400 });
    expect(weak.details).toEqual([{ field: 'new_password', message: weak.message }]);
  });

  it('replaces the password and ends every session of the user', async () => {
    const { user, tokens, email } = await signUpAndLogin();
    const other = await signUpAndLogin();
    await svc.client.changePassword({
      sub: user.sub,
      currentPassword: PASSWORD,
      newPassword: 'a brand new secret',
    });
    expect(await apiError(svc.client.login({ email, password: PASSWORD }))).toMatchObject({ status: 401 });
    await expect(svc.client.login({ email, password: 'a brand new secret' })).resolves.toBeDefined();
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub })),
    ).toMatchObject(sessionEnded);
    // Someone else's session is untouched.
    await expect(
      svc.client.refreshToken({ refreshToken: other.tokens.refreshToken, id: other.user.sub }),
    ).resolves.toBeDefined();
  });

  it('of an unknown user is a session that ended', async () => {
    expect(
      await apiError(
        svc.client.changePassword({ sub: 'nobody', currentPassword: PASSWORD, newPassword: PASSWORD }),
      ),
    ).toMatchObject(sessionEnded);
  });
});

describe('delete account', () => {
  it('removes the user and their sessions; the email can sign up again', async () => {
    const { user, tokens, email } = await signUpAndLogin();
    const other = await signUpAndLogin();
    expect(await svc.client.deleteAccount({ sub: user.sub })).toEqual({});
    expect(await apiError(svc.client.getUser({ sub: user.sub }))).toMatchObject(sessionEnded);
    expect(await apiError(svc.client.login({ email, password: PASSWORD }))).toMatchObject({
      status: 401,
      message: SIGN_IN_FAILED,
    });
    expect(
      await apiError(svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub })),
    ).toMatchObject(sessionEnded);
    expect(await apiError(svc.client.deleteAccount({ sub: user.sub }))).toMatchObject(sessionEnded);
    // Only that user.
    expect((await svc.client.getUser({ sub: other.user.sub })).sub).toBe(other.user.sub);
    const again = await svc.client.signup({ email, password: PASSWORD, name: '' });
    expect(again.sub).not.toBe(user.sub);
  });
});

describe('API keys', () => {
  it('cross the wire: created, verified, listed; deleting the account deletes its keys', async () => {
    const { user } = await signUpAndLogin();
    const created = await svc.client.createApiKey({ sub: user.sub, name: 'ci', scopes: ['files:read'] });
    expect(created.key).toMatchObject({ name: 'ci', scopes: ['files:read'] });
    expect(created.key?.expiresAt).toBeUndefined();
    expect(await svc.client.verifyApiKey({ secret: created.secret })).toMatchObject({
      sub: user.sub,
      roles: ['user'],
      scopes: ['files:read'],
    });
    expect((await svc.client.listApiKeys({ sub: user.sub })).keys).toHaveLength(1);
    await svc.client.deleteAccount({ sub: user.sub });
    expect(await apiError(svc.client.verifyApiKey({ secret: created.secret }))).toMatchObject({
      status: 401,
    });
    expect((await svc.client.listApiKeys({ sub: user.sub })).keys).toEqual([]);
  });
});

describe('plans', () => {
  it('guests and users get their plan; unknown owners the free one', async () => {
    const { user } = await signUpAndLogin();
    expect((await svc.client.getOwnerPlan({ ownerId: 'guest-1', isGuest: true })).id).toBe('free');
    expect((await svc.client.getOwnerPlan({ ownerId: user.sub, isGuest: false })).id).toBe('free');
    expect((await svc.client.getOwnerPlan({ ownerId: 'nobody', isGuest: false })).id).toBe('free');
    expect((await svc.client.listPlans({})).plans.map((p) => p.id)).toEqual(['free', 'pro', 'business']);
  });
});

describe('HTTP', () => {
  it('serves the JWKS with public keys only, cacheable for 5 minutes', async () => {
    const response = await fetch(`${svc.httpUrl}/oidc/jwks`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('content-type')).toBe('application/jwk-set+json');
    const body = (await response.json()) as { keys: Array<Record<string, unknown>> };
    expect(body.keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: svc.auth.keys.current().kid,
        alg: 'ES256',
        use: 'sig',
      },
    ]);
  });

  it('answers /healthz and /readyz, 404 elsewhere, 405 for writes', async () => {
    expect(await (await fetch(`${svc.httpUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${svc.httpUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { documents: 'ok' } });
    expect((await fetch(`${svc.httpUrl}/oidc/nothing`)).status).toBe(404);
    expect((await fetch(`${svc.httpUrl}/oidc/jwks`, { method: 'POST' })).status).toBe(405);
  });
});

describe('after a restart', () => {
  it('keeps the signing key, the users and the sessions; makes ADMIN_EMAIL admin', async () => {
    const { user, tokens, email } = await signUpAndLogin('later-admin@example.com');
    const kid = svc.auth.keys.current().kid;
    await svc.stop();

    svc = await boot({ ADMIN_EMAIL: 'Later-Admin@example.com' });
    jwks = createRemoteJWKSet(new URL(`${svc.httpUrl}/oidc/jwks`));
    expect(svc.auth.keys.current().kid).toBe(kid);
    // A token signed before the restart still verifies against the restarted service's JWKS.
    expect(decodeProtectedHeader(tokens.accessToken).kid).toBe(kid);
    await expect(
      jwtVerify(tokens.accessToken, jwks, { issuer: ISSUER, audience: 'mediakit' }),
    ).resolves.toBeDefined();

    expect((await svc.client.getUser({ sub: user.sub })).roles).toEqual(['user', 'admin']);
    const next = await svc.client.refreshToken({ refreshToken: tokens.refreshToken, id: user.sub });
    expect((await jwtVerify(next.accessToken, jwks)).payload.roles).toEqual(['user', 'admin']);
    await expect(svc.client.login({ email, password: PASSWORD })).resolves.toBeDefined();
  });

  it('signs with JWT_PRIVATE_KEYS when set, and the JWKS publishes it', async () => {
    await svc.stop();
    const { generateKeyPair, exportJWK } = await import('jose');
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    svc = await boot({
      JWT_PRIVATE_KEYS: JSON.stringify({ keys: [{ ...(await exportJWK(privateKey)), kid: 'prod-1' }] }),
    });
    jwks = createRemoteJWKSet(new URL(`${svc.httpUrl}/oidc/jwks`));
    const { tokens } = await signUpAndLogin();
    const { protectedHeader } = await jwtVerify(tokens.accessToken, jwks, {
      issuer: ISSUER,
      audience: 'mediakit',
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'prod-1' });
  });
});
