import { createServer, type Server } from 'node:http';
import { sendMetrics } from './metrics/registry.ts';

/** A named readiness check: resolves when the dependency answers, rejects otherwise. */
export type Check = () => Promise<unknown>;

export interface Readiness {
  status: 'ok' | 'degraded';
  checks: Record<string, 'ok' | 'down'>;
}

/** Runs every check with a time limit; one failing check makes the whole service degraded. */
export async function checkReadiness(checks: Record<string, Check>, timeoutMs = 2000): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      });
      try {
        await Promise.race([check(), timeout]);
        return [name, 'ok'] as const;
      } catch {
        return [name, 'down'] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const result = Object.fromEntries(entries);
  return { status: Object.values(result).every((s) => s === 'ok') ? 'ok' : 'degraded', checks: result };
}

/**
 * `/healthz` (the process is alive), `/readyz` (its dependencies answer) and `/metrics`
 * (Prometheus) on a small HTTP server, for services that have no HTTP API of their own (gRPC
 * services and workers).
 */
export async function startHealthServer(options: {
  host: string;
  port: number;
  checks: Record<string, Check>;
}): Promise<Server> {
  const server = createServer(async (req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.url === '/readyz') {
      const readiness = await checkReadiness(options.checks);
      res
        .writeHead(readiness.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify(readiness));
      return;
    }
    if (req.url === '/metrics') {
      await sendMetrics(res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return server;
}

/** startHealthServer, closed as a shutdown step. */
export async function serveHealth(options: {
  host: string;
  port: number;
  checks: Record<string, Check>;
  onShutdown(step: () => Promise<unknown>): void;
}): Promise<void> {
  const server = await startHealthServer(options);
  options.onShutdown(() => new Promise((resolve) => server.close(resolve)));
}
