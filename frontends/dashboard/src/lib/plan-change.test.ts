import type { Plan } from '@mediakit/web-api/types';
import { expect, test } from 'vitest';
import { fieldErrors, needsBilling, planChange } from './plan-change.ts';

const plan = (id: string, amount: number): Plan => ({
  id,
  name: id,
  price: { amount, currency: 'USD', interval: 'month' },
  limits: { maxFileBytes: 1, concurrentJobs: 1, retentionHours: 1, batchSize: 1 },
});
const plans = [plan('free', 0), plan('pro', 9), plan('business', 29)];

test('dearer is an upgrade, cheaper a downgrade, the same plan cancels a scheduled downgrade', () => {
  expect(planChange(plans, { plan: 'free' }, 'pro')).toBe('upgrade');
  expect(planChange(plans, { plan: 'business' }, 'pro')).toBe('downgrade');
  expect(planChange(plans, { plan: 'pro' }, 'free')).toBe('downgrade');
  expect(planChange(plans, { plan: 'pro' }, 'pro')).toBe('current');
  expect(planChange(plans, { plan: 'pro', pendingPlan: 'free' }, 'pro')).toBe('cancel-downgrade');
});

test('billing details are asked only for a first paid plan', () => {
  expect(needsBilling(plans, {}, 'pro')).toBe(true);
  expect(needsBilling(plans, {}, 'free')).toBe(false);
  expect(needsBilling(plans, { billing: { name: 'A', address: 'B', country: 'DE' } }, 'business')).toBe(
    false,
  );
});

test('field errors keyed by form field, first message wins, junk ignored', () => {
  expect(
    fieldErrors(
      [
        { field: 'billing.country', message: 'Use a two-letter code.' },
        { field: 'billing.country', message: 'second' },
        { field: 'billing.name', message: 'Enter a name.' },
        { nonsense: true },
        null,
      ],
      'billing.',
    ),
  ).toEqual({ country: 'Use a two-letter code.', name: 'Enter a name.' });
  expect(fieldErrors(undefined)).toEqual({});
});
