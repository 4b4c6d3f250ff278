import type { Plan } from '@mediakit/web-api/types';
import type { Subscription } from '../api/types.ts';

export type PlanChange = 'current' | 'upgrade' | 'downgrade' | 'cancel-downgrade';

/**
 * What choosing `target` means for this subscription, as the auth service decides it: a dearer
 * plan upgrades now, a cheaper one is scheduled for the period end, and the current plan cancels
 * a scheduled downgrade (or is simply the current plan).
 */
export function planChange(
  plans: readonly Plan[],
  sub: Pick<Subscription, 'plan' | 'pendingPlan'>,
  target: string,
): PlanChange {
  if (target === sub.plan) return sub.pendingPlan ? 'cancel-downgrade' : 'current';
  const price = (id: string) => plans.find((p) => p.id === id)?.price.amount ?? 0;
  return price(target) > price(sub.plan) ? 'upgrade' : 'downgrade';
}

/** The first paid plan needs billing details; later changes keep the ones on file. */
export function needsBilling(
  plans: readonly Plan[],
  sub: Pick<Subscription, 'billing'>,
  target: string,
): boolean {
  const plan = plans.find((p) => p.id === target);
  return !!plan && plan.price.amount > 0 && !sub.billing;
}

/** `details[].field` of a 400 (e.g. `billing.country`) to messages per form field (`country`). */
export function fieldErrors(details: unknown[] | undefined, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details ?? []) {
    const { field, message } = (d ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const name = prefix && field.startsWith(prefix) ? field.slice(prefix.length) : field;
    out[name] ??= message;
  }
  return out;
}
