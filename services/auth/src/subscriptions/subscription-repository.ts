import { type Collection, type DocumentStore, DuplicateKeyError } from '@mediakit/kit';
import type { BillingDetails } from '../payments/payment-provider.ts';
import type { PlanId } from '../plans.ts';

/**
 * A user's subscription, as stored in the `subscriptions` collection; `_id` is the user's `sub`.
 * A user without one has the plan on their account record, in a cycle anchored at sign-up
 * (subscription-service.ts): the document is written on the first change.
 */
export interface SubscriptionDoc {
  _id: string;
  plan: PlanId;
  /** Always `active` for now; a real payment provider may add `past_due` and the like. */
  status: 'active';
  /** Where the monthly cycle is counted from (billing-period.ts): the last upgrade, or sign-up. */
  cycleAnchor: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** A downgrade scheduled for currentPeriodEnd. */
  pendingPlan?: PlanId;
  /** Kept while the plan (or the pending one) is paid; the free plan has none. */
  billing?: BillingDetails;
  /** +1 on every write: writes are conditional on it, so two changes never overwrite each other. */
  version: number;
  updatedAt: string;
}

/** The `subscriptions` collection, in MongoDB's query language. */
export class SubscriptionRepository {
  private readonly subscriptions: Collection<SubscriptionDoc>;

  constructor(store: DocumentStore) {
    this.subscriptions = store.collection<SubscriptionDoc>('subscriptions');
  }

  async createIndexes(): Promise<void> {
    await this.subscriptions.createIndex({ currentPeriodEnd: 1 }); // the sweep of due downgrades
  }

  findById(sub: string): Promise<SubscriptionDoc | null> {
    return this.subscriptions.findOne({ _id: sub });
  }

  /**
   * Writes `doc` if the stored one still has version `expectedVersion` (0: there is none yet).
   * Returns false when another write got there first.
   */
  async save(doc: SubscriptionDoc, expectedVersion: number): Promise<boolean> {
    if (expectedVersion === 0) {
      try {
        await this.subscriptions.insertOne(doc);
        return true;
      } catch (error) {
        // Inserted meanwhile: the caller reads it and decides again.
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    }
    const { _id, ...fields } = doc;
    // Optional fields the new state has not are removed, not kept from the old one.
    const unset = Object.fromEntries(
      (['pendingPlan', 'billing'] as const)
        .filter((key) => fields[key] === undefined)
        .map((key) => [key, true]),
    );
    const update: Record<string, unknown> = { $set: withoutUndefined(fields) };
    if (Object.keys(unset).length > 0) update.$unset = unset;
    return (await this.subscriptions.updateOne({ _id, version: expectedVersion }, update)) !== null;
  }

  /** Subscriptions whose period ended by `at` (a downgrade is due or the period rolls), oldest first. */
  findDue(at: string, limit: number): Promise<SubscriptionDoc[]> {
    return this.subscriptions.find(
      { currentPeriodEnd: { $lte: at } },
      { sort: { currentPeriodEnd: 1 }, limit },
    );
  }

  delete(sub: string): Promise<SubscriptionDoc | null> {
    return this.subscriptions.deleteOne({ _id: sub });
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
