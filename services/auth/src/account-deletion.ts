import { type Collection, type DocumentStore, DuplicateKeyError, type Logger } from '@mediakit/kit';

/** A deleted account whose deletion the other services have not been told of yet. */
interface PendingAnnouncementDoc {
  _id: string;
  deletedAt: string;
}

/**
 * Deleting an account beyond the user record and sessions (AccountService.deleteAccount): the
 * user's other auth data (subscription, payment records) and the `accounts.events.<sub>.deleted`
 * event, on which the files, jobs and content services delete what the user owned.
 *
 * The event must not be lost, or the user's files would outlive their account. So the deletion is
 * written to an outbox (`account_deletions`) before the user record goes, and removed from it once
 * the event is published; what a NATS outage or a crash left there, the sweeper publishes again.
 * Publishing twice is harmless: the consumers are idempotent (and JetStream drops a repeat within
 * its duplicate window by the message id).
 */
export class AccountDeletion {
  private readonly outbox: Collection<PendingAnnouncementDoc>;
  private readonly removeData: (sub: string) => Promise<unknown>;
  private readonly publish?: (sub: string) => Promise<void>;
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(deps: {
    store: DocumentStore;
    /** Removes the user's remaining auth data (subscription, payment records). */
    removeData: (sub: string) => Promise<unknown>;
    /** Publishes the event (kit publishAccountDeleted); absent where there is no NATS (unit tests). */
    publish?: (sub: string) => Promise<void>;
    log: Logger;
    now?: () => number;
  }) {
    this.outbox = deps.store.collection<PendingAnnouncementDoc>('account_deletions');
    this.removeData = deps.removeData;
    this.publish = deps.publish;
    this.log = deps.log;
    this.now = deps.now ?? Date.now;
  }

  /** Before the user record goes: remember that this deletion must be announced. */
  async begin(sub: string): Promise<void> {
    try {
      await this.outbox.insertOne({ _id: sub, deletedAt: new Date(this.now()).toISOString() });
    } catch (error) {
      // A deletion that failed half-way is being retried: it is already in the outbox.
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  /**
   * After the user record and sessions went: remove the rest and tell the other services. Never
   * throws: the account is gone either way, and what failed here the sweeper finishes.
   */
  async finish(sub: string): Promise<void> {
    try {
      await this.removeData(sub);
    } catch (err) {
      this.log.warn({ err, sub }, 'removing a deleted account’s auth data failed; the sweeper retries');
      return;
    }
    await this.announce(sub);
  }

  /** The sweeper's part: announces deletions still in the outbox; returns how many went out. */
  async announcePending(limit = 100): Promise<number> {
    if (!this.publish) return 0;
    let sent = 0;
    for (const pending of await this.outbox.find({}, { sort: { deletedAt: 1 }, limit })) {
      // The rest of the data may be what failed last time.
      await this.removeData(pending._id);
      if (await this.announce(pending._id)) sent += 1;
    }
    return sent;
  }

  /** Publishes the event and clears the outbox entry; false (logged) when publishing failed. */
  private async announce(sub: string): Promise<boolean> {
    if (!this.publish) return false;
    try {
      await this.publish(sub);
    } catch (err) {
      this.log.warn({ err, sub }, 'announcing an account deletion failed; the sweeper retries');
      return false;
    }
    await this.outbox.deleteOne({ _id: sub });
    return true;
  }
}
