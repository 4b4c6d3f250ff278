import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createLogger, type DocumentStore } from '@mediakit/kit';
import { type OutboundClient, OutboundError } from '@mediakit/outbound';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryAttempts } from './delivery-attempts.ts';
import type { DeliveryDoc } from './webhook-docs.ts';
import { WebhookRepository } from './webhook-repository.ts';
import { WebhookSecrets } from './webhook-secrets.ts';

/** Answers in turn: a status, or an error thrown as the outbound client would. */
type Answer = number | OutboundError;

let dir: string;
let store: DocumentStore;
let repository: WebhookRepository;
let answers: Answer[];
let sent: { url: string; headers: Record<string, string>; body: string }[];
let clock: Date;
let attempts: DeliveryAttempts;

const client: Pick<OutboundClient, 'request'> = {
  async request(url, init = {}) {
    sent.push({ url: String(url), headers: init.headers ?? {}, body: String(init.body) });
    const answer = answers.shift() ?? 200;
    if (answer instanceof OutboundError) throw answer;
    return {
      url: new URL(String(url)),
      statusCode: answer,
      headers: {},
      body: { dump: async () => undefined },
    } as unknown as Awaited<ReturnType<OutboundClient['request']>>;
  },
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-webhook-attempts-'));
  store = createEmbeddedDocumentStore(dir);
  repository = new WebhookRepository(store);
  await repository.createIndexes();
  answers = [];
  sent = [];
  clock = new Date('2026-03-01T12:00:00.000Z');
  const now = () => clock;
  attempts = new DeliveryAttempts({
    repository,
    secrets: new WebhookSecrets(repository, now),
    client,
    retryBaseSeconds: 30,
    log: createLogger('webhook-attempts-test', 'silent'),
    now,
  });
  await repository.insertEndpoint({
    _id: 'endpoint-1',
    ownerId: 'user:a',
    url: 'https://hooks.example/in',
    events: ['job.succeeded'],
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    secretCreatedAt: clock.toISOString(),
    createdAt: clock.toISOString(),
  });
  await repository.insertDelivery(delivery());
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function delivery(): DeliveryDoc {
  return {
    _id: 'delivery-1',
    ownerId: 'user:a',
    jobId: 'job-1',
    endpointId: 'endpoint-1',
    url: 'https://hooks.example/in',
    event: 'job.succeeded',
    body: '{"type":"job.succeeded"}',
    status: 'pending',
    attempts: [],
    createdAt: clock.toISOString(),
    expiresAt: '2026-03-08T12:00:00.000Z',
  };
}

const logged = async () => (await repository.findDelivery('delivery-1')) as DeliveryDoc;

describe('one attempt of a webhook delivery', () => {
  it('posts the stored body signed with the endpoint secret, and a 2xx ends the delivery', async () => {
    expect(await attempts.run({ deliveryId: 'delivery-1' })).toEqual({ done: true });
    expect(sent).toHaveLength(1);
    const verified = new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    // The library checks the timestamp against the real clock: sign-time is the fake clock.
    expect(sent[0].headers['webhook-timestamp']).toBe(String(clock.getTime() / 1000));
    expect(verified.sign('delivery-1', clock, sent[0].body)).toBe(sent[0].headers['webhook-signature']);
    expect(await logged()).toMatchObject({
      status: 'succeeded',
      attempts: [{ attempt: 1, at: clock.toISOString(), statusCode: 200 }],
    });
    expect((await logged()).nextAttemptAt).toBeUndefined();
  });

  it('records a failure with its status or sentence and schedules the next step', async () => {
    answers = [500, new OutboundError('timeout'), 302];
    expect(await attempts.run({ deliveryId: 'delivery-1' })).toEqual({ done: false, retryInMs: 30_000 });
    expect(await logged()).toMatchObject({ status: 'pending', nextAttemptAt: '2026-03-01T12:00:30.000Z' });
    clock = new Date('2026-03-01T12:00:30.000Z');
    expect(await attempts.run({ deliveryId: 'delivery-1' })).toEqual({ done: false, retryInMs: 120_000 });
    clock = new Date('2026-03-01T12:02:30.000Z');
    expect(await attempts.run({ deliveryId: 'delivery-1' })).toEqual({ done: false, retryInMs: 600_000 });
    const { attempts: log } = await logged();
    expect(log.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, undefined],
      [2, undefined, 'The server at that link took too long to answer. Try again later.'],
      [
        3,
        302,
        'The endpoint answered with a redirect, which webhooks do not follow: give the address it leads to.',
      ],
    ]);
  });

  it('fails the delivery after the ninth attempt', async () => {
    answers = Array(9).fill(503);
    let outcome = await attempts.run({ deliveryId: 'delivery-1' });
    for (let n = 2; n <= 9; n++) {
      expect(outcome.done).toBe(false);
      if (!outcome.done) clock = new Date(clock.getTime() + outcome.retryInMs);
      outcome = await attempts.run({ deliveryId: 'delivery-1' });
    }
    expect(outcome).toEqual({ done: true });
    expect(await logged()).toMatchObject({ status: 'failed' });
    expect((await logged()).attempts).toHaveLength(9);
  });

  it('waits out the rest when a message comes back before its time (a crash before the nak)', async () => {
    answers = [500];
    await attempts.run({ deliveryId: 'delivery-1' });
    clock = new Date('2026-03-01T12:00:10.000Z');
    expect(await attempts.run({ deliveryId: 'delivery-1' })).toEqual({ done: false, retryInMs: 20_000 });
    expect(sent).toHaveLength(1);
  });

  it('"Send again" makes an attempt at once and keeps the schedule when it fails', async () => {
    answers = [500, 500, 200];
    await attempts.run({ deliveryId: 'delivery-1' });
    expect(await attempts.run({ deliveryId: 'delivery-1', resend: true })).toEqual({ done: true });
    expect(await logged()).toMatchObject({ status: 'pending', nextAttemptAt: '2026-03-01T12:00:30.000Z' });
    expect(await attempts.run({ deliveryId: 'delivery-1', resend: true })).toEqual({ done: true });
    expect(await logged()).toMatchObject({ status: 'succeeded' });
    expect((await logged()).attempts.map((a) => a.resend)).toEqual([undefined, true, true]);
    // The scheduled retry then finds nothing left to do.
    expect(await attempts.run({ deliveryId: 'delivery-1' })).toEqual({ done: true });
    expect(sent).toHaveLength(3);
  });

  it('ends a delivery whose endpoint was deleted, and one that is gone, without sending', async () => {
    await store.collection('webhook_endpoints').deleteOne({ _id: 'endpoint-1' });
    expect(await attempts.run({ deliveryId: 'delivery-1' })).toEqual({ done: true });
    expect(await logged()).toMatchObject({
      status: 'failed',
      attempts: [{ error: 'The endpoint was deleted.' }],
    });
    expect(await attempts.run({ deliveryId: 'no-such-delivery' })).toEqual({ done: true });
    expect(sent).toEqual([]);
  });
});
