import { JOBS_STREAM, type Logger, type WorkerName } from '@mediakit/kit';
import type { JetStreamManager } from '@nats-io/jetstream';

const WORKERS: readonly WorkerName[] = ['transcoder', 'imager'];

/**
 * The workers create their consumers; this only checks that they give up after as many deliveries
 * as we expect. If they differ, jobs are failed earlier or later than the operator thinks.
 */
export async function warnOnMaxDeliverMismatch(
  jsm: JetStreamManager,
  maxDeliver: number,
  log: Logger,
): Promise<void> {
  for (const worker of WORKERS) {
    try {
      const info = await jsm.consumers.info(JOBS_STREAM, worker);
      if (info.config.max_deliver !== maxDeliver) {
        log.warn(
          { worker, workerMaxDeliver: info.config.max_deliver, maxDeliver },
          "MAX_DELIVER differs from the worker consumer's max_deliver",
        );
      }
    } catch {
      // The worker has not started yet; it creates its consumer when it does.
    }
  }
}
