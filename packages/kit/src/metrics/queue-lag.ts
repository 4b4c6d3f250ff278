import type { JetStreamManager } from '@nats-io/jetstream';
import { Gauge } from 'prom-client';
import { JOBS_STREAM, type WorkerName } from '../nats/subjects.ts';
import { metricsRegistry } from './registry.ts';

const WORKERS: readonly WorkerName[] = ['transcoder', 'imager'];
let source: JetStreamManager | undefined;

/**
 * Jobs waiting for or held by each worker: num_pending + num_ack_pending of its durable consumer
 * on JOBS, read from JetStream when Prometheus scrapes (what KEDA scales the workers on). A
 * consumer JetStream cannot describe right now has no sample, rather than a stale one.
 */
export const queueLagMessages = new Gauge({
  name: 'mediakit_queue_lag_messages',
  help: 'Jobs waiting for or held by a worker consumer on the JOBS stream (pending + ack pending).',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!source) return;
    const jsm = source;
    await Promise.all(
      WORKERS.map(async (consumer) => {
        try {
          const info = await jsm.consumers.info(JOBS_STREAM, consumer);
          this.set({ consumer }, info.num_pending + info.num_ack_pending);
        } catch {
          // No sample: an alert on absent() or KEDA's fallback handles a JetStream outage.
        }
      }),
    );
  },
});

/** Makes this process report the queue lag (the jobs service does). */
export function reportQueueLag(jsm: JetStreamManager): void {
  source = jsm;
}
