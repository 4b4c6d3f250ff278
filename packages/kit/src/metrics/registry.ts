import type { ServerResponse } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/** Every metric of this process, served at `/metrics` beside the health endpoints. */
export const metricsRegistry = new Registry();

/** Every metric name starts with it, the process metrics of `collectDefaultMetrics` too. */
export const METRIC_PREFIX = 'mediakit_';

let started = false;

/**
 * Adds the process metrics (CPU, memory, event loop lag, GC) and labels every series with the
 * service's name, so one Prometheus query tells the services apart on any scrape setup.
 */
export function startMetrics(service: string): void {
  if (started) return;
  started = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, prefix: METRIC_PREFIX });
}

/** The registry in Prometheus' text format, as the answer to `GET /metrics`. */
export async function sendMetrics(res: ServerResponse): Promise<void> {
  try {
    const text = await metricsRegistry.metrics();
    res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text);
  } catch {
    res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
  }
}
