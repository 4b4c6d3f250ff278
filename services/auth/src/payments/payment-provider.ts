import type { PlanId } from '../plans.ts';

/** Billing details as the subscription keeps them (already checked: billing-details.ts). */
export interface BillingDetails {
  name: string;
  address: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  vatId?: string;
}

/**
 * What a plan change is, in the provider's terms:
 * - `upgrade`: to a dearer plan, effective now; a new monthly period starts now.
 * - `downgrade`: to a cheaper plan, effective at the end of the current period (`effectiveAt`).
 * - `cancel_downgrade`: the user chose their current plan again; the scheduled downgrade is off.
 */
export type PlanChangeKind = 'upgrade' | 'downgrade' | 'cancel_downgrade';

export interface PlanChange {
  kind: PlanChangeKind;
  /** The user's `sub`. */
  userId: string;
  fromPlan: PlanId;
  toPlan: PlanId;
  /** The price of `toPlan` for one interval: what the period starting at `effectiveAt` costs. */
  amount: number;
  currency: string;
  interval: string;
  /** ISO 8601: now for an upgrade, the period end for a downgrade. */
  effectiveAt: string;
  /** Absent only for the free plan. */
  billing?: BillingDetails;
}

export interface PaymentOutcome {
  /** The provider's reference for this change (a payment, an invoice, a schedule). */
  reference: string;
  /** For example `recorded_not_charged`, or a real provider's `paid` / `scheduled`. */
  status: string;
}

/**
 * The payment-provider port. The subscription service decides what a change is and when it takes
 * effect; the provider is told before the subscription is written, so a provider that refuses
 * (a declined card: throw an ApiError, 402 for instance) leaves the subscription as it was.
 *
 * The default, RecordOnlyPaymentProvider, charges nothing and says so. A real provider (Stripe,
 * Paddle, Mollie...) implements the same members and is wired in start-auth.ts; it would also
 * bill the monthly renewals itself and report failed ones back (webhooks), which this port does
 * not model yet.
 */
export interface PaymentProvider {
  /** A short name, shown to users: `record-only` for the default. */
  readonly kind: string;
  /** Whether a change takes money. False for the record-only default. */
  readonly charges: boolean;
  /** One sentence the app shows with the subscription (what happens with payments here). */
  readonly notice: string;
  changePlan(change: PlanChange): Promise<PaymentOutcome>;
}
