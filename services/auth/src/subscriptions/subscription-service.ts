import { badRequest, conflict, KeyedLock, type Logger } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { sessionEnded } from '../auth-errors.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { PlanId } from '../plans.ts';
import type { UserDoc, UserRepository } from '../user-repository.ts';
import { type BillingInput, checkBilling } from './billing-details.ts';
import { periodAt } from './billing-period.ts';
import type { SubscriptionDoc, SubscriptionRepository } from './subscription-repository.ts';
import { advance, decide } from './subscription-timeline.ts';

export interface SubscriptionChangeRequest {
  plan: string;
  billing?: BillingInput;
}

/** Subscriptions settled per sweep query; the rest wait for the next tick (or a read). */
const SWEEP_BATCH = 100;

/**
 * Subscriptions: which plan a user is on, upgrades (now) and downgrades (at the period end), and
 * the billing details; the payment provider (payments/) is told of every plan change before it is
 * saved. Due downgrades take effect whenever the subscription is read (so a user's limits are
 * right the moment the period ends) and in the auth sweeper (so stored state catches up for users
 * who are away).
 *
 * The clock is injectable: tests move it over period ends.
 */
export class SubscriptionService {
  private readonly subscriptions: SubscriptionRepository;
  private readonly users: UserRepository;
  private readonly plans: readonly authV1.Plan[];
  private readonly payments: PaymentProvider;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly lock = new KeyedLock();

  constructor(deps: {
    subscriptions: SubscriptionRepository;
    users: UserRepository;
    plans: readonly authV1.Plan[];
    payments: PaymentProvider;
    log: Logger;
    /** Epoch milliseconds. */
    now?: () => number;
  }) {
    this.subscriptions = deps.subscriptions;
    this.users = deps.users;
    this.plans = deps.plans;
    this.payments = deps.payments;
    this.log = deps.log;
    this.now = deps.now ?? Date.now;
  }

  /** The signed-in user's subscription; 401 when the account no longer exists. */
  async get(sub: string): Promise<authV1.Subscription> {
    const user = await this.existing(sub);
    return this.toProto((await this.lock.run(sub, () => this.settled(user))).doc);
  }

  /** The plan that applies to the user now, or null when there is no such user. */
  async effectivePlanId(sub: string): Promise<PlanId | null> {
    const user = sub ? await this.users.findById(sub) : null;
    if (!user) return null;
    return (await this.lock.run(sub, () => this.settled(user))).doc.plan;
  }

  /** Moves the user to `request.plan` (see subscription-timeline.ts `decide`), with billing details. */
  async change(sub: string, request: SubscriptionChangeRequest): Promise<authV1.Subscription> {
    const target = this.plans.find((plan) => plan.id === request.plan);
    if (!target) {
      const ids = this.plans.map((plan) => plan.id).join(', ');
      throw badRequest(`plan must be one of ${ids}.`, [
        { field: 'plan', message: `plan must be one of ${ids}` },
      ]);
    }
    const billing = request.billing ? checkBilling(request.billing) : undefined;
    const user = await this.existing(sub);
    return this.lock.run(sub, async () => {
      const { doc: current, version } = await this.settled(user);
      const now = new Date(this.now());
      const { next, change } = decide(current, target, billing, this.plans, now);
      if (sameState(current, next)) return this.toProto(current);
      if (change) {
        // Told first: a provider that refuses (a declined card) leaves the subscription unchanged.
        await this.payments.changePlan({
          kind: change.kind,
          userId: sub,
          fromPlan: current.plan,
          toPlan: target.id as PlanId,
          amount: target.price?.amount ?? 0,
          currency: target.price?.currency ?? 'USD',
          interval: target.price?.interval ?? 'month',
          effectiveAt: change.effectiveAt,
          billing: next.billing,
        });
      }
      if (!(await this.save(next, version))) {
        // Only another replica can get here (this one changes a user under the lock).
        this.log.warn({ sub, change: change?.kind }, 'a subscription changed on two replicas at once');
        throw conflict(
          'Your subscription was changed at the same moment elsewhere. Please reload it and try again.',
        );
      }
      this.log.info(
        { sub, from: current.plan, to: target.id, change: change?.kind ?? 'billing' },
        'subscription changed',
      );
      return this.toProto(next);
    });
  }

  /**
   * The sweeper's part: settles every stored subscription whose period has ended (due downgrades
   * take effect, periods roll on). Returns how many were written.
   */
  async settleDue(now = new Date(this.now())): Promise<number> {
    const at = now.toISOString();
    let written = 0;
    for (;;) {
      const due = await this.subscriptions.findDue(at, SWEEP_BATCH);
      let progressed = 0;
      for (const stale of due) {
        const wrote = await this.lock.run(stale._id, async () => {
          const doc = await this.subscriptions.findById(stale._id);
          if (!doc) return false;
          const next = advance(doc, now);
          return next !== doc && (await this.save(next, doc.version));
        });
        if (wrote) progressed += 1;
      }
      written += progressed;
      // A short batch is the last one; a batch where nothing could be written would only repeat.
      if (due.length < SWEEP_BATCH || progressed === 0) return written;
    }
  }

  /** Removes the user's subscription (account deletion). */
  async deleteOf(sub: string): Promise<void> {
    await this.lock.run(sub, () => this.subscriptions.delete(sub));
  }

  /**
   * The user's subscription as it stands now, written back if time changed it. A user without a
   * stored one is on their account's plan in a cycle anchored at sign-up (version 0: not stored).
   */
  private async settled(user: UserDoc): Promise<{ doc: SubscriptionDoc; version: number }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await this.subscriptions.findById(user._id);
      const now = new Date(this.now());
      if (!stored) return { doc: this.initial(user, now), version: 0 };
      const next = advance(stored, now);
      if (next === stored) return { doc: stored, version: stored.version };
      if (await this.save(next, stored.version)) return { doc: next, version: stored.version + 1 };
    }
    throw conflict('Your subscription is being changed right now. Please try again.');
  }

  private initial(user: UserDoc, now: Date): SubscriptionDoc {
    const plan: PlanId = this.plans.some((p) => p.id === user.plan) ? user.plan : 'free';
    const period = periodAt(new Date(user.createdAt), now);
    return {
      _id: user._id,
      plan,
      status: 'active',
      cycleAnchor: user.createdAt,
      currentPeriodStart: period.start.toISOString(),
      currentPeriodEnd: period.end.toISOString(),
      version: 0,
      updatedAt: now.toISOString(),
    };
  }

  /** Writes `doc` over version `version` (0: not stored yet); false when another write came first. */
  private save(doc: SubscriptionDoc, version: number): Promise<boolean> {
    const updatedAt = new Date(this.now()).toISOString();
    return this.subscriptions.save({ ...doc, version: version + 1, updatedAt }, version);
  }

  private async existing(sub: string): Promise<UserDoc> {
    const user = sub ? await this.users.findById(sub) : null;
    if (!user) throw sessionEnded();
    return user;
  }

  private toProto(doc: SubscriptionDoc): authV1.Subscription {
    return {
      plan: doc.plan,
      status: doc.status,
      currentPeriodStart: doc.currentPeriodStart,
      currentPeriodEnd: doc.currentPeriodEnd,
      pendingPlan: doc.pendingPlan,
      billing: doc.billing ? { ...doc.billing } : undefined,
      provider: { kind: this.payments.kind, charges: this.payments.charges, notice: this.payments.notice },
    };
  }
}

/** Whether two states of a subscription say the same (bookkeeping fields aside). */
function sameState(a: SubscriptionDoc, b: SubscriptionDoc): boolean {
  const state = (doc: SubscriptionDoc) =>
    JSON.stringify([
      doc.plan,
      doc.pendingPlan ?? null,
      doc.cycleAnchor,
      doc.currentPeriodStart,
      doc.currentPeriodEnd,
      doc.billing
        ? [doc.billing.name, doc.billing.address, doc.billing.country, doc.billing.vatId ?? null]
        : null,
    ]);
  return state(a) === state(b);
}
