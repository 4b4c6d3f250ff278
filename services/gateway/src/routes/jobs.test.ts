import { ApiError } from '@mediakit/kit';
import type { jobsV1 } from '@mediakit/proto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  bearer,
  buildTestApp,
  fakeFile,
  fakeJob,
  OWNER,
  ownerCookie,
  type TestApp,
} from '../../test/support.ts';

describe('jobs routes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.app.close());

  test("POST /jobs validates params with the catalog and creates the job with the plan's retention", async () => {
    let created: jobsV1.CreateJobRequest | undefined;
    t.clients.jobs.createJob = async (request) => {
      created = request;
      return fakeJob({ ownerId: request.ownerId, paramsJson: request.paramsJson, queuePosition: 2 });
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: ownerCookie,
      payload: { tool: 'trim-video', inputs: ['file1'], params: { start: 1, end: 2 } },
    });
    expect(res.statusCode).toBe(202);
    expect(created).toEqual({
      ownerId: OWNER,
      tool: 'trim-video',
      inputs: ['file1'],
      paramsJson: '{"start":1,"end":2}',
      retentionHours: 1,
      // FREE_PLAN's: the jobs service holds this owner's jobs beyond it in the queue.
      concurrentJobs: 2,
    });
    expect(res.json()).toEqual({
      id: 'job1',
      tool: 'trim-video',
      status: 'queued',
      progress: 0,
      inputs: ['file1'],
      params: { start: 1, end: 2 },
      outputs: [],
      queuePosition: 2,
      createdAt: '2025-01-01T00:00:00.000Z',
      expiresAt: '2025-01-01T01:00:00.000Z',
    });
  });

  test('bad params answer 400 with every failing field in details, before any job is created', async () => {
    t.clients.jobs.createJob = async () => {
      throw new Error('must not be called');
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: { tool: 'trim-video', inputs: ['file1'], params: { start: -5, end: 'soon', speed: 2 } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(typeof body.message).toBe('string');
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual(['end', 'speed', 'start']);
    for (const detail of body.details) expect(detail.message).toEqual(expect.any(String));
  });

  test('an unknown tool is a 400 on the field tool', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: { tool: 'mine-bitcoin', inputs: ['file1'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'tool', message: 'mine-bitcoin is not a tool' }]);
  });

  test("more inputs than the plan's batch size is a 400 on inputs", async () => {
    // The test plan allows 3 inputs; resize-image takes up to 50.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: { tool: 'resize-image', inputs: ['a', 'b', 'c', 'd'], params: { width: 100, fit: 'contain' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'inputs', message: 'your plan allows up to 3 files per job, but this job has 4 files' },
    ]);
  });

  test('a malformed body is a 400 naming the fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: { inputs: 'file1', extra: true },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['extra', 'inputs', 'tool']);
  });

  test('an ApiError 404 from the jobs service is answered as is', async () => {
    t.clients.jobs.getJob = async () => {
      throw new ApiError(404, 'not_found', 'Job job1 was not found.');
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1', headers: ownerCookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Job job1 was not found.' });
  });

  test('a 409 from the jobs service (cancel a finished job) keeps its status and message', async () => {
    t.clients.jobs.cancelJob = async () => {
      throw new ApiError(409, 'conflict', 'This job has already finished.');
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/jobs/job1/cancel', headers: ownerCookie });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'This job has already finished.' });
  });

  test('GET /jobs/:id maps outputs, archive and error, hiding internal fields', async () => {
    t.clients.jobs.getJob = async () =>
      fakeJob({
        status: 'failed',
        outputs: [fakeFile({ id: 'out1', source: 'output', jobId: 'job1' })],
        archive: fakeFile({
          id: 'zip1',
          media: 'archive',
          mime: 'application/zip',
          source: 'output',
          jobId: 'job1',
        }),
        error: { message: 'The input has no video stream.', errorMsg: undefined, errorLog: 'ffmpeg: ...' },
        startedAt: '2025-01-01T00:00:01.000Z',
        finishedAt: '2025-01-01T00:00:02.000Z',
      });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job1', headers: ownerCookie });
    const job = res.json();
    expect(job).not.toHaveProperty('ownerId');
    expect(job).not.toHaveProperty('paramsJson');
    expect(job.error).toEqual({ message: 'The input has no video stream.', error_log: 'ffmpeg: ...' });
    expect(job.outputs[0]).not.toHaveProperty('objectKey');
    expect(job.outputs[0]).not.toHaveProperty('ownerId');
    expect(job.archive).toMatchObject({ id: 'zip1', media: 'archive' });
    expect(job).toMatchObject({
      startedAt: '2025-01-01T00:00:01.000Z',
      finishedAt: '2025-01-01T00:00:02.000Z',
    });
  });

  test('GET /jobs lists with status and paging', async () => {
    let asked: unknown;
    t.clients.jobs.listJobs = async (request) => {
      asked = request;
      return { items: [fakeJob()], nextCursor: '' };
    };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs?status=running&limit=5',
      headers: ownerCookie,
    });
    expect(res.statusCode).toBe(200);
    expect(asked).toEqual({ ownerId: OWNER, status: 'running', cursor: '', limit: 5 });
    expect(res.json().nextCursor).toBeNull();
    expect(res.json().items).toHaveLength(1);

    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?status=done', headers: ownerCookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toEqual({
      field: 'status',
      message: 'status must be one of queued, running, succeeded, failed, canceled',
    });
  });

  test('cancel and retry answer 202 with the job; delete answers 204', async () => {
    t.clients.jobs.cancelJob = async (request) => fakeJob({ id: request.id, status: 'canceled' });
    t.clients.jobs.retryJob = async (request) => fakeJob({ id: request.id, status: 'queued' });
    let deleted: unknown;
    t.clients.jobs.deleteJob = async (request) => {
      deleted = request;
      return {};
    };
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs/job1/cancel',
      headers: ownerCookie,
    });
    expect(cancel.statusCode).toBe(202);
    expect(cancel.json().status).toBe('canceled');
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs/job1/retry',
      headers: ownerCookie,
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().status).toBe('queued');
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/jobs/job1', headers: ownerCookie });
    expect(del.statusCode).toBe(204);
    expect(deleted).toEqual({ ownerId: OWNER, id: 'job1' });
  });

  test("GET /stats sums the signed-in owner's files over every page and names the plan", async () => {
    const asked: string[] = [];
    t.clients.jobs.getStats = async () => ({
      jobs: { total: 3, queued: 1, running: 1, succeeded: 1, failed: 0, canceled: 0 },
    });
    t.clients.files.listFiles = async (request) => {
      asked.push(request.ownerId);
      return request.cursor === ''
        ? { items: [fakeFile({ size: 100 }), fakeFile({ size: 200 })], nextCursor: 'page2' }
        : { items: [fakeFile({ size: 300 })], nextCursor: '' };
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/stats', headers: await bearer('u9') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      jobs: { total: 3, queued: 1, running: 1, succeeded: 1, failed: 0, canceled: 0 },
      files: { count: 3, bytes: 600 },
      plan: 'free',
    });
    expect(asked).toEqual(['user:u9', 'user:u9']);

    // docs/api.md: for signed-in users. A guest, with or without a cookie, is asked to sign in.
    for (const headers of [{}, ownerCookie]) {
      const guest = await t.app.inject({ method: 'GET', url: '/api/v1/stats', headers });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ code: 'unauthorized', message: 'Please sign in to use this.' });
    }
  });
});
