import type { Plan } from '@mediakit/web-api/types';
import { describe, expect, test } from 'vitest';
import { visitorPlan } from './use-plans.ts';

const plan = (id: string, amount: number, retentionHours: number): Plan => ({
  id,
  name: id,
  price: { amount, currency: 'USD', interval: 'month' },
  limits: { maxFileBytes: 1, concurrentJobs: 1, retentionHours, batchSize: 1 },
});

describe('the plan of visitors without an account', () => {
  test('is the free plan, wherever it is listed', () => {
    expect(visitorPlan([plan('pro', 9, 24), plan('free', 0, 3)])?.limits.retentionHours).toBe(3);
  });
  test('else the cheapest; none when there are no plans', () => {
    expect(visitorPlan([plan('business', 29, 168), plan('basic', 5, 2)])?.id).toBe('basic');
    expect(visitorPlan([])).toBeUndefined();
  });
});
