import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NatsServerHandle, startNatsServer } from '@mediakit/devstack';
import {
  connectNats,
  createLogger,
  type NatsConnection,
  openJetStreamManager,
  WEBHOOKS_CONSUMER,
  WEBHOOKS_STREAM,
} from '@mediakit/kit';
import type { JetStreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttemptOutcome,
  DeliveryConsumer,
  type DeliveryMessage,
  DeliveryPublisher,
  ensureWebhookStream,
} from './delivery-queue.ts';

const log = createLogger('webhook-queue-test', 'silent');
let dir: string;
let nats: NatsServerHandle;
let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-webhook-queue-'));
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  nc = await connectNats(nats.url, 'webhook-queue-test');
  jsm = await openJetStreamManager(nc);
  await ensureWebhookStream(jsm);
});

afterAll(async () => {
  await nc?.drain();
  await nats?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the WEBHOOKS queue', () => {
  it('keeps a retry across a restart of the consumer, and each delivery once however often it is published', async () => {
    const publisher = new DeliveryPublisher(nc);
    await publisher.publish({ deliveryId: 'd1' }, 'd1');
    await publisher.publish({ deliveryId: 'd1' }, 'd1');

    // The first process fails the attempt, asks for a retry, and stops.
    const first: DeliveryMessage[] = [];
    const before = new DeliveryConsumer(
      nc,
      async (message): Promise<AttemptOutcome> => {
        first.push(message);
        return { done: false, retryInMs: 300 };
      },
      log,
    );
    await before.start();
    await until(() => first.length === 1, 'the first attempt');
    await before.stop();

    // The next process gets the same delivery when its wait is over, and only that one.
    const second: DeliveryMessage[] = [];
    const after = new DeliveryConsumer(
      nc,
      async (message): Promise<AttemptOutcome> => {
        second.push(message);
        return { done: true };
      },
      log,
    );
    await after.start();
    await until(() => second.length === 1, 'the retry');
    await until(
      async () => (await jsm.streams.info(WEBHOOKS_STREAM)).state.messages === 0,
      'the acked delivery to leave the work queue',
    );
    await after.stop();
    expect(first).toEqual([{ deliveryId: 'd1' }]);
    expect(second).toEqual([{ deliveryId: 'd1' }]);
    const consumer = await jsm.consumers.info(WEBHOOKS_STREAM, WEBHOOKS_CONSUMER);
    expect(consumer.config.max_ack_pending).toBe(-1);
  });
});
