import { ApiError } from '@mediakit/kit';
import type { filesV1, jobsV1 } from '@mediakit/proto';
import { afterEach, describe, expect, test } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestIssuer,
  FREE_PLAN,
  fakeFile,
  fakeJob,
  issuer,
  OWNER,
  ownerCookie,
  type TestApp,
} from '../../test/support.ts';
import { SESSION_INVALID } from '../access-tokens.ts';

const job = { tool: 'trim-video', inputs: ['file1'], params: { start: 0, end: 1 } };
const UNAUTHORIZED = { code: 'unauthorized', message: SESSION_INVALID };

/** Flips one character of the signature, as an attacker editing a token would. */
function tamper(token: string): string {
  const i = token.length - 5;
  return token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
}

describe('signed-in callers', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('a valid bearer makes the caller user:<sub>: no guest cookie, and the plan is asked for by sub', async () => {
    t = await buildTestApp();
    const owners: string[] = [];
    const plansAsked: unknown[] = [];
    t.clients.jobs.createJob = async (request) => {
      owners.push(request.ownerId);
      return fakeJob({ ownerId: request.ownerId });
    };
    t.clients.auth.getOwnerPlan = async (request) => {
      plansAsked.push(request);
      return FREE_PLAN;
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: job,
      headers: await bearer('alice'),
    });
    expect(res.statusCode).toBe(202);
    expect(res.cookies).toEqual([]);
    expect(owners).toEqual(['user:alice']);
    expect(plansAsked).toEqual([{ ownerId: 'alice', isGuest: false }]);
  });

  test('reads of a signed-in user name them as the owner', async () => {
    t = await buildTestApp();
    const asked: string[] = [];
    t.clients.jobs.getJob = async (request) => {
      asked.push(request.ownerId);
      return fakeJob({ ownerId: request.ownerId, id: request.id });
    };
    t.clients.files.listFiles = async (request) => {
      asked.push(request.ownerId);
      return { items: [], nextCursor: '' };
    };
    const headers = await bearer('bob');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/files', headers })).statusCode).toBe(200);
    expect(asked).toEqual(['user:bob', 'user:bob']);
  });

  test("a user's file and job are looked up as theirs; anyone else's answer 404", async () => {
    t = await buildTestApp();
    const asked: string[] = [];
    const mine = <T>(ownerId: string, value: T) => {
      asked.push(ownerId);
      if (ownerId !== 'user:owner') throw new ApiError(404, 'not_found', 'Not found.');
      return value;
    };
    t.clients.files.getFile = async (request) =>
      mine(request.ownerId, fakeFile({ ownerId: request.ownerId }));
    t.clients.jobs.getJob = async (request) =>
      mine(request.ownerId, fakeJob({ ownerId: request.ownerId, status: 'succeeded' }));
    const urls = ['/api/v1/files/file1', '/api/v1/jobs/job1', '/api/v1/jobs/job1/events'];
    for (const url of urls) {
      const own = await t.app.inject({ method: 'GET', url, headers: await bearer('owner') });
      expect(own.statusCode, url).toBe(200);
      const other = await t.app.inject({ method: 'GET', url, headers: await bearer('other') });
      expect(other.statusCode, url).toBe(404);
    }
    expect(new Set(asked)).toEqual(new Set(['user:owner', 'user:other']));
  });

  test('signed-in callers are rate-limited per account, not per address', async () => {
    t = await buildTestApp({ rateLimit: { perMinute: 100, writesPerMinute: 1 } });
    const post = async (sub: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/jobs', payload: job, headers: await bearer(sub) }))
        .statusCode;
    expect(await post('alice')).toBe(202);
    expect(await post('alice')).toBe(429);
    expect(await post('bob')).toBe(202);
  });

  const badTokens: [string, () => Promise<string>][] = [
    ['a tampered signature', async () => `Bearer ${tamper(await issuer.sign())}`],
    ['an expired token', async () => `Bearer ${await issuer.sign({}, { expiresIn: -60 })}`],
    [
      'another issuer',
      async () => `Bearer ${await issuer.sign({}, { issuer: 'https://evil.example/oidc' })}`,
    ],
    ['another audience', async () => `Bearer ${await issuer.sign({}, { audience: 'someone-else' })}`],
    [
      'an id token (typ JWT) instead of an access token',
      async () => `Bearer ${await issuer.sign({}, { typ: 'JWT' })}`,
    ],
    ['a key the issuer never published', async () => `Bearer ${await (await createTestIssuer()).sign()}`],
    [
      'an unsigned token (alg none)',
      async () => {
        const [, payload] = (await issuer.sign()).split('.');
        const header = Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url');
        return `Bearer ${header}.${payload}.`;
      },
    ],
    ['a token without a sub', async () => `Bearer ${await issuer.sign({ sub: undefined })}`],
    ['a sub that is not a string', async () => `Bearer ${await issuer.sign({ sub: 1 })}`],
    ['garbage', async () => 'Bearer not-a-jwt'],
    ['an empty bearer', async () => 'Bearer '],
    ['another scheme', async () => 'Basic dXNlcjpwYXNz'],
  ];
  for (const [what, header] of badTokens) {
    test(`${what} answers 401 with the error body, never a guest`, async () => {
      t = await buildTestApp();
      const headers = { authorization: await header(), ...ownerCookie };
      const write = await t.app.inject({ method: 'POST', url: '/api/v1/jobs', payload: job, headers });
      expect(write.statusCode).toBe(401);
      expect(write.json()).toEqual(UNAUTHORIZED);
      expect(write.cookies).toEqual([]);
      const read = await t.app.inject({ method: 'GET', url: '/api/v1/files', headers });
      expect(read.statusCode).toBe(401);
      expect(read.json()).toEqual(UNAUTHORIZED);
    });
  }

  test('a sub that cannot be an owner id is refused', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files',
      headers: { authorization: `Bearer ${await issuer.sign({ sub: 'a b\nc' })}` },
    });
    expect(res.statusCode).toBe(401);
  });

  test('keys that cannot be read answer 503, so a session is not thrown away for our outage', async () => {
    t = await buildTestApp({
      tokens: {
        verify: () =>
          Promise.reject(new ApiError(503, 'service_unavailable', 'Sign-in cannot be checked right now.')),
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/files', headers: await bearer() });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service_unavailable');
  });
});

describe('a guest who signs in', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  function recordClaims(app: TestApp) {
    const claims: { files: filesV1.ClaimOwnerRequest[]; jobs: jobsV1.ClaimOwnerRequest[] } = {
      files: [],
      jobs: [],
    };
    app.clients.files.claimOwner = async (request) => {
      claims.files.push(request);
      return { moved: 2 };
    };
    app.clients.jobs.claimOwner = async (request) => {
      claims.jobs.push(request);
      return { moved: 1 };
    };
    return claims;
  }

  test('keeps their files and jobs: the first request with both moves them, then clears the cookie', async () => {
    t = await buildTestApp();
    const claims = recordClaims(t);
    const listedFor: string[] = [];
    t.clients.files.listFiles = async (request) => {
      listedFor.push(request.ownerId);
      return { items: [], nextCursor: '' };
    };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files',
      headers: { ...(await bearer('carol')), ...ownerCookie },
    });
    expect(res.statusCode).toBe(200);
    const move = { fromOwnerId: OWNER, toOwnerId: 'user:carol' };
    expect(claims).toEqual({ files: [move], jobs: [move] });
    // The same request already lists as the user, after the move.
    expect(listedFor).toEqual(['user:carol']);
    const cleared = res.cookies.find((c) => c.name === 'mk_guest');
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true });
    expect(cleared?.expires?.getTime()).toBe(0);
  });

  test('concurrent requests with the same cookie share one claim', async () => {
    // All three requests are let past token checking together, so they ask for the claim while the
    // first one is still running (held open by the gate).
    let arrived = 0;
    let allArrived: () => void = () => {};
    const together = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    t = await buildTestApp({
      tokens: {
        async verify() {
          if (++arrived === 3) allArrived();
          await together;
          return { sub: 'dave', roles: [] };
        },
      },
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    t.clients.jobs.claimOwner = async () => {
      calls++;
      await gate;
      return { moved: 0 };
    };
    const headers = { authorization: 'Bearer a.b.c', ...ownerCookie };
    const requests = [1, 2, 3].map(() => t.app.inject({ method: 'GET', url: '/api/v1/files', headers }));
    await together;
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(calls).toBe(1);
  });

  test('a failed claim never fails the request, and the cookie stays for a later try', async () => {
    t = await buildTestApp();
    let attempts = 0;
    t.clients.files.claimOwner = async () => {
      attempts++;
      throw new ApiError(503, 'service_unavailable', 'files is down');
    };
    const headers = { ...(await bearer('erin')), ...ownerCookie };
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/files', headers });
    expect(first.statusCode).toBe(200);
    expect(first.cookies).toEqual([]);
    // Right after a failure the next request does not wait for the same failing calls
    // (the retry after the back-off is in guest-claims.test.ts).
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/files', headers });
    expect(second.statusCode).toBe(200);
    expect(second.cookies).toEqual([]);
    expect(attempts).toBe(1);
  });

  test('a bad bearer claims nothing, and neither does a token without a guest cookie', async () => {
    t = await buildTestApp();
    const claims = recordClaims(t);
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/files',
      headers: { authorization: `Bearer ${tamper(await issuer.sign({ sub: 'mallory' }))}`, ...ownerCookie },
    });
    await t.app.inject({ method: 'GET', url: '/api/v1/files', headers: await bearer('frank') });
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/files',
      headers: { ...(await bearer('frank')), cookie: 'mk_guest=forged' },
    });
    expect(claims).toEqual({ files: [], jobs: [] });
  });
});
