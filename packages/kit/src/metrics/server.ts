import { createServer } from 'node:http';
import { sendMetrics } from './registry.ts';

/**
 * `/metrics` alone on its own port, for a service whose HTTP port is public (the gateway): the
 * Ingress never routes to this port, so only Prometheus inside the cluster reaches it.
 */
export async function serveMetrics(options: {
  host: string;
  port: number;
  onShutdown(step: () => Promise<unknown>): void;
}): Promise<void> {
  const server = createServer((req, res) => {
    if (req.url === '/metrics' && req.method === 'GET') void sendMetrics(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  options.onShutdown(() => new Promise((resolve) => server.close(resolve)));
}
