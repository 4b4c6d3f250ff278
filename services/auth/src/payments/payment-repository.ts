import type { Collection, DocumentStore } from '@mediakit/kit';
import type { PlanChange } from './payment-provider.ts';

/** One plan change as the record-only provider keeps it (the `payments` collection), billing aside. */
export interface PaymentDoc extends Omit<PlanChange, 'billing'> {
  _id: string;
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
