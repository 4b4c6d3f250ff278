import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, type Check, checkReadiness, newId } from '@mediakit/kit';
import { Type } from 'typebox';
import type { Dispatcher } from 'undici';
import type { GatewayDeps } from '../deps.ts';

export interface HealthOptions extends Pick<GatewayDeps, 'files' | 'jobs' | 'auth' | 'content' | 'nats'> {
  filesHttp: Dispatcher;
}

/**
 * A service that answers, even "not found" or "bad request", is up: only no answer, a timeout or
 * its own failure (5xx) counts as down. So a lookup of a random id is a cheap, harmless probe.
 */
async function answers(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return;
    throw error;
  }
}

const PROBE_OWNER = 'health:probe';

function checksFor(options: HealthOptions): Record<string, Check> {
  const { files, jobs, auth, content, nats, filesHttp } = options;
  const checks: Record<string, Check> = {
    // Files has two faces: gRPC for records, HTTP for bytes. Both must answer.
    files: () =>
      Promise.all([
        answers(() => files.getFile({ ownerId: PROBE_OWNER, id: newId() })),
        filesHttp
          .request({ path: '/healthz', method: 'GET', headersTimeout: 1500 })
          .then((response) => response.body.dump()),
      ]),
    jobs: () => answers(() => jobs.getJob({ ownerId: PROBE_OWNER, id: newId() })),
    auth: () => answers(() => auth.listPlans({})),
    nats: () => nats.flush(),
  };
  if (content) checks.content = () => answers(() => content.getArticle({ slug: `health-${newId()}` }));
  return checks;
}

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  checks: Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.Literal('down')])),
});

/** `GET /api/v1/health` (docs/api.md "Health"), and the usual `/healthz` (alive) and `/readyz` (ready). */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthOptions> = async (app, options) => {
  const checks = checksFor(options);
  // Probes must never be rate limited: an orchestrator would restart a healthy gateway.
  const config = { scope: 'public' as const, rateLimit: false as const };

  const readiness = async (_request: unknown, reply: { code(status: number): unknown }) => {
    const result = await checkReadiness(checks, 2000);
    reply.code(result.status === 'ok' ? 200 : 503);
    return result;
  };

  const health = {
    tags: ['operations'],
    summary: 'Whether the platform and each service behind it answer',
    response: { 200: Readiness, 503: Readiness },
  };
  app.get('/api/v1/health', { config, schema: health }, readiness);
  app.get('/readyz', { config, schema: { response: { 200: Readiness, 503: Readiness } } }, readiness);
  app.get(
    '/healthz',
    { config, schema: { response: { 200: Type.Object({ status: Type.Literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
};
