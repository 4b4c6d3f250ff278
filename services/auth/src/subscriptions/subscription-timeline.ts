import { badRequest } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import type { BillingDetails, PlanChangeKind } from '../payments/payment-provider.ts';
import type { PlanId } from '../plans.ts';
import { billingRequired } from './billing-details.ts';
import { addMonths, periodAt } from './billing-period.ts';
import type { SubscriptionDoc } from './subscription-repository.ts';

/**
 * The rules of a subscription over time, as pure functions of its state and the clock (the
 * service reads, decides with these, and writes).
 */

/**
 * The subscription as it stands at `now`: once the current period has ended, a scheduled downgrade
 * takes effect at its end (the free plan drops the billing details), and the period rolls on to
 * the one containing `now`, in the same monthly cycle. Returns `doc` itself when nothing changed.
 */
export function advance(doc: SubscriptionDoc, now: Date): SubscriptionDoc {
  if (Date.parse(doc.currentPeriodEnd) > now.getTime()) return doc;
  const next: SubscriptionDoc = { ...doc };
  if (next.pendingPlan) {
    next.plan = next.pendingPlan;
    next.pendingPlan = undefined;
    if (next.plan === 'free') next.billing = undefined;
  }
  const period = periodAt(new Date(doc.cycleAnchor), now);
  next.currentPeriodStart = period.start.toISOString();
  next.currentPeriodEnd = period.end.toISOString();
  return next;
}

export interface Decision {
  next: SubscriptionDoc;
  /** What the payment provider is told; absent when only billing details changed, or nothing. */
  change?: { kind: PlanChangeKind; effectiveAt: string };
}

/**
 * What choosing `target` does to the current subscription (already advanced to `now`):
 * - a dearer plan: an upgrade, now; a new monthly cycle starts now, any scheduled downgrade is off;
 *   it needs billing details, given now or kept from before (400 naming the fields otherwise);
 * - a cheaper plan: a downgrade scheduled for the period end (the user keeps what they paid for);
 *   choosing it again changes nothing;
 * - the current plan: cancels a scheduled downgrade; otherwise only updates billing details.
 * Plans are ranked by their order in `plans` (by price).
 */
export function decide(
  current: SubscriptionDoc,
  target: authV1.Plan,
  billing: BillingDetails | undefined,
  plans: readonly authV1.Plan[],
  now: Date,
): Decision {
  const rank = (id: string) => plans.findIndex((plan) => plan.id === id);
  const targetId = target.id as PlanId;
  if (targetId === 'free' && billing) {
    throw badRequest('The free plan takes no billing details: leave billing out.', [
      { field: 'billing', message: 'billing is not accepted with the free plan' },
    ]);
  }
  const keptBilling = billing ?? current.billing;

  if (rank(targetId) > rank(current.plan)) {
    if (!keptBilling) throw billingRequired(target.name);
    const at = now.toISOString();
    return {
      next: {
        ...current,
        plan: targetId,
        pendingPlan: undefined,
        billing: keptBilling,
        cycleAnchor: at,
        currentPeriodStart: at,
        currentPeriodEnd: addMonths(now, 1).toISOString(),
      },
      change: { kind: 'upgrade', effectiveAt: at },
    };
  }

  if (rank(targetId) < rank(current.plan)) {
    if (current.pendingPlan === targetId) return { next: { ...current, billing: keptBilling } };
    // Until the period ends the user is still on a paid plan, so billing details stay.
    if (targetId !== 'free' && !keptBilling) throw billingRequired(target.name);
    return {
      next: { ...current, pendingPlan: targetId, billing: keptBilling },
      change: { kind: 'downgrade', effectiveAt: current.currentPeriodEnd },
    };
  }

  if (current.pendingPlan) {
    return {
      next: { ...current, pendingPlan: undefined, billing: keptBilling },
      change: { kind: 'cancel_downgrade', effectiveAt: now.toISOString() },
    };
  }
  return { next: { ...current, billing: keptBilling } };
}
