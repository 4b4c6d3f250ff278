import { afterEach, describe, expect, test } from 'vitest';
import { buildTestApp, ownerCookie, type TestApp } from '../../test/support.ts';

describe('error bodies', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('an unknown API route is a 404 with the error body', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/x?y=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'No API route GET /api/v1/x.' });
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/tools' });
    expect(post.json()).toEqual({ code: 'not_found', message: 'No API route POST /api/v1/tools.' });
  });

  test('a malformed id in the path is a 404 like any resource that is not yours', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/not%20an%20id',
      headers: ownerCookie,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  test('a JSON body over 1 MiB is a 413', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: { tool: 'trim-video', inputs: ['a'], params: { pad: 'x'.repeat(1024 * 1024) } },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('too_large');
  });

  test('invalid JSON and non-JSON bodies say what is wrong', async () => {
    t = await buildTestApp();
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: { 'content-type': 'application/json' },
      payload: '{"tool":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 'validation_failed', message: 'The body is not valid JSON.' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: { 'content-type': 'text/plain' },
      payload: 'trim it',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media');
  });

  test('an unexpected failure is a plain 500: no stack trace, no internal message', async () => {
    t = await buildTestApp();
    t.clients.jobs.getJob = async () => {
      throw new Error('mongo connection string mongodb://admin:hunter2@db');
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1', headers: ownerCookie });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('hunter2');
  });

  test('limited answers carry RateLimit-*; too many requests is a 429 with Retry-After', async () => {
    t = await buildTestApp({ rateLimit: { perMinute: 2, writesPerMinute: 1 } });
    for (const remaining of ['1', '0']) {
      const ok = await t.app.inject({ method: 'GET', url: '/api/v1/tools' });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': remaining });
      expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(0);
      expect(ok.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/tools' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(res.json().message).toMatch(/^Too many requests\./);

    const job = { tool: 'trim-video', inputs: ['a'], params: { start: 0, end: 1 } };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/jobs', payload: job, headers: ownerCookie }))
        .statusCode,
    ).toBe(202);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/jobs', payload: job, headers: ownerCookie }))
        .statusCode,
    ).toBe(429);
  });
});
