import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uniqueEmail } from '../support/sign-in.ts';
import { ApiClient } from './client.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * Accounts and the app session through the public API on the real stack (docs/api.md "Accounts and
 * sessions", issue 5): sign-up, login, the JWT access token verified by the gateway against the
 * auth service's JWKS, refresh-token rotation and reuse detection, logout, owner checks per
 * resource type, and a guest who signs in keeping what they made.
 */

const SESSION_INVALID = {
  code: 'unauthorized',
  message: 'Your session has expired or is not valid. Please sign in again.',
};

let stack: TestStack;
let dir: string;
let png: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-accounts-'));
  // Many sign-ups and logins from one address: the default limit of 20 a minute would stop the test.
  stack = await startTestStack({ serviceEnv: { gateway: { RATE_LIMIT_AUTH_PER_MINUTE: '1000' } } });
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 200, b: 30 } } })
    .png()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Caller {
  token?: string;
  /** A `mk_guest=<id>` cookie. */
  cookie?: string;
}

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked by the assertions
  body: any;
}

async function call(method: string, path: string, caller: Caller = {}, json?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (caller.cookie) headers.cookie = caller.cookie;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (file bytes, an event stream): keep the text.
  }
  return { status: response.status, headers: response.headers, body };
}

async function upload(caller: Caller, name = 'photo.png'): Promise<Answer & { cookie?: string }> {
  const form = new FormData();
  form.append('file', new Blob([png]), name);
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (caller.cookie) headers.cookie = caller.cookie;
  const response = await fetch(`${stack.gatewayUrl}/api/v1/files`, { method: 'POST', headers, body: form });
  const guest = response.headers.get('set-cookie')?.match(/mk_guest=([^;]+)/);
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json(),
    cookie: guest ? `mk_guest=${guest[1]}` : undefined,
  };
}

/** The first event of a job's stream (a finished job sends its final event at once), or the error. */
async function firstEvent(
  jobId: string,
  caller: Caller,
  // biome-ignore lint/suspicious/noExplicitAny: a Job or an error body, checked by the assertions
): Promise<{ status: number; event?: string; body?: any }> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (caller.cookie) headers.cookie = caller.cookie;
  const response = await fetch(`${stack.gatewayUrl}/api/v1/jobs/${jobId}/events`, {
    headers,
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 200) return { status: response.status, body: await response.json() };
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const block = buffer.split('\n\n').find((b) => /^event: /m.test(b));
    if (block) {
      await response.body?.cancel().catch(() => {});
      return {
        status: 200,
        event: block.match(/^event: (.*)$/m)?.[1],
        body: JSON.parse(block.match(/^data: (.*)$/m)?.[1] ?? 'null'),
      };
    }
  }
  return { status: 200 };
}

/** A new account, logged in (with a guest's cookie: the guest signing in). */
const newUser = (name: string, caller: Caller = {}) =>
  signUp(stack.gatewayUrl, { name, headers: caller.cookie ? { cookie: caller.cookie } : undefined });

/** Runs png-to-jpg on a file and waits until the job has finished. */
async function finishedJob(caller: Caller, fileId: string): Promise<string> {
  const created = await call('POST', '/jobs', caller, { tool: 'png-to-jpg', inputs: [fileId], params: {} });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const id = created.body.id as string;
  const until = Date.now() + 60_000;
  for (;;) {
    const job = await call('GET', `/jobs/${id}`, caller);
    if (job.body.status === 'succeeded') return id;
    if (job.body.status === 'failed' || Date.now() > until) throw new Error(JSON.stringify(job.body));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function flipOneCharacter(token: string): string {
  const i = Math.floor(token.length / 2);
  return token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
}

describe('the app session', () => {
  it('signs up, logs in, uses the token, refreshes with rotation and reuse detection, and logs out', async () => {
    const email = uniqueEmail('ada');
    const signup = await call('POST', '/auth/signup', {}, { email, password: PASSWORD, name: 'Ada' });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const { user } = signup.body;
    expect(user).toMatchObject({ email, name: 'Ada', plan: 'free' });
    expect(user.roles).toContain('user');
    expect(signup.headers.get('set-cookie')).toBeNull();

    const taken = await call('POST', '/auth/signup', {}, { email, password: PASSWORD });
    expect(taken.status).toBe(409);

    const wrong = await call('POST', '/auth/login', {}, { email, password: 'not the password at all' });
    const unknown = await call(
      'POST',
      '/auth/login',
      {},
      { email: uniqueEmail('nobody'), password: PASSWORD },
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // One message, whichever part was wrong.
    expect(wrong.body.message).toBe(unknown.body.message);

    const login = await call('POST', '/auth/login', {}, { email, password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    for (const key of ['access_token', 'refresh_token', 'id_token'])
      expect(typeof login.body[key]).toBe('string');
    expect(login.headers.get('cache-control')).toBe('no-store');

    // The access token: asymmetric, with a kid, verifiable with the published JWKS, with the agreed claims.
    const access = login.body.access_token as string;
    const header = decodeProtectedHeader(access);
    expect(['ES256', 'RS256']).toContain(header.alg);
    expect(header.kid).toBeTruthy();
    const jwks = createRemoteJWKSet(new URL(`http://127.0.0.1:${stack.ports.auth.HTTP_PORT}/oidc/jwks`));
    const { payload } = await jwtVerify(access, jwks, {
      // No PUBLIC_URL: the app session's tokens name localhost at the gateway's own port.
      issuer: `http://localhost:${stack.ports.gateway.PORT}/oidc`,
      audience: 'mediakit',
    });
    expect(payload).toMatchObject({ sub: user.sub, roles: expect.arrayContaining(['user']) });
    expect(payload.exp).toBe((payload.iat as number) + 900);
    expect(typeof payload.jti).toBe('string');

    // The token works: upload and a job as the user, no guest cookie involved.
    const uploaded = await upload({ token: access });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.cookie).toBeUndefined();
    const jobId = await finishedJob({ token: access }, uploaded.body.files[0].id);
    const list = await call('GET', '/jobs', { token: access });
    expect(list.body.items.map((j: { id: string }) => j.id)).toContain(jobId);

    const me = await call('GET', '/auth/me', { token: access });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ sub: user.sub, email, name: 'Ada', plan: 'free', roles: user.roles });

    // A tampered token (one character flipped) is refused with the API's error body.
    const tampered = await call('GET', '/auth/me', { token: flipOneCharacter(access) });
    expect(tampered.status).toBe(401);
    expect(tampered.body).toEqual(SESSION_INVALID);
    const tamperedWrite = await upload({ token: flipOneCharacter(access) });
    expect(tamperedWrite.status).toBe(401);
    expect(tamperedWrite.cookie).toBeUndefined();

    // Refresh rotates: a new access token and a new refresh token, and the new pair works.
    const first = login.body.refresh_token as string;
    const refreshed = await call('POST', '/auth/refresh_token', {}, { refresh_token: first, id: user.sub });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const second = refreshed.body.refresh_token as string;
    expect(typeof refreshed.body.access_token).toBe('string');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await call('GET', '/auth/me', { token: refreshed.body.access_token })).status).toBe(200);
    const third = await call('POST', '/auth/refresh_token', {}, { refresh_token: second, id: user.sub });
    expect(third.status).toBe(200);
    const current = third.body.refresh_token as string;

    // Reusing a rotated token is a 401, and revokes the whole session: the current token dies too.
    const reused = await call('POST', '/auth/refresh_token', {}, { refresh_token: second, id: user.sub });
    expect(reused.status).toBe(401);
    const afterReuse = await call(
      'POST',
      '/auth/refresh_token',
      {},
      { refresh_token: current, id: user.sub },
    );
    expect(afterReuse.status).toBe(401);

    // A refresh token presented for another user is refused.
    const again = await call('POST', '/auth/login', {}, { email, password: PASSWORD });
    const otherId = await call(
      'POST',
      '/auth/refresh_token',
      {},
      { refresh_token: again.body.refresh_token, id: 'someone-else' },
    );
    expect(otherId.status).toBe(401);

    // Logout revokes: the refresh token is dead afterwards.
    const session = await call('POST', '/auth/login', {}, { email, password: PASSWORD });
    const logout = await call('POST', '/auth/logout', {}, { refresh_token: session.body.refresh_token });
    expect(logout.status).toBe(204);
    const afterLogout = await call(
      'POST',
      '/auth/refresh_token',
      {},
      { refresh_token: session.body.refresh_token, id: user.sub },
    );
    expect(afterLogout.status).toBe(401);
  });

  it('renames the account, changes the password, and deletes the account', async () => {
    const user = await newUser('grace');
    const renamed = await call('PATCH', '/account', { token: user.token }, { name: 'Grace H.' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ sub: user.sub, name: 'Grace H.' });

    const wrongCurrent = await call(
      'POST',
      '/account/password',
      { token: user.token },
      { current_password: 'not the password', new_password: 'a brand new passphrase' },
    );
    expect(wrongCurrent.status).toBe(401);
    const changed = await call(
      'POST',
      '/account/password',
      { token: user.token },
      { current_password: PASSWORD, new_password: 'a brand new passphrase' },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    expect((await call('POST', '/auth/login', {}, { email: user.email, password: PASSWORD })).status).toBe(
      401,
    );
    const relogin = await call(
      'POST',
      '/auth/login',
      {},
      { email: user.email, password: 'a brand new passphrase' },
    );
    expect(relogin.status).toBe(200);

    const deleted = await call('DELETE', '/account', { token: relogin.body.access_token });
    expect(deleted.status).toBe(204);
    const gone = await call(
      'POST',
      '/auth/login',
      {},
      { email: user.email, password: 'a brand new passphrase' },
    );
    expect(gone.status).toBe(401);
  });

  it('answers 401 to guests on signed-in routes', async () => {
    const guest = await upload({});
    expect(guest.cookie).toBeDefined();
    for (const caller of [{}, { cookie: guest.cookie }]) {
      expect((await call('GET', '/auth/me', caller)).status).toBe(401);
      expect((await call('PATCH', '/account', caller, { name: 'x' })).status).toBe(401);
    }
  });
});

describe('owner checks', () => {
  it('lets only the owner reach a file, its content, a job and its events: others get 404', async () => {
    const owner = await newUser('owner');
    const otherUser = await newUser('other');
    const otherGuest = await upload({});
    expect(otherGuest.cookie).toBeDefined();
    const guestOwner = await upload({});
    expect(guestOwner.cookie).toBeDefined();

    const userFile = (await upload({ token: owner.token })).body.files[0].id as string;
    const userJob = await finishedJob({ token: owner.token }, userFile);
    const guestFile = guestOwner.body.files[0].id as string;
    const guestJob = await finishedJob({ cookie: guestOwner.cookie }, guestFile);

    const cases = [
      {
        what: "a user's",
        owner: { token: owner.token },
        others: [{ token: otherUser.token }, { cookie: otherGuest.cookie }, {}],
        file: userFile,
        job: userJob,
      },
      {
        what: "a guest's",
        owner: { cookie: guestOwner.cookie },
        others: [{ token: otherUser.token }, { cookie: otherGuest.cookie }, {}],
        file: guestFile,
        job: guestJob,
      },
    ];
    for (const c of cases) {
      const file = await call('GET', `/files/${c.file}`, c.owner);
      expect(file.status, `${c.what} file`).toBe(200);
      const content = await call('GET', `/files/${c.file}/content`, c.owner);
      expect(content.status, `${c.what} content`).toBe(200);
      expect(content.headers.get('content-type')).toBe('image/png');
      const job = await call('GET', `/jobs/${c.job}`, c.owner);
      expect(job.status, `${c.what} job`).toBe(200);
      const events = await firstEvent(c.job, c.owner);
      expect(events).toMatchObject({ status: 200, event: 'succeeded', body: { id: c.job } });

      for (const other of c.others) {
        const who = `${c.what} as ${other.token ? 'another user' : other.cookie ? 'another guest' : 'a visitor'}`;
        for (const path of [`/files/${c.file}`, `/files/${c.file}/content`, `/jobs/${c.job}`]) {
          const answer = await call('GET', path, other);
          expect(answer.status, `${who} ${path}`).toBe(404);
          expect(answer.body.code, `${who} ${path}`).toBe('not_found');
        }
        const stream = await firstEvent(c.job, other);
        expect(stream.status, `${who} events`).toBe(404);
        // Nor can they delete, cancel or retry it.
        expect((await call('DELETE', `/files/${c.file}`, other)).status, `${who} delete file`).toBe(404);
        expect((await call('DELETE', `/jobs/${c.job}`, other)).status, `${who} delete job`).toBe(404);
        expect((await call('POST', `/jobs/${c.job}/retry`, other)).status, `${who} retry`).toBe(404);
        // And their lists do not show it.
        const files = await call('GET', '/files', other);
        expect(files.body.items.map((f: { id: string }) => f.id)).not.toContain(c.file);
        const jobs = await call('GET', '/jobs', other);
        expect(jobs.body.items.map((j: { id: string }) => j.id)).not.toContain(c.job);
      }
      // Still there for the owner after all that.
      expect((await call('GET', `/files/${c.file}`, c.owner)).status).toBe(200);
      expect((await call('GET', `/jobs/${c.job}`, c.owner)).status).toBe(200);
    }
  });
});

describe('download links', () => {
  it('open one file of its owner without a bearer, for <img>, <video> and downloads; nobody else gets one', async () => {
    const ann = await newUser('ann');
    const bob = await newUser('bob');
    const file = await upload({ token: ann.token });
    expect(file.status).toBe(201);
    const id = file.body.files[0].id as string;
    const other = (await upload({ token: ann.token }, 'other.png')).body;
    const otherId = other.files[0].id as string;

    const link = await call('POST', `/files/${id}/link`, { token: ann.token });
    expect(link.status).toBe(200);
    expect(new Date(link.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // No Authorization header, no cookie: the link alone.
    const bytes = await fetch(`${stack.gatewayUrl}${link.body.url}`);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png)).toBe(true);
    // A video player seeks with Range requests on the same URL.
    const range = await fetch(`${stack.gatewayUrl}${link.body.url}`, { headers: { range: 'bytes=0-7' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);
    // The token opens that file only, and a tampered one nothing.
    const token = new URL(link.body.url, stack.gatewayUrl).searchParams.get('link') as string;
    expect((await call('GET', `/files/${otherId}/content?link=${encodeURIComponent(token)}`)).status).toBe(
      404,
    );
    expect((await call('GET', `/files/${id}/content?link=${encodeURIComponent(`${token}x`)}`)).status).toBe(
      404,
    );
    // Another user and a guest get no link for it.
    expect((await call('POST', `/files/${id}/link`, { token: bob.token })).status).toBe(404);
    expect((await call('POST', `/files/${id}/link`)).status).toBe(404);
  });
});

describe('a guest who signs in', () => {
  it('keeps their files and jobs, and the guest cookie is cleared', async () => {
    const guest = new ApiClient(stack.gatewayUrl);
    const path = join(dir, 'guest.png');
    await writeFile(path, png);
    const uploaded = await guest.upload([path]);
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.files[0].id as string;
    const cookie = guest.cookieHeader;
    expect(cookie).toMatch(/^mk_guest=/);
    const jobId = await finishedJob({ cookie }, fileId);

    // Signs up and in with the cookie still set, then uses the app.
    const user = await newUser('claimer', { cookie });
    const files = await call('GET', '/files', { token: user.token, cookie });
    expect(files.status).toBe(200);
    expect(files.body.items.map((f: { id: string }) => f.id)).toContain(fileId);
    const cleared = files.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/mk_guest=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);

    // Everything is the account's now, the job and its output too, and no longer the guest's.
    const jobs = await call('GET', '/jobs', { token: user.token });
    expect(jobs.body.items.map((j: { id: string }) => j.id)).toContain(jobId);
    const job = await call('GET', `/jobs/${jobId}`, { token: user.token });
    expect(job.status).toBe(200);
    const output = job.body.outputs[0].id as string;
    expect((await call('GET', `/files/${output}/content`, { token: user.token })).status).toBe(200);
    expect((await call('GET', `/files/${fileId}`, { cookie })).status).toBe(404);
    expect((await call('GET', '/files', { cookie })).body.items).toEqual([]);

    // Claiming again (a stale cookie sent once more) is harmless.
    const again = await call('GET', '/files', { token: user.token, cookie });
    expect(again.body.items.map((f: { id: string }) => f.id)).toContain(fileId);
  });
});
