import { BoundedMap } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import type { AuthClient } from './deps.ts';
import type { Owner } from './plugins/identity.ts';

export type PlanLimits = authV1.PlanLimits;
export interface OwnerPlan {
  id: string;
  limits: PlanLimits;
}

export interface Plans {
  /** The plan and limits that apply to this caller (a visitor who owns nothing gets the guest plan). */
  forOwner(owner: Owner | null): Promise<OwnerPlan>;
}

const MAX_CACHED = 10_000;

/**
 * Plans come from the auth service. A guest's plan is asked for on every upload and job, and it
 * only changes when the operator reconfigures plans, so it is cached for a minute (bounded, oldest
 * first out). Signed-in users' plans change on upgrade and are always asked for.
 */
export function createPlans(auth: Pick<AuthClient, 'getOwnerPlan'>, ttlMs = 60_000, now = Date.now): Plans {
  const cache = new BoundedMap<string, { expires: number; plan: Promise<OwnerPlan> }>(MAX_CACHED);

  async function fetchPlan(ownerId: string, isGuest: boolean): Promise<OwnerPlan> {
    const plan = await auth.getOwnerPlan({ ownerId, isGuest });
    if (!plan.limits) throw new Error(`auth service returned plan ${plan.id} without limits`);
    return { id: plan.id, limits: plan.limits };
  }

  return {
    forOwner(owner) {
      // The auth service knows users by their sub, not by the gateway's `user:<sub>` owner id.
      if (owner && !owner.isGuest) return fetchPlan(owner.sub, false);
      const key = owner?.id ?? '';
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.plan;
      const plan = fetchPlan(key, true);
      cache.set(key, { expires: now() + ttlMs, plan });
      // A failed lookup is not remembered: the next request asks again.
      plan.catch(() => cache.get(key)?.plan === plan && cache.delete(key));
      return plan;
    },
  };
}
