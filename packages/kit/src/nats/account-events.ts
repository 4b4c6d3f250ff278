import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  jetstream,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import type { Logger } from '../logger.ts';
import {
  type NatsConnection,
  openJetStreamManager,
  streamReplicas,
  traceHeaders,
  upsertConsumer,
  upsertStream,
} from './connection.ts';
import { decodeJson, encodeJson } from './messages.ts';

/**
 * Account lifecycle events. When an account is deleted the auth service publishes
 * `accounts.events.<userId>.deleted` on the ACCOUNT_EVENTS stream; every service that owns data for
 * users (files, jobs, content) has its own durable consumer and deletes what the user owned. JetStream
 * keeps the event until each consumer acks it, so a service that is down at the time catches up later.
 */
export const ACCOUNT_EVENTS_STREAM = 'ACCOUNT_EVENTS';

export const accountSubjects = {
  deleted: (userId: string) => `accounts.events.${userId}.deleted`,
  deletedAll: 'accounts.events.*.deleted',
  all: 'accounts.events.>',
};

export interface AccountDeletedEvent {
  userId: string;
  at: string;
}

/** Creates or updates the stream; the publisher and every consumer call it at start. */
export async function ensureAccountEventsStream(nc: NatsConnection): Promise<void> {
  const jsm = await openJetStreamManager(nc);
  const config = {
    name: ACCOUNT_EVENTS_STREAM,
    num_replicas: streamReplicas(),
    subjects: [accountSubjects.all],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(30 * 24 * 3600 * 1000),
  };
  await upsertStream(jsm, config);
}

export async function publishAccountDeleted(nc: NatsConnection, userId: string): Promise<void> {
  const event: AccountDeletedEvent = { userId, at: new Date().toISOString() };
  await jetstream(nc).publish(accountSubjects.deleted(userId), encodeJson(event), {
    headers: traceHeaders(),
    msgID: `deleted:${userId}`,
  });
}

export interface AccountEventsSubscription {
  stop(): Promise<void>;
}

/**
 * Runs `handle` for every account deletion, through the durable consumer `durable` (one per service,
 * shared by its replicas). A failing handler gets the event again after 5 s; handlers must be
 * idempotent (deleting what is already gone is fine).
 */
export async function consumeAccountDeleted(
  nc: NatsConnection,
  durable: string,
  handle: (event: AccountDeletedEvent) => Promise<void>,
  log: Logger,
): Promise<AccountEventsSubscription> {
  await ensureAccountEventsStream(nc);
  const jsm = await openJetStreamManager(nc);
  const consumerConfig = {
    durable_name: durable,
    filter_subject: accountSubjects.deletedAll,
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(60_000),
    max_deliver: -1,
    deliver_policy: DeliverPolicy.All,
  };
  await upsertConsumer(jsm, ACCOUNT_EVENTS_STREAM, consumerConfig);
  const consumer = await jetstream(nc).consumers.get(ACCOUNT_EVENTS_STREAM, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 16 });
  const loop = (async () => {
    for await (const msg of messages) {
      let event: AccountDeletedEvent;
      try {
        event = decodeJson<AccountDeletedEvent>(msg.data);
        if (typeof event.userId !== 'string') throw new Error('no userId');
      } catch {
        log.error({ subject: msg.subject }, 'dropping an unreadable account event');
        msg.term();
        continue;
      }
      try {
        await handle(event);
        msg.ack();
        log.info({ userId: event.userId }, 'removed the data of a deleted account');
      } catch (error) {
        log.error(
          { err: error, userId: event.userId },
          'removing a deleted account’s data failed; retrying later',
        );
        msg.nak(5000);
      }
    }
  })();
  return {
    async stop() {
      await messages.close();
      await loop;
    },
  };
}
