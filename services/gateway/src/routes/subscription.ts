import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { authV1 } from '@mediakit/proto';
import { type Static, Type } from 'typebox';
import type { AuthClient } from '../deps.ts';
import { requireUser } from '../plugins/identity.ts';

export interface SubscriptionRoutesOptions {
  auth: Pick<AuthClient, 'getSubscription' | 'changeSubscription'>;
  /** Per signed-in caller's address and minute: each change is recorded with the payment provider. */
  writesPerMinute: number;
}

const Billing = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    address: Type.String({ maxLength: 500 }),
    // ISO 3166-1 alpha-2; the auth service checks it against the assigned codes.
    country: Type.String({ maxLength: 64 }),
    vatId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

const ChangeBody = Type.Object({
  // Checked by the auth service, which knows the plans and names them in its 400.
  plan: Type.String({ minLength: 1, maxLength: 64 }),
  billing: Type.Optional(Billing),
});

/** A subscription as the API shows it (docs/api.md "Plans and subscriptions"). */
export const Subscription = Type.Object({
  plan: Type.String(),
  status: Type.String(),
  currentPeriodStart: Type.String(),
  currentPeriodEnd: Type.String(),
  /** A downgrade that takes effect at currentPeriodEnd. */
  pendingPlan: Type.Optional(Type.String()),
  billing: Type.Optional(Billing),
  /** Who takes payments; the default records changes and charges nothing, and says so here. */
  provider: Type.Object({ kind: Type.String(), charges: Type.Boolean(), notice: Type.String() }),
});

export type ApiSubscription = Static<typeof Subscription>;
const tags = ['accounts'];

export function toSubscription(subscription: authV1.Subscription): ApiSubscription {
  const { billing, provider } = subscription;
  return {
    plan: subscription.plan,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    ...(subscription.pendingPlan ? { pendingPlan: subscription.pendingPlan } : {}),
    ...(billing
      ? {
          billing: {
            name: billing.name,
            address: billing.address,
            country: billing.country,
            ...(billing.vatId ? { vatId: billing.vatId } : {}),
          },
        }
      : {}),
    provider: {
      kind: provider?.kind ?? '',
      charges: provider?.charges ?? false,
      notice: provider?.notice ?? '',
    },
  };
}

/**
 * The signed-in user's subscription. `GET` shows it; `PUT { plan, billing? }` upgrades (at once,
 * new limits on the next upload or job), downgrades (at the end of the period) or, with the current
 * plan, cancels a scheduled downgrade and updates billing details; it answers 200 with the
 * subscription. Guests get 401; the plan and billing rules and their 400s are the auth service's.
 */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<SubscriptionRoutesOptions> = async (
  app,
  { auth, writesPerMinute },
) => {
  const read = { tags, summary: "The signed-in user's subscription", response: { 200: Subscription } };
  app.get(
    '/account/subscription',
    { schema: read, config: { scope: { session: 'change the subscription' } } },
    async (request) => {
      const { sub } = requireUser(request);
      return toSubscription(await auth.getSubscription({ sub }));
    },
  );

  app.put(
    '/account/subscription',
    {
      schema: {
        tags,
        summary: 'Change plan (upgrade now, downgrade at period end) or billing details',
        body: ChangeBody,
        response: { 200: Subscription },
      },
      config: {
        scope: { session: 'change the subscription' },
        rateLimit: { max: writesPerMinute, timeWindow: 60_000 },
      },
    },
    async (request) => {
      const { sub } = requireUser(request);
      const { plan, billing } = request.body;
      return toSubscription(await auth.changeSubscription({ sub, plan, billing }));
    },
  );
};
