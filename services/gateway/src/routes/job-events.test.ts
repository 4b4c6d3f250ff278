import type { AddressInfo } from 'node:net';
import { subjects } from '@mediakit/kit';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { buildTestApp, fakeFile, fakeJob, ownerCookie, type TestApp, until } from '../../test/support.ts';

/** Splits an SSE body into its events (comments dropped). */
function parseEvents(body: string): Array<{ event: string; data: unknown }> {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice('data: '.length)) };
    });
}

describe('GET /jobs/:id/events', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.app.close());

  test('a finished job gets one event named after its status, with the Job, then the stream ends', async () => {
    t.clients.jobs.getJob = async () =>
      fakeJob({
        status: 'succeeded',
        progress: 100,
        outputs: [fakeFile({ id: 'out1', source: 'output', jobId: 'job1' })],
      });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1/events', headers: ownerCookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-accel-buffering']).toBe('no');
    // Security headers apply to the hijacked stream too.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const events = parseEvents(res.body);
    expect(events).toHaveLength(1);
    expect(events[0].event).toBe('succeeded');
    expect(events[0].data).toMatchObject({
      id: 'job1',
      status: 'succeeded',
      progress: 100,
      outputs: [{ id: 'out1' }],
    });
    expect(events[0].data).not.toHaveProperty('ownerId');
    expect(t.bus.listeners(subjects.update('job1'))).toBe(0);
  });

  test('a running job gets progress now and on each update, then the final event', async () => {
    t.clients.jobs.getJob = async () => fakeJob({ status: 'queued', progress: 0, queuePosition: 3 });
    const pending = t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1/events', headers: ownerCookie });
    const subject = subjects.update('job1');
    await until(() => t.bus.listeners(subject) === 1);
    // Wait for the first event to be written, i.e. the route has read the job and is streaming.
    await new Promise((resolve) => setTimeout(resolve, 20));

    t.bus.publish(subject, fakeJob({ status: 'running', progress: 40 }));
    // Someone else's job on the same subject (cannot happen, but must not leak).
    t.bus.publish(subject, fakeJob({ status: 'running', progress: 99, ownerId: 'guest:someone-else' }));
    t.bus.publish(subject, fakeJob({ status: 'running', progress: 80 }));
    t.bus.publish(
      subject,
      fakeJob({
        status: 'failed',
        progress: 80,
        error: { message: 'The input is damaged.', errorMsg: undefined, errorLog: undefined },
      }),
    );
    // After the final event nothing more is sent.
    t.bus.publish(subject, fakeJob({ status: 'running', progress: 90 }));

    const res = await pending;
    expect(res.statusCode).toBe(200);
    const events = parseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['progress', 'progress', 'progress', 'failed']);
    expect(events[0].data).toEqual({ status: 'queued', progress: 0, queuePosition: 3 });
    expect(events[1].data).toEqual({ status: 'running', progress: 40 });
    expect(events[2].data).toEqual({ status: 'running', progress: 80 });
    expect(events[3].data).toMatchObject({
      id: 'job1',
      status: 'failed',
      error: { message: 'The input is damaged.' },
    });
    expect(t.bus.listeners(subject)).toBe(0);
  });

  test("a job that is not the caller's is a JSON 404, and the subscription is dropped", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1/events', headers: ownerCookie });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().code).toBe('not_found');
    expect(t.bus.listeners(subjects.update('job1'))).toBe(0);
  });

  test('a visitor without a guest cookie gets a 404 without subscribing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1/events' });
    expect(res.statusCode).toBe(404);
    expect(t.bus.subscriptions.size).toBe(0);
  });
});

describe('GET /jobs/:id/events over a real connection', () => {
  test('sends a keep-alive comment every 15 s and unsubscribes when the client goes away', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await buildTestApp();
    try {
      t.clients.jobs.getJob = async () => fakeJob({ status: 'running', progress: 10 });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const controller = new AbortController();
      const res = await request(`http://127.0.0.1:${port}/api/v1/jobs/job1/events`, {
        headers: ownerCookie,
        signal: controller.signal,
      });
      expect(res.statusCode).toBe(200);
      const reader = res.body[Symbol.asyncIterator]();
      let text = '';
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) text += String((await reader.next()).value);
      };
      await readUntil('event: progress');
      vi.advanceTimersByTime(15_000);
      await readUntil(': keep-alive');
      expect(t.bus.listeners(subjects.update('job1'))).toBe(1);

      controller.abort();
      await until(() => t.bus.listeners(subjects.update('job1')) === 0);
    } finally {
      vi.useRealTimers();
      await t.app.close();
    }
  });

  test('open streams end when the gateway shuts down', async () => {
    const t = await buildTestApp();
    t.clients.jobs.getJob = async () => fakeJob({ status: 'running', progress: 10 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await request(`http://127.0.0.1:${port}/api/v1/jobs/job1/events`, { headers: ownerCookie });
    const body = res.body.text();
    await t.app.close();
    expect(await body).toContain('event: progress');
    expect(t.bus.listeners(subjects.update('job1'))).toBe(0);
  });
});
