/** Every NATS name of the platform in one place (docs/architecture.md "Contracts between services"). */
export type WorkerName = 'transcoder' | 'imager';
export type JobEventKind = 'started' | 'progress' | 'succeeded' | 'failed' | 'canceled';

export const JOBS_STREAM = 'JOBS';
export const JOB_EVENTS_STREAM = 'JOB_EVENTS';
/** The jobs service's durable consumer on JOB_EVENTS. */
export const JOBS_EVENTS_CONSUMER = 'jobs';
/** Webhook delivery attempts (work queue): one message per delivery, held back by `nak(delay)` between retries. */
export const WEBHOOKS_STREAM = 'WEBHOOKS';
/** The jobs service's durable consumer on WEBHOOKS: each attempt goes to one replica. */
export const WEBHOOKS_CONSUMER = 'webhooks';

const dispatchMedia: Record<WorkerName, 'video' | 'image'> = { transcoder: 'video', imager: 'image' };

export const subjects = {
  dispatch: (worker: WorkerName) => `jobs.dispatch.${dispatchMedia[worker]}`,
  dispatchAll: 'jobs.dispatch.>',
  event: (jobId: string, kind: JobEventKind) => `jobs.events.${jobId}.${kind}`,
  eventsAll: 'jobs.events.>',
  /** JetStream (WEBHOOKS): a webhook delivery to attempt, `{ deliveryId, resend? }`. */
  webhookDelivery: 'webhooks.deliveries',
  /** Core NATS: stops a running job. */
  cancel: (jobId: string) => `jobs.control.${jobId}.cancel`,
  cancelAll: 'jobs.control.*.cancel',
  /** Core NATS: the jobs service announces a job's new state here after folding an event (for SSE). */
  update: (jobId: string) => `jobs.updates.${jobId}`,
  /** JetStream advisory when a worker message ran out of deliveries. */
  maxDeliveries: (worker: WorkerName) =>
    `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${JOBS_STREAM}.${worker}`,
};
