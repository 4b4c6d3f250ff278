import { ApiError } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  type FakeFilesServer,
  startFakeFilesServer,
  type TestApp,
} from '../../test/support.ts';

describe('health', () => {
  let t: TestApp;
  let files: FakeFilesServer;
  beforeEach(async () => {
    // Any HTTP answer from the files service counts, even a 404.
    files = await startFakeFilesServer((_request, res) => res.writeHead(404).end());
    t = await buildTestApp({ filesHttpUrl: files.url });
  });
  afterEach(async () => {
    await t.app.close();
    await files.close();
  });

  test('every dependency answering (a NOT_FOUND is an answer) is ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { files: 'ok', jobs: 'ok', auth: 'ok', nats: 'ok' } });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  test('a dependency that is down makes the gateway degraded, with 503', async () => {
    t.clients.jobs.getJob = async () => {
      throw new ApiError(503, 'service_unavailable', 'A Mediakit service did not answer in time (getJob).');
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'degraded',
      checks: { files: 'ok', jobs: 'down', auth: 'ok', nats: 'ok' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    // Alive all the same.
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
  });

  test("the files service's HTTP side counts too", async () => {
    await files.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.files).toBe('down');
  });

  test('content is checked when the gateway has a content client', async () => {
    await t.app.close();
    t = await buildTestApp({
      filesHttpUrl: files.url,
      content: {
        getArticle: async () => Promise.reject(new ApiError(404, 'not_found', 'Article was not found.')),
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.json().checks.content).toBe('ok');
  });
});
