import { newId } from '@mediakit/kit';
import type { PaymentOutcome, PaymentProvider, PlanChange } from './payment-provider.ts';
import type { PaymentRepository } from './payment-repository.ts';

export const RECORD_ONLY_NOTICE =
  'No payment was taken: this installation records plan changes without charging.';

/**
 * The default payment provider: it writes each plan change to the `payments` collection with the
 * plan's price and status `recorded_not_charged`, and takes no money. Every subscription answer
 * carries its kind, `charges: false` and notice, so the app can say plainly that nothing was charged.
 */
export class RecordOnlyPaymentProvider implements PaymentProvider {
  readonly kind = 'record-only';
  readonly charges = false;
  readonly notice = RECORD_ONLY_NOTICE;
  private readonly payments: PaymentRepository;
  private readonly now: () => number;

  constructor(payments: PaymentRepository, now: () => number = Date.now) {
    this.payments = payments;
    this.now = now;
  }

  async changePlan(change: PlanChange): Promise<PaymentOutcome> {
    const id = newId();
    await this.payments.insert({
      _id: id,
      userId: change.userId,
      kind: change.kind,
      fromPlan: change.fromPlan,
      toPlan: change.toPlan,
      amount: change.amount,
      currency: change.currency,
      interval: change.interval,
      effectiveAt: change.effectiveAt,
      status: 'recorded_not_charged',
      createdAt: new Date(this.now()).toISOString(),
    });
    return { reference: id, status: 'recorded_not_charged' };
  }
}
