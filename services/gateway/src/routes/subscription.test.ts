import { ApiError } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { afterEach, describe, expect, test } from 'vitest';
import { bearer, buildTestApp, ownerCookie, type TestApp } from '../../test/support.ts';

const NOTICE = 'No payment was taken: this installation records plan changes without charging.';
const PRO: authV1.Subscription = {
  plan: 'pro',
  status: 'active',
  currentPeriodStart: '2025-03-01T10:00:00.000Z',
  currentPeriodEnd: '2025-04-01T10:00:00.000Z',
  pendingPlan: undefined,
  billing: { name: 'Ada', address: '1 Main St', country: 'GB', vatId: undefined },
  provider: { kind: 'record-only', charges: false, notice: NOTICE },
};

describe('subscription routes', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('GET /account/subscription shows the caller’s own subscription and says nothing is charged', async () => {
    t = await buildTestApp();
    const asked: string[] = [];
    t.clients.auth.getSubscription = async (request) => {
      asked.push(request.sub);
      return PRO;
    };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/subscription',
      headers: await bearer('u1'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plan: 'pro',
      status: 'active',
      currentPeriodStart: '2025-03-01T10:00:00.000Z',
      currentPeriodEnd: '2025-04-01T10:00:00.000Z',
      billing: { name: 'Ada', address: '1 Main St', country: 'GB' },
      provider: { kind: 'record-only', charges: false, notice: NOTICE },
    });
    expect(asked).toEqual(['u1']);
  });

  test('PUT /account/subscription passes the plan and billing for the token’s user: 200 with the subscription', async () => {
    t = await buildTestApp();
    const asked: authV1.ChangeSubscriptionRequest[] = [];
    t.clients.auth.changeSubscription = async (request) => {
      asked.push(request);
      return { ...PRO, plan: 'business', pendingPlan: undefined };
    };
    const billing = { name: 'Ada', address: '1 Main St', country: 'gb', vatId: 'GB123456789' };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/subscription',
      headers: await bearer('u2'),
      // A sub in the body names nobody: the subscription is always the token's user's.
      payload: { plan: 'business', billing, sub: 'someone-else' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'business', provider: { charges: false } });
    expect(asked).toEqual([{ sub: 'u2', plan: 'business', billing }]);

    // A downgrade answers with the plan kept until the period end and the pending one.
    t.clients.auth.changeSubscription = async () => ({ ...PRO, pendingPlan: 'free' });
    const down = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/subscription',
      headers: await bearer('u2'),
      payload: { plan: 'free' },
    });
    expect(down.json()).toMatchObject({
      plan: 'pro',
      pendingPlan: 'free',
      currentPeriodEnd: PRO.currentPeriodEnd,
    });
  });

  test('guests get 401, with or without their cookie', async () => {
    t = await buildTestApp();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { plan: 'pro' }],
    ] as const) {
      for (const headers of [{}, ownerCookie]) {
        const res = await t.app.inject({ method, url: '/api/v1/account/subscription', headers, payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'unauthorized', message: 'Please sign in to use this.' });
      }
    }
  });

  test('validates the body: a plan is required, billing has known fields only, all of them strings', async () => {
    t = await buildTestApp();
    const headers = await bearer('u3');
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/subscription',
        headers,
        payload: payload as object,
      });

    const noPlan = await put({});
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json().details).toEqual([{ field: 'plan', message: 'plan is required' }]);

    const partial = await put({ plan: 'pro', billing: { name: 'Ada', vat_id: 'x' } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().details).toEqual(
      expect.arrayContaining([
        { field: 'billing.address', message: 'billing.address is required' },
        { field: 'billing.country', message: 'billing.country is required' },
        { field: 'billing.vat_id', message: 'billing.vat_id is not accepted here' },
      ]),
    );
  });

  test('passes on the auth service’s 400s: an unknown plan, missing billing details', async () => {
    t = await buildTestApp();
    t.clients.auth.changeSubscription = async (request) => {
      throw new ApiError(400, 'validation_failed', `plan must be one of free, pro, business.`, {
        details: [
          { field: 'plan', message: `plan must be one of free, pro, business (not ${request.plan})` },
        ],
      });
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/subscription',
      headers: await bearer('u4'),
      payload: { plan: 'gold' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'plan must be one of free, pro, business.',
    });
  });
});
