import type { AddressInfo, Socket } from 'node:net';
import { ApiError, subjects } from '@mediakit/kit';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildTestApp, fakeFile, fakeJob, ownerCookie, type TestApp, until } from '../../test/support.ts';

const SUBJECT = subjects.update('job1');
const body = { tool: 'trim-video', inputs: ['file1'], params: { start: 1, end: 2 } };
const post = (t: TestApp, query: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/jobs${query}`, headers: ownerCookie, payload: body });

describe('POST /jobs?wait', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
    t.clients.jobs.getJob = async () => fakeJob({ status: 'queued' });
  });
  afterEach(() => t.app.close());

  test('answers 200 with the finished job when it ends within the wait', async () => {
    const pending = post(t, '?wait=30');
    await until(() => t.bus.listeners(SUBJECT) === 1);
    t.bus.publish(SUBJECT, fakeJob({ status: 'running', progress: 50 }));
    // Someone else's job on the same subject never answers this request.
    t.bus.publish(SUBJECT, fakeJob({ status: 'succeeded', ownerId: 'guest:someone-else' }));
    const outputs = [fakeFile({ id: 'out1', source: 'output', jobId: 'job1' })];
    t.bus.publish(SUBJECT, fakeJob({ status: 'succeeded', progress: 100, outputs }));
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'job1', status: 'succeeded', outputs: [{ id: 'out1' }] });
    expect(t.bus.listeners(SUBJECT)).toBe(0);
  });

  test('a failed job is finished too: 200 with its message', async () => {
    const pending = post(t, '?wait=30');
    await until(() => t.bus.listeners(SUBJECT) === 1);
    const error = { message: 'The input is damaged.', errorMsg: undefined, errorLog: undefined };
    t.bus.publish(SUBJECT, fakeJob({ status: 'failed', error }));
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', error: { message: 'The input is damaged.' } });
  });

  test('a job that ended before the subscription was read answers 200 at once', async () => {
    t.clients.jobs.getJob = async () => fakeJob({ status: 'succeeded', progress: 100 });
    const res = await post(t, '?wait=300');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('succeeded');
    expect(t.bus.listeners(SUBJECT)).toBe(0);
  });

  test('a job still running when the wait is over answers 202 with its newest state', async () => {
    const pending = post(t, '?wait=1');
    await until(() => t.bus.listeners(SUBJECT) === 1);
    t.bus.publish(SUBJECT, fakeJob({ status: 'running', progress: 60 }));
    // An older update arriving late does not take the newer one's place.
    t.bus.publish(SUBJECT, fakeJob({ status: 'running', progress: 20 }));
    const res = await pending;
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'running', progress: 60 });
    expect(t.bus.listeners(SUBJECT)).toBe(0);
  });

  test('a job whose updates cannot be followed is answered 202 as created, not as an error', async () => {
    t.clients.jobs.getJob = async () => {
      throw new ApiError(503, 'service_unavailable', 'The jobs service does not answer.');
    };
    const res = await post(t, '?wait=30');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ id: 'job1', status: 'queued' });
    expect(t.bus.listeners(SUBJECT)).toBe(0);
  });

  test('without wait, or wait=0, it answers 202 without subscribing', async () => {
    for (const query of ['', '?wait=0']) {
      const res = await post(t, query);
      expect(res.statusCode).toBe(202);
      expect(t.bus.subscriptions.size).toBe(0);
    }
  });

  test.each(['?wait=301', '?wait=-1', '?wait=soon'])('%s is a 400 naming wait', async (query) => {
    const res = await post(t, query);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('wait');
  });
});

describe('POST /jobs?wait over a real connection', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeEach(async () => {
    t = await buildTestApp({ timeouts: { headersMs: 20_000, idleMs: 120_000, requestMs: 3_600_000 } });
    t.clients.jobs.getJob = async () => fakeJob({ status: 'running', progress: 10 });
    t.app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/jobs?wait=200`;
  });
  afterEach(() => t.app.close());

  const send = (signal?: AbortSignal) =>
    request(url, {
      method: 'POST',
      headers: { ...ownerCookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });

  test("lifts the socket's idle timeout for the wait, then puts it back", async () => {
    const pending = send();
    await until(() => t.bus.listeners(SUBJECT) === 1);
    // The server's 120 s idle timeout would cut a 200 s wait short.
    expect(sockets.at(-1)?.timeout).toBe(0);
    t.bus.publish(SUBJECT, fakeJob({ status: 'succeeded', progress: 100 }));
    const res = await pending;
    expect(res.statusCode).toBe(200);
    await res.body.json();
    // Back to what the server gives a connection (its keep-alive timeout, once answered).
    expect(sockets.at(-1)?.timeout).toBeGreaterThan(0);
    expect(sockets.at(-1)?.timeout).toBeLessThanOrEqual(120_000);
  });

  test('stops waiting when the client goes away', async () => {
    const controller = new AbortController();
    const pending = send(controller.signal).catch(() => 'aborted');
    await until(() => t.bus.listeners(SUBJECT) === 1);
    controller.abort();
    expect(await pending).toBe('aborted');
    await until(() => t.bus.listeners(SUBJECT) === 0);
  });

  test('a waiting request is answered (202) when the gateway shuts down', async () => {
    const pending = send();
    await until(() => t.bus.listeners(SUBJECT) === 1);
    const closing = t.app.close();
    const res = await pending;
    expect(res.statusCode).toBe(202);
    await res.body.dump();
    await closing;
  });
});
