import type { Plan } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import { useShell } from '../shell-context.tsx';

/**
 * This installation's plans and their limits (`GET /plans`), shared with the pricing page's
 * query. Silent: a page that shows them as a detail says so itself when they cannot be had.
 */
export function usePlans() {
  const { api } = useShell();
  return useQuery({
    queryKey: ['plans'],
    queryFn: () => api.get<{ plans: Plan[] }>('/plans'),
    meta: { silent: true },
  });
}

/** Visitors without an account have the free plan's limits (docs/api.md "Plans and subscriptions"). */
export const visitorPlan = (plans: readonly Plan[]): Plan | undefined =>
  plans.find((plan) => plan.id === 'free') ?? [...plans].sort((a, b) => a.price.amount - b.price.amount)[0];
