import { ApiError } from '@mediakit/kit';
import { afterEach, describe, expect, test } from 'vitest';
import { fakeSupport } from '../../test/content-fakes.ts';
import { bearer, buildTestApp, ownerCookie, type TestApp } from '../../test/support.ts';

describe('ticket routes', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('every route answers 401 to guests, without asking the content service', async () => {
    const content = fakeSupport();
    t = await buildTestApp({ contentApi: content });
    for (const [method, url, payload] of [
      ['GET', '/api/v1/tickets', undefined],
      ['POST', '/api/v1/tickets', { subject: 's', message: 'm' }],
      ['GET', '/api/v1/tickets/t1', undefined],
      ['POST', '/api/v1/tickets/t1/messages', { message: 'm' }],
      ['PATCH', '/api/v1/tickets/t1', { status: 'closed' }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: ownerCookie });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(content.calls).toEqual([]);
  });

  test('POST /tickets answers 201 with the thread, acting for the token’s user', async () => {
    const content = fakeSupport();
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tickets',
      headers: await bearer('u1'),
      payload: { subject: 'Upload fails', message: 'It stops.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: 't1',
      subject: 'Upload fails',
      status: 'open',
      source: 'account',
      email: 'ada@example.com',
      name: 'Ada',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      lastMessageAt: '2025-01-01T00:00:00.000Z',
      messageCount: 1,
      messages: [
        {
          id: 'm1',
          author: 'user',
          authorName: 'Ada',
          message: 'It stops.',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    });
    expect(content.calls[0][1]).toEqual({
      caller: { ownerId: 'user:u1', isGuest: false, sub: 'u1', roles: ['user'] },
      subject: 'Upload fails',
      message: 'It stops.',
    });
  });

  test('GET /tickets pages and passes ?all and ?status on; nextCursor null at the end', async () => {
    const content = fakeSupport();
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tickets?all=true&status=open&limit=10',
      headers: await bearer('admin1', { roles: ['user', 'admin'] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().nextCursor).toBeNull();
    expect(res.json().items[0]).not.toHaveProperty('messages');
    expect(content.calls[0][1]).toMatchObject({ all: true, status: 'open', limit: 10, cursor: '' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tickets?status=pending',
      headers: await bearer(),
    });
    expect(bad.statusCode).toBe(400);
  });

  test('a ticket of someone else is 404, as the content service says', async () => {
    const content = fakeSupport();
    content.getTicket = async () => {
      throw new ApiError(404, 'not_found', 'Ticket t1 was not found.');
    };
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/tickets/t1', headers: await bearer('u2') });
    expect(res.statusCode).toBe(404);
  });

  test('POST /tickets/{id}/messages answers 201 with the message; PATCH sets the status', async () => {
    const content = fakeSupport();
    t = await buildTestApp({ contentApi: content });
    const headers = await bearer('u1');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/t1/messages',
      headers,
      payload: { message: 'More.' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ id: 'm2', author: 'staff', authorName: 'Mediakit support' });
    const closed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/tickets/t1',
      headers,
      payload: { status: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('closed');
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/tickets/t1',
      headers,
      payload: { status: 'done' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { field: 'status', message: 'status must be one of open, closed' },
    ]);
  });
});
