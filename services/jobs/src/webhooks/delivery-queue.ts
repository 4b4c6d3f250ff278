import {
  decodeJson,
  encodeJson,
  type Logger,
  type NatsConnection,
  pullUntilStopped,
  streamReplicas,
  subjects,
  upsertConsumer,
  upsertStream,
  WEBHOOKS_CONSUMER,
  WEBHOOKS_STREAM,
} from '@mediakit/kit';
import {
  AckPolicy,
  type Consumer,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';

/** One delivery to attempt: a scheduled one (first try and retries), or "Send again". */
export interface DeliveryMessage {
  deliveryId: string;
  resend?: boolean;
}

/** What an attempt asks of the queue: nothing more, or the same message again after a wait. */
export type AttemptOutcome = { done: true } | { done: false; retryInMs: number };

/** Longer than one attempt (a 10 s request and two writes): JetStream redelivers an attempt a crash cut short. */
const ACK_WAIT_MS = 60_000;
/** Attempts in flight per jobs replica: one slow receiver must not hold up the others. */
const CONCURRENCY = 8;

/**
 * The WEBHOOKS work-queue stream and its durable consumer. A failed attempt's message is handed
 * back with `nak(delay)`, so the wait between retries is kept by JetStream: a restart loses
 * nothing, and each attempt goes to one replica. A message waiting for its retry counts as
 * unacknowledged, hence no cap on those (max_ack_pending -1): a receiver down for a day must not
 * stop everyone else's deliveries.
 */
export async function ensureWebhookStream(jsm: JetStreamManager): Promise<void> {
  await upsertStream(jsm, {
    name: WEBHOOKS_STREAM,
    num_replicas: streamReplicas(),
    subjects: [subjects.webhookDelivery],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    // The retries end within a day; the rest is slack.
    max_age: nanos(3 * 24 * 3600 * 1000),
    duplicate_window: nanos(10 * 60 * 1000),
  });
  await upsertConsumer(jsm, WEBHOOKS_STREAM, {
    durable_name: WEBHOOKS_CONSUMER,
    filter_subject: subjects.webhookDelivery,
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(ACK_WAIT_MS),
    max_deliver: -1,
    max_ack_pending: -1,
    deliver_policy: DeliverPolicy.All,
  });
}

/** Publishes delivery attempts; `msgId` deduplicates a delivery published twice (a job's end handled again). */
export class DeliveryPublisher {
  private readonly js: JetStreamClient;

  constructor(nc: NatsConnection) {
    this.js = jetstream(nc);
  }

  async publish(message: DeliveryMessage, msgId: string): Promise<void> {
    await this.js.publish(subjects.webhookDelivery, encodeJson(message), { msgID: msgId });
  }
}

/** Pulls delivery attempts from the durable consumer, a few at once, and settles each message. */
export class DeliveryConsumer {
  private readonly loops: Promise<void>[] = [];
  private stopping = false;
  private readonly nc: NatsConnection;
  private readonly attempt: (message: DeliveryMessage) => Promise<AttemptOutcome>;
  private readonly log: Logger;

  constructor(
    nc: NatsConnection,
    attempt: (message: DeliveryMessage) => Promise<AttemptOutcome>,
    log: Logger,
  ) {
    this.nc = nc;
    this.attempt = attempt;
    this.log = log;
  }

  async start(): Promise<void> {
    const consumer = await jetstream(this.nc).consumers.get(WEBHOOKS_STREAM, WEBHOOKS_CONSUMER);
    for (let i = 0; i < CONCURRENCY; i++) this.loops.push(this.pullLoop(consumer));
  }

  /** Ends after the attempts in hand; at most one pull's `expires` later. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled(this.loops);
  }

  private pullLoop(consumer: Consumer): Promise<void> {
    return pullUntilStopped(consumer, {
      stopping: () => this.stopping,
      handle: (msg) => this.settle(msg),
      log: this.log,
      what: 'a webhook delivery',
    });
  }

  private async settle(msg: JsMsg): Promise<void> {
    let message: DeliveryMessage;
    try {
      message = decodeJson<DeliveryMessage>(msg.data);
      if (typeof message.deliveryId !== 'string') throw new Error('not a delivery message');
    } catch {
      this.log.error({ seq: msg.seq }, 'dropping an unreadable webhook delivery message');
      msg.term();
      return;
    }
    try {
      const outcome = await this.attempt(message);
      if (outcome.done) msg.ack();
      else msg.nak(outcome.retryInMs);
    } catch (error) {
      // Our own failure (the document store): try the same attempt again shortly.
      this.log.error({ err: error, deliveryId: message.deliveryId }, 'a webhook attempt failed; retrying');
      msg.nak(5000);
    }
  }
}
