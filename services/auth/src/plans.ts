import type { authV1 } from '@mediakit/proto';
import type { AuthConfig } from './env.ts';

export type PlanId = 'free' | 'pro' | 'business';

type PlanLimitsConfig = Pick<
  AuthConfig,
  `PLAN_${'FREE' | 'PRO' | 'BUSINESS'}_${'MAX_FILE_BYTES' | 'CONCURRENT_JOBS' | 'RETENTION_HOURS' | 'BATCH_SIZE'}`
>;

const catalog: Array<{ id: PlanId; name: string; monthlyUsd: number }> = [
  { id: 'free', name: 'Free', monthlyUsd: 0 },
  { id: 'pro', name: 'Pro', monthlyUsd: 9 },
  { id: 'business', name: 'Business', monthlyUsd: 29 },
];

/** The three plans, in order of price, with their limits from the environment. */
export function plansFromConfig(config: PlanLimitsConfig): authV1.Plan[] {
  return catalog.map(({ id, name, monthlyUsd }) => {
    const key = id.toUpperCase() as 'FREE' | 'PRO' | 'BUSINESS';
    return {
      id,
      name,
      price: { amount: monthlyUsd, currency: 'USD', interval: 'month' },
      limits: {
        maxFileBytes: config[`PLAN_${key}_MAX_FILE_BYTES`],
        concurrentJobs: config[`PLAN_${key}_CONCURRENT_JOBS`],
        retentionHours: config[`PLAN_${key}_RETENTION_HOURS`],
        batchSize: config[`PLAN_${key}_BATCH_SIZE`],
      },
    };
  });
}

export function findPlan(plans: authV1.Plan[], id: PlanId): authV1.Plan {
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(`plan ${id} is not configured`);
  return plan;
}
