import type { Collection, DocumentStore } from '@mediakit/kit';
import type { PlanId } from '../plans.ts';
import type { PlanChangeKind } from './payment-provider.ts';

/** One plan change as the record-only provider keeps it (the `payments` collection). */
export interface PaymentDoc {
  _id: string;
  userId: string;
  kind: PlanChangeKind;
  fromPlan: PlanId;
  toPlan: PlanId;
  amount: number;
  currency: string;
  interval: string;
  effectiveAt: string;
  /** Always `recorded_not_charged` here: nothing was charged. */
  status: 'recorded_not_charged';
  createdAt: string;
}

/** The `payments` collection, in MongoDB's query language. */
export class PaymentRepository {
  private readonly payments: Collection<PaymentDoc>;

  constructor(store: DocumentStore) {
    this.payments = store.collection<PaymentDoc>('payments');
  }

  async createIndexes(): Promise<void> {
    await this.payments.createIndex({ userId: 1, createdAt: -1 });
  }

  insert(doc: PaymentDoc): Promise<void> {
    return this.payments.insertOne(doc);
  }

  /** The user's records, newest first. */
  listOf(userId: string): Promise<PaymentDoc[]> {
    return this.payments.find({ userId }, { sort: { createdAt: -1 } });
  }

  deleteAllOf(userId: string): Promise<number> {
    return this.payments.deleteMany({ userId });
  }
}
