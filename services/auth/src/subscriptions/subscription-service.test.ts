import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApiError,
  createEmbeddedDocumentStore,
  createLogger,
  type DocumentStore,
  loadConfig,
} from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEnv } from '../env.ts';
import { PaymentRepository } from '../payments/payment-repository.ts';
import { RECORD_ONLY_NOTICE, RecordOnlyPaymentProvider } from '../payments/record-only-payment-provider.ts';
import { plansFromConfig } from '../plans.ts';
import { UserRepository } from '../user-repository.ts';
import { SubscriptionRepository } from './subscription-repository.ts';
import { SubscriptionService } from './subscription-service.ts';

/**
 * The subscription rules on the real embedded store and the record-only provider, with a clock the
 * tests move: upgrade now, downgrade at the period end (read lazily and by the sweep), choosing the
 * current plan cancels a pending downgrade, billing rules, and what the provider recorded.
 */

const BILLING = { name: 'Ada Lovelace', address: '12 St James’s Square, London', country: 'gb' };
const SIGNED_UP = '2025-01-31T10:00:00.000Z';
const DAY = 86_400_000;

let dir: string;
let store: DocumentStore;
let clock: number;
let service: SubscriptionService;
let payments: PaymentRepository;
let repository: SubscriptionRepository;
let users: UserRepository;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-subscriptions-'));
  store = createEmbeddedDocumentStore(dir);
  clock = Date.parse(SIGNED_UP);
  const now = () => clock;
  users = new UserRepository(store);
  repository = new SubscriptionRepository(store);
  payments = new PaymentRepository(store);
  service = new SubscriptionService({
    subscriptions: repository,
    users,
    plans: plansFromConfig(loadConfig(authEnv, {})),
    payments: new RecordOnlyPaymentProvider(payments, now),
    log: createLogger('subscriptions-test', 'silent'),
    now,
  });
  await users.insert({
    _id: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    passwordHash: 'x',
    roles: ['user'],
    plan: 'free',
    createdAt: SIGNED_UP,
  });
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function apiError(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('subscriptions', () => {
  it('starts on the account’s plan, free, in a monthly cycle from sign-up, and says nothing is charged', async () => {
    clock = Date.parse('2025-03-05T00:00:00.000Z');
    expect(await service.get('u1')).toEqual({
      plan: 'free',
      status: 'active',
      currentPeriodStart: '2025-02-28T10:00:00.000Z',
      currentPeriodEnd: '2025-03-31T10:00:00.000Z',
      pendingPlan: undefined,
      billing: undefined,
      provider: { kind: 'record-only', charges: false, notice: RECORD_ONLY_NOTICE },
    });
    expect(await service.effectivePlanId('u1')).toBe('free');
    expect(await service.effectivePlanId('nobody')).toBeNull();
    expect(await apiError(service.get('nobody'))).toMatchObject({ status: 401 });
  });

  it('upgrades at once: a new period starts now, and the change is recorded, not charged', async () => {
    clock += 3 * DAY;
    const upgraded = await service.change('u1', { plan: 'pro', billing: BILLING });
    const now = new Date(clock).toISOString();
    expect(upgraded).toMatchObject({
      plan: 'pro',
      currentPeriodStart: now,
      currentPeriodEnd: '2025-03-03T10:00:00.000Z',
      billing: { name: 'Ada Lovelace', address: '12 St James’s Square, London', country: 'GB' },
    });
    expect(await service.effectivePlanId('u1')).toBe('pro');
    expect(await payments.listOf('u1')).toEqual([
      expect.objectContaining({
        kind: 'upgrade',
        fromPlan: 'free',
        toPlan: 'pro',
        amount: 9,
        currency: 'USD',
        interval: 'month',
        effectiveAt: now,
        status: 'recorded_not_charged',
      }),
    ]);

    // Pro to business: billing details are kept from before; a new period starts again.
    clock += DAY;
    const business = await service.change('u1', { plan: 'business' });
    expect(business).toMatchObject({ plan: 'business', currentPeriodStart: new Date(clock).toISOString() });
    expect(business.billing?.country).toBe('GB');
    expect((await payments.listOf('u1'))[0]).toMatchObject({
      kind: 'upgrade',
      toPlan: 'business',
      amount: 29,
    });
  });

  it('refuses a first paid plan without billing details, naming the missing fields', async () => {
    const error = await apiError(service.change('u1', { plan: 'pro' }));
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error.message).toContain('billing.name, billing.address, billing.country');
    expect(await service.effectivePlanId('u1')).toBe('free');
    expect(await payments.listOf('u1')).toEqual([]);
  });

  it('refuses an unknown plan naming the valid ones, bad billing naming the field, billing for free', async () => {
    expect(await apiError(service.change('u1', { plan: 'gold' }))).toMatchObject({
      status: 400,
      message: 'plan must be one of free, pro, business.',
    });
    const bad = await apiError(service.change('u1', { plan: 'pro', billing: { ...BILLING, country: 'XX' } }));
    expect(bad.details).toEqual([expect.objectContaining({ field: 'billing.country' })]);
    expect(await apiError(service.change('u1', { plan: 'free', billing: BILLING }))).toMatchObject({
      status: 400,
      message: 'The free plan takes no billing details: leave billing out.',
    });
    expect(await apiError(service.change('nobody', { plan: 'pro', billing: BILLING }))).toMatchObject({
      status: 401,
    });
  });

  it('downgrades at the period end, lazily on read and by the sweep', async () => {
    await service.change('u1', { plan: 'business', billing: BILLING });
    const periodEnd = '2025-02-28T10:00:00.000Z';

    clock += 10 * DAY;
    const scheduled = await service.change('u1', { plan: 'pro' });
    expect(scheduled).toMatchObject({ plan: 'business', pendingPlan: 'pro', currentPeriodEnd: periodEnd });
    expect((await payments.listOf('u1'))[0]).toMatchObject({
      kind: 'downgrade',
      toPlan: 'pro',
      amount: 9,
      effectiveAt: periodEnd,
    });
    // Until the period ends the user keeps what they have.
    clock = Date.parse(periodEnd) - 1;
    expect(await service.effectivePlanId('u1')).toBe('business');
    // From the end on, reads see the new plan and the next period.
    clock = Date.parse(periodEnd);
    expect(await service.effectivePlanId('u1')).toBe('pro');
    expect(await service.get('u1')).toMatchObject({
      plan: 'pro',
      pendingPlan: undefined,
      currentPeriodStart: periodEnd,
      currentPeriodEnd: '2025-03-31T10:00:00.000Z',
      billing: { country: 'GB' },
    });

    // Down to free, applied by the sweep for a user who is away; free keeps no billing details.
    await service.change('u1', { plan: 'free' });
    clock = Date.parse('2025-04-15T00:00:00.000Z');
    expect(await service.settleDue()).toBe(1);
    const stored = await repository.findById('u1');
    expect(stored).toMatchObject({
      plan: 'free',
      currentPeriodStart: '2025-03-31T10:00:00.000Z',
      currentPeriodEnd: '2025-04-30T10:00:00.000Z',
    });
    expect(stored?.pendingPlan).toBeUndefined();
    expect(stored?.billing).toBeUndefined();
    expect(await service.settleDue()).toBe(0);
  });

  it('cancels a pending downgrade when the current plan is chosen again', async () => {
    await service.change('u1', { plan: 'pro', billing: BILLING });
    clock += DAY;
    await service.change('u1', { plan: 'free' });
    expect((await service.get('u1')).pendingPlan).toBe('free');
    // Choosing the same downgrade twice records nothing new.
    clock += DAY;
    await service.change('u1', { plan: 'free' });
    expect((await payments.listOf('u1')).map((p) => p.kind)).toEqual(['downgrade', 'upgrade']);

    clock += DAY;
    const kept = await service.change('u1', { plan: 'pro' });
    expect(kept).toMatchObject({ plan: 'pro', pendingPlan: undefined });
    expect((await payments.listOf('u1'))[0]).toMatchObject({ kind: 'cancel_downgrade', toPlan: 'pro' });
    clock += 40 * DAY;
    expect(await service.effectivePlanId('u1')).toBe('pro');
  });

  it('upgrading while a downgrade is pending drops the downgrade', async () => {
    await service.change('u1', { plan: 'pro', billing: BILLING });
    await service.change('u1', { plan: 'free' });
    const upgraded = await service.change('u1', { plan: 'business' });
    expect(upgraded).toMatchObject({ plan: 'business', pendingPlan: undefined });
    clock += 40 * DAY;
    expect(await service.effectivePlanId('u1')).toBe('business');
  });

  it('updates billing details on the current plan without a plan change', async () => {
    await service.change('u1', { plan: 'pro', billing: BILLING });
    const updated = await service.change('u1', {
      plan: 'pro',
      billing: { name: 'Ada L.', address: 'Paris', country: 'FR', vatId: 'FR 12 345678901' },
    });
    expect(updated.billing).toEqual({
      name: 'Ada L.',
      address: 'Paris',
      country: 'FR',
      vatId: 'FR12345678901',
    });
    expect(await payments.listOf('u1')).toHaveLength(1);
    // The free plan chosen while on free changes nothing.
    await service.deleteOf('u1');
    expect(await service.change('u1', { plan: 'free' })).toMatchObject({ plan: 'free' });
    expect(await repository.findById('u1')).toBeNull();
  });

  it('a provider that refuses leaves the subscription as it was', async () => {
    const refusing = new SubscriptionService({
      subscriptions: repository,
      users,
      plans: plansFromConfig(loadConfig(authEnv, {})),
      payments: {
        kind: 'test',
        charges: true,
        notice: 'Test provider.',
        changePlan: () => Promise.reject(Object.assign(new Error('card declined'), { status: 402 })),
      },
      log: createLogger('subscriptions-test', 'silent'),
      now: () => clock,
    });
    await expect(refusing.change('u1', { plan: 'pro', billing: BILLING })).rejects.toThrow('card declined');
    expect(await refusing.effectivePlanId('u1')).toBe('free');
    expect(await repository.findById('u1')).toBeNull();
  });
});
