import { type Check, checkReadiness } from '@mediakit/kit';
import type { FastifyInstance } from 'fastify';

/** `/healthz`: the process answers. `/readyz`: its stores answer too (503 otherwise). */
export async function healthRoutes(
  app: FastifyInstance,
  options: { checks: Record<string, Check> },
): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const readiness = await checkReadiness(options.checks);
    return reply.code(readiness.status === 'ok' ? 200 : 503).send(readiness);
  });
}
