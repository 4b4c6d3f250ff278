import { type Check, checkReadiness, metricsRegistry } from '@mediakit/kit';
import type { FastifyInstance } from 'fastify';

/**
 * `/healthz`: the process answers. `/readyz`: its stores answer too (503 otherwise). `/metrics`:
 * Prometheus (this port is internal: the gateway forwards only upload and download paths).
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { checks: Record<string, Check> },
): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const readiness = await checkReadiness(options.checks);
    return reply.code(readiness.status === 'ok' ? 200 : 503).send(readiness);
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics()),
  );
}
