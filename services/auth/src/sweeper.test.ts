import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createLogger, type DocumentStore, loadConfig } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEnv } from './env.ts';
import { PaymentRepository } from './payments/payment-repository.ts';
import { RecordOnlyPaymentProvider } from './payments/record-only-payment-provider.ts';
import { plansFromConfig } from './plans.ts';
import { type SessionDoc, SessionRepository } from './session-repository.ts';
import { SubscriptionRepository } from './subscriptions/subscription-repository.ts';
import { SubscriptionService } from './subscriptions/subscription-service.ts';
import { AuthSweeper, deadPasswordResetsTask, deadSessionsTask } from './sweeper.ts';
import { UserRepository } from './user-repository.ts';

/** The auth sweeper on the embedded store, with a clock the test moves instead of waiting. */

const T0 = Date.parse('2025-06-01T00:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const log = createLogger('sweeper-test', 'silent');

let dir: string;
let store: DocumentStore;
let clock: number;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-auth-sweeper-'));
  store = createEmbeddedDocumentStore(dir);
  clock = T0;
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function session(id: string, fields: Partial<SessionDoc>): SessionDoc {
  return {
    _id: id,
    sub: 'u1',
    family: `f-${id}`,
    tokenHash: `hash-${id}`,
    expiresAt: iso(T0 + 30 * DAY),
    createdAt: iso(T0),
    ...fields,
  };
}

describe('auth sweeper', () => {
  it('deletes expired and revoked sessions and dead reset links as the clock passes, keeps the rest', async () => {
    const sessions = new SessionRepository(store);
    await sessions.insert(session('live', {}));
    // A rotated token stays until it expires: presenting it again must still be caught as reuse.
    await sessions.insert(session('used', { usedAt: iso(T0) }));
    await sessions.insert(session('revoked', { revokedAt: iso(T0) }));
    await sessions.insert(session('expires-soon', { expiresAt: iso(T0 + DAY) }));
    const resets = store.collection<{ _id: string; sub: string; expiresAt: string; usedAt?: string }>(
      'password_resets',
    );
    await resets.insertOne({ _id: 'fresh', sub: 'u1', expiresAt: iso(T0 + 3_600_000) });
    await resets.insertOne({ _id: 'used', sub: 'u1', expiresAt: iso(T0 + 3_600_000), usedAt: iso(T0) });
    await resets.insertOne({ _id: 'stale', sub: 'u1', expiresAt: iso(T0 - 1) });

    const sweeper = new AuthSweeper({
      tasks: [deadSessionsTask(sessions), deadPasswordResetsTask(store)],
      intervalMs: 600_000,
      log,
      now: () => clock,
    });
    expect(await sweeper.sweepOnce()).toEqual({ sessions: 1, passwordResets: 2 });
    expect(await sessions.findByTokenHash('hash-revoked')).toBeNull();
    expect(await sessions.findByTokenHash('hash-used')).not.toBeNull();
    expect((await resets.find({})).map((r) => r._id)).toEqual(['fresh']);

    clock = T0 + 2 * DAY;
    expect(await sweeper.sweepOnce()).toEqual({ sessions: 1, passwordResets: 1 });
    expect(await sessions.findByTokenHash('hash-expires-soon')).toBeNull();

    clock = T0 + 31 * DAY;
    expect(await sweeper.sweepOnce()).toEqual({ sessions: 2, passwordResets: 0 });
    expect(await store.collection('sessions').count({})).toBe(0);
  });

  it('applies due downgrades in the same sweep', async () => {
    const users = new UserRepository(store);
    await users.insert({
      _id: 'u1',
      email: 'a@example.com',
      name: 'A',
      passwordHash: 'x',
      roles: ['user'],
      plan: 'free',
      createdAt: iso(T0),
    });
    const repository = new SubscriptionRepository(store);
    const subscriptions = new SubscriptionService({
      subscriptions: repository,
      users,
      plans: plansFromConfig(loadConfig(authEnv, {})),
      payments: new RecordOnlyPaymentProvider(new PaymentRepository(store), () => clock),
      log,
      now: () => clock,
    });
    await subscriptions.change('u1', {
      plan: 'pro',
      billing: { name: 'A', address: 'Somewhere 1', country: 'NL' },
    });
    await subscriptions.change('u1', { plan: 'free' });
    const sweeper = new AuthSweeper({
      tasks: [{ name: 'subscriptions', run: (now) => subscriptions.settleDue(now) }],
      intervalMs: 600_000,
      log,
      now: () => clock,
    });
    expect(await sweeper.sweepOnce()).toEqual({ subscriptions: 0 });
    expect((await repository.findById('u1'))?.plan).toBe('pro');

    clock = Date.parse('2025-07-01T00:00:00.000Z');
    expect(await sweeper.sweepOnce()).toEqual({ subscriptions: 1 });
    expect(await repository.findById('u1')).toMatchObject({ plan: 'free', currentPeriodStart: iso(clock) });
  });

  it('keeps going when one task fails, and runs on its own timer until stopped', async () => {
    let runs = 0;
    const sweeper = new AuthSweeper({
      tasks: [
        { name: 'broken', run: () => Promise.reject(new Error('store down')) },
        {
          name: 'counting',
          run: async () => {
            runs += 1;
            return 0;
          },
        },
      ],
      intervalMs: 20,
      log,
    });
    expect(await sweeper.sweepOnce()).toEqual({ broken: -1, counting: 0 });
    sweeper.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await sweeper.stop();
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(after);
  });
});
