import { loadConfig } from '@mediakit/kit';
import { describe, expect, it } from 'vitest';
import { authEnv } from './env.ts';
import { findPlan, plansFromConfig } from './plans.ts';

const GiB = 1024 ** 3;

describe('plans from the environment', () => {
  it('has the documented defaults', () => {
    const plans = plansFromConfig(loadConfig(authEnv, {}));
    expect(plans).toEqual([
      {
        id: 'free',
        name: 'Free',
        price: { amount: 0, currency: 'USD', interval: 'month' },
        limits: { maxFileBytes: GiB, concurrentJobs: 2, retentionHours: 1, batchSize: 50 },
      },
      {
        id: 'pro',
        name: 'Pro',
        price: { amount: 9, currency: 'USD', interval: 'month' },
        limits: { maxFileBytes: 5 * GiB, concurrentJobs: 5, retentionHours: 24, batchSize: 50 },
      },
      {
        id: 'business',
        name: 'Business',
        price: { amount: 29, currency: 'USD', interval: 'month' },
        limits: { maxFileBytes: 20 * GiB, concurrentJobs: 10, retentionHours: 168, batchSize: 50 },
      },
    ]);
  });

  it('takes each limit from its variable', () => {
    const plans = plansFromConfig(
      loadConfig(authEnv, {
        PLAN_FREE_MAX_FILE_BYTES: '1000',
        PLAN_FREE_RETENTION_HOURS: '0.5',
        PLAN_PRO_CONCURRENT_JOBS: '7',
        PLAN_BUSINESS_BATCH_SIZE: '200',
      }),
    );
    expect(findPlan(plans, 'free').limits).toEqual({
      maxFileBytes: 1000,
      concurrentJobs: 2,
      retentionHours: 0.5,
      batchSize: 50,
    });
    expect(findPlan(plans, 'pro').limits?.concurrentJobs).toBe(7);
    expect(findPlan(plans, 'business').limits?.batchSize).toBe(200);
  });

  it('treats an empty variable as unset', () => {
    expect(
      findPlan(plansFromConfig(loadConfig(authEnv, { PLAN_PRO_MAX_FILE_BYTES: '' })), 'pro').limits
        ?.maxFileBytes,
    ).toBe(5 * GiB);
  });

  it('rejects a bad value with a message naming the variable', () => {
    expect(() => loadConfig(authEnv, { PLAN_FREE_CONCURRENT_JOBS: 'two' })).toThrow(
      /PLAN_FREE_CONCURRENT_JOBS/,
    );
    expect(() => loadConfig(authEnv, { PLAN_PRO_BATCH_SIZE: '0' })).toThrow(/PLAN_PRO_BATCH_SIZE/);
  });
});
