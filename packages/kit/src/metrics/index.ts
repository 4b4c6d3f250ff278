export * from './definitions.ts';
export * from './http.ts';
export { queueLagMessages, reportQueueLag } from './queue-lag.ts';
export { METRIC_PREFIX, metricsRegistry, sendMetrics, startMetrics } from './registry.ts';
export { serveMetrics } from './server.ts';
