import { describe, expect, test } from 'vitest';
import { FREE_PLAN } from '../test/support.ts';
import { createPlans } from './plans.ts';

describe('plans', () => {
  test("a guest's plan is cached for the TTL, then asked for again", async () => {
    let calls = 0;
    let now = 0;
    const auth = {
      getOwnerPlan: async () => {
        calls++;
        return FREE_PLAN;
      },
    };
    const plans = createPlans(auth, 60_000, () => now);
    const guest = { id: 'guest:a', isGuest: true } as const;
    expect(await plans.forOwner(guest)).toEqual({ id: 'free', limits: FREE_PLAN.limits });
    await plans.forOwner(guest);
    expect(calls).toBe(1);
    now = 60_001;
    await plans.forOwner(guest);
    expect(calls).toBe(2);
  });

  test('a failed lookup is not cached; signed-in users are never cached', async () => {
    let calls = 0;
    const asked: unknown[] = [];
    const plans = createPlans({
      getOwnerPlan: async (request) => {
        asked.push(request);
        if (calls++ === 0) throw new Error('down');
        return FREE_PLAN;
      },
    });
    await expect(plans.forOwner({ id: 'guest:a', isGuest: true })).rejects.toThrow('down');
    await expect(plans.forOwner({ id: 'guest:a', isGuest: true })).resolves.toMatchObject({ id: 'free' });
    const user = { id: 'user:u1', isGuest: false, sub: 'u1', roles: ['user'] } as const;
    await plans.forOwner({ ...user, roles: [...user.roles] });
    await plans.forOwner({ ...user, roles: [...user.roles] });
    expect(calls).toBe(4);
    // Asked for by the sub the auth service knows, not the gateway's owner id.
    expect(asked[2]).toEqual({ ownerId: 'u1', isGuest: false });
  });
});
