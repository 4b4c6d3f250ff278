import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError } from '../errors.ts';
import { codeForStatus, type ErrorHandlerOptions, registerErrorHandlers } from './error-handler.ts';

const notFoundMessage = (request: { method: string; url: string }) => `No ${request.method} ${request.url}.`;

async function appWith(options: Partial<ErrorHandlerOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandlers(app, { notFoundMessage, ...options });
  app.get('/api-error', async () => {
    throw new ApiError(409, 'conflict', 'Already there.', { details: [{ field: 'x' }] });
  });
  app.get('/crash', async () => {
    throw new Error('password=hunter2');
  });
  app.get('/forwarded', async (_request, reply) => {
    reply.header('content-disposition', 'attachment; filename="a.mp4"');
    throw new ApiError(503, 'service_unavailable', 'Try again.');
  });
  app.post(
    '/echo',
    { schema: { body: Type.Object({ n: Type.Integer() }) } },
    async (request) => request.body,
  );
  return app;
}

describe('registerErrorHandlers', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  test('an ApiError answers its status and body', async () => {
    app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/api-error' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"code":"conflict","message":"Already there.","details":[{"field":"x"}]}');
  });

  test('an unexpected error is a plain 500 that tells nothing', async () => {
    app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('hunter2');
  });

  test('the error body replaces the headers of a response begun before the failure', async () => {
    app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/forwarded' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  test('a failed schema is a 400 listing each problem, unless the service explains it itself', async () => {
    app = await appWith();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', details: [{ field: '/n' }] });
    await app.close();

    app = await appWith({
      explain: (error) => (error.validation ? new ApiError(422, 'no', 'No.') : undefined),
    });
    const explained = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'x' } });
    expect(explained.statusCode).toBe(422);
    expect(explained.json()).toEqual({ code: 'no', message: 'No.' });
  });

  test("Fastify's own client errors keep their status and message, with the status's code", async () => {
    app = await appWith();
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"n":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(codeForStatus(400));
  });

  test('an unknown route is a 404 with the service’s sentence, after its pre-handler', async () => {
    const seen: string[] = [];
    app = await appWith({
      notFoundPreHandler: async (request) => {
        seen.push(request.url);
      },
    });
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('{"code":"not_found","message":"No GET /nowhere."}');
    expect(seen).toEqual(['/nowhere']);
  });

  test('codeForStatus names the usual statuses and falls back by class', () => {
    expect(codeForStatus(416)).toBe('range_not_satisfiable');
    expect(codeForStatus(418)).toBe('error');
    expect(codeForStatus(502)).toBe('internal');
  });
});
