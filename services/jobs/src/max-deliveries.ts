import { decodeJson, type Logger, type NatsConnection, subjects, type WorkerName } from '@mediakit/kit';

export type MaxDeliveriesHandler = (worker: WorkerName, streamSeq: number) => Promise<unknown>;

/** The part of JetStream's max-deliveries advisory we use. */
interface MaxDeliveriesAdvisory {
  stream_seq?: number;
  deliveries?: number;
}

const WORKERS: readonly WorkerName[] = ['transcoder', 'imager'];

/**
 * Listens for JetStream's advisories that a dispatch message ran out of deliveries: its worker
 * crashed or timed out on it every time, so no `failed` event will come and the job must be
 * failed here. Advisories are core NATS messages: one sent while this service is down is lost,
 * and such a job stays running until its retention ends.
 */
export function listenForMaxDeliveries(
  nc: NatsConnection,
  handle: MaxDeliveriesHandler,
  log: Logger,
): { stop(): void } {
  const subscriptions = WORKERS.map((worker) => {
    const subscription = nc.subscribe(subjects.maxDeliveries(worker));
    (async () => {
      for await (const message of subscription) {
        try {
          const advisory = decodeJson<MaxDeliveriesAdvisory>(message.data);
          if (typeof advisory.stream_seq !== 'number') continue;
          await handle(worker, advisory.stream_seq);
        } catch (error) {
          log.error({ err: error, worker }, 'handling a max-deliveries advisory failed');
        }
      }
    })();
    return subscription;
  });
  return {
    stop: () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    },
  };
}
