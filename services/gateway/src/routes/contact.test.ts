import { afterEach, describe, expect, test } from 'vitest';
import { fakeSupport } from '../../test/content-fakes.ts';
import { bearer, buildTestApp, type TestApp } from '../../test/support.ts';

const form = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question.' };

describe('contact route', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('POST /contact is open to anonymous visitors and answers 201 with the new ticket', async () => {
    const content = fakeSupport();
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: form });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: 't1', status: 'open', source: 'contact' });
    expect(res.json()).not.toHaveProperty('messages');
    expect(content.calls[0]).toEqual([
      'submitContact',
      { caller: expect.objectContaining({ isGuest: true }), ...form },
    ]);
  });

  test('a signed-in sender is passed on, so the ticket is theirs too; subject may be left out', async () => {
    const content = fakeSupport();
    t = await buildTestApp({ contentApi: content });
    const { subject, ...noSubject } = form;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: await bearer('u1'),
      payload: noSubject,
    });
    expect(res.statusCode).toBe(201);
    expect(content.calls[0][1]).toMatchObject({ caller: { ownerId: 'user:u1' }, subject: '' });
  });

  test('missing fields are named, each on its own', async () => {
    t = await buildTestApp({ contentApi: fakeSupport() });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { subject: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'name', message: 'name is required' },
      { field: 'email', message: 'email is required' },
      { field: 'message', message: 'message is required' },
    ]);
  });

  test('is limited per client address per hour: 429 with Retry-After and a readable message', async () => {
    t = await buildTestApp({
      contentApi: fakeSupport(),
      rateLimit: { perMinute: 1000, writesPerMinute: 1000, contactPerHour: 2 },
    });
    const send = (remoteAddress: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: form,
        remoteAddress,
        headers: cookie ? { cookie } : {},
      });
    expect((await send('10.0.0.1')).statusCode).toBe(201);
    // A fresh guest cookie does not reset the count: the address does.
    expect((await send('10.0.0.1', 'mk_guest=BBBBBBBBBBBBBBBBBBBBBB')).statusCode).toBe(201);
    const limited = await send('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.json()).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many requests\. Please wait .+ and try again\.$/),
    });
    expect((await send('10.0.0.2')).statusCode).toBe(201);
  });
});
