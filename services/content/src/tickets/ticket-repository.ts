import { type Collection, clampLimit, type Filter, pageQuery, toPage } from '@mediakit/kit';
import type { TicketDoc, TicketMessageDoc, TicketStatus } from './ticket.ts';

/** The `tickets` collection (threads embedded), in MongoDB's query language for both stores. */
export class TicketRepository {
  readonly #tickets: Collection<TicketDoc>;

  constructor(tickets: Collection<TicketDoc>) {
    this.#tickets = tickets;
  }

  async ensureIndexes(): Promise<void> {
    await this.#tickets.createIndex({ ownerId: 1, createdAt: -1, _id: -1 }); // a user's tickets, newest first
    await this.#tickets.createIndex({ createdAt: -1, _id: -1 }); // staff's list of all
  }

  insert(doc: TicketDoc): Promise<void> {
    return this.#tickets.insertOne(doc);
  }

  findById(id: string): Promise<TicketDoc | null> {
    return this.#tickets.findOne({ _id: id });
  }

  /** Newest first; `ownerId` narrows to one owner's (absent: every ticket, for staff). */
  async page(query: {
    ownerId?: string;
    status?: TicketStatus;
    cursor?: string;
    limit?: number;
  }): Promise<{ items: TicketDoc[]; nextCursor: string | null }> {
    const limit = clampLimit(query.limit);
    const { filter: after, sort } = pageQuery(query.cursor);
    const filter: Filter = { ...after };
    if (query.ownerId) filter.ownerId = query.ownerId;
    if (query.status) filter.status = query.status;
    return toPage(await this.#tickets.find(filter, { sort, limit: limit + 1 }), limit);
  }

  /** Appends a message, unless the ticket is closed or full; null when it was not appended. */
  addMessage(id: string, message: TicketMessageDoc, maxMessages: number): Promise<TicketDoc | null> {
    return this.#tickets.updateOne(
      // The conditions make "closed" and "full" race-free: a concurrent close wins cleanly.
      { _id: id, status: 'open', [`messages.${maxMessages - 1}`]: { $exists: false } },
      {
        $push: { messages: message },
        $set: { updatedAt: message.createdAt, lastMessageAt: message.createdAt },
      },
    );
  }

  setStatus(id: string, status: TicketStatus, now: string): Promise<TicketDoc | null> {
    return this.#tickets.updateOne({ _id: id }, { $set: { status, updatedAt: now } });
  }

  /** Removes every ticket of an owner (their account was deleted); returns how many went. */
  deleteByOwner(ownerId: string): Promise<number> {
    return this.#tickets.deleteMany({ ownerId });
  }
}
