import { afterEach, describe, expect, test } from 'vitest';
import { bearer, buildTestApp, fakeJob, OWNER, ownerCookie, type TestApp } from '../../test/support.ts';

const job = { tool: 'trim-video', inputs: ['file1'], params: { start: 0, end: 1 } };

describe('guest identity', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('the first write sets an httpOnly guest cookie; later writes reuse it', async () => {
    t = await buildTestApp();
    const owners: string[] = [];
    t.clients.jobs.createJob = async (request) => {
      owners.push(request.ownerId);
      return fakeJob({ ownerId: request.ownerId });
    };

    const first = await t.app.inject({ method: 'POST', url: '/api/v1/jobs', payload: job });
    expect(first.statusCode).toBe(202);
    const cookie = first.cookies.find((c) => c.name === 'mk_guest');
    expect(cookie).toBeDefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(cookie?.secure).toBeUndefined();

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: job,
      cookies: { mk_guest: cookie?.value as string },
    });
    expect(second.statusCode).toBe(202);
    expect(second.cookies).toEqual([]);
    expect(owners).toEqual([`guest:${cookie?.value}`, `guest:${cookie?.value}`]);
  });

  test('reads never set a cookie, and a visitor without one sees nothing', async () => {
    t = await buildTestApp();
    t.clients.files.listFiles = async () => {
      throw new Error('must not be called without an owner');
    };
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/files' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [], nextCursor: null });
    expect(list.cookies).toEqual([]);

    const one = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1' });
    expect(one.statusCode).toBe(404);
    expect(one.cookies).toEqual([]);
  });

  test('an invalid cookie is ignored and replaced on the next write', async () => {
    t = await buildTestApp();
    let seen = '';
    t.clients.jobs.getJob = async (request) => {
      seen = request.ownerId;
      return fakeJob({ ownerId: request.ownerId });
    };
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/job1',
      cookies: { mk_guest: 'not-a-guest-id' },
    });
    expect(read.statusCode).toBe(404);
    expect(seen).toBe('');

    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: job,
      cookies: { mk_guest: 'x'.repeat(40) },
    });
    expect(write.cookies.find((c) => c.name === 'mk_guest')?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test('a valid cookie names the owner of reads', async () => {
    t = await buildTestApp();
    t.clients.jobs.getJob = async (request) => fakeJob({ ownerId: request.ownerId, id: request.id });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1', headers: ownerCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe('job1');
    expect(OWNER).toMatch(/^guest:/);
  });

  test('the cookie is Secure over https, trusting X-Forwarded-Proto only behind a trusted proxy', async () => {
    t = await buildTestApp({ trustProxy: true });
    const behindProxy = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: job,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(behindProxy.cookies.find((c) => c.name === 'mk_guest')?.secure).toBe(true);
    await t.app.close();

    t = await buildTestApp({ trustProxy: false });
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: job,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.cookies.find((c) => c.name === 'mk_guest')?.secure).toBeUndefined();
  });

  describe('POST /auth/guest: one guest before a batch of parallel writes', () => {
    test('without a cookie or a bearer it mints the guest cookie, and that guest owns what follows', async () => {
      t = await buildTestApp();
      const owners: string[] = [];
      t.clients.jobs.createJob = async (request) => {
        owners.push(request.ownerId);
        return fakeJob({ ownerId: request.ownerId });
      };
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/guest' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const cookie = res.cookies.find((c) => c.name === 'mk_guest');
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
      expect(res.headers['cache-control']).toBe('no-store');

      // Writes sent at once after it all carry that cookie, so none mints another owner.
      const writes = await Promise.all(
        [1, 2, 3].map(() =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/jobs',
            payload: job,
            cookies: { mk_guest: cookie?.value as string },
          }),
        ),
      );
      expect(writes.map((w) => [w.statusCode, w.cookies.length])).toEqual([
        [202, 0],
        [202, 0],
        [202, 0],
      ]);
      expect(new Set(owners)).toEqual(new Set([`guest:${cookie?.value}`]));
    });

    test('with a valid guest cookie it keeps that guest (no new id)', async () => {
      t = await buildTestApp();
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/guest', headers: ownerCookie });
      expect(res.statusCode).toBe(204);
      expect(res.cookies).toEqual([]);
    });

    test('with a bearer it does nothing: no guest cookie, no claim', async () => {
      t = await buildTestApp();
      let claims = 0;
      t.clients.files.claimOwner = async () => {
        claims++;
        return { moved: 0 };
      };
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/guest', headers: await bearer() });
      expect(res.statusCode).toBe(204);
      expect(res.cookies).toEqual([]);
      expect(claims).toBe(0);
    });

    test('it is rate-limited like other writes', async () => {
      t = await buildTestApp({ rateLimit: { perMinute: 100, writesPerMinute: 2 } });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await t.app.inject({ method: 'POST', url: '/api/v1/auth/guest' })).statusCode);
      expect(codes).toEqual([204, 204, 429]);
    });
  });
});
