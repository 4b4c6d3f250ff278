import { ApiError, badRequest, conflict, type Logger, type MailSender, newId, notFound } from '@mediakit/kit';
import { type Caller, isSignedIn, isStaff, requireSignedIn } from '../caller.ts';
import { contactConfirmation, staffReplyNotice } from './notifications.ts';
import { TICKET_STATUSES, type TicketDoc, type TicketMessageDoc, type TicketStatus } from './ticket.ts';
import { type ContactInput, checkContact, checkMessage, checkNewTicket } from './ticket-input.ts';
import type { TicketRepository } from './ticket-repository.ts';

/** A thread longer than this is a new ticket's job (and keeps one document well under any size limit). */
export const MAX_MESSAGES = 200;

/** What support needs to know about a user: where to write to them. */
export interface UserDirectory {
  /** The account's email and name, or null when the account no longer exists. */
  find(sub: string): Promise<{ email: string; name: string } | null>;
}

/**
 * Support: contact messages and tickets. A ticket is its owner's and staff's (role admin) only:
 * to anyone else it does not exist (404, never 403). Staff replies are announced to the owner by
 * email; an email that cannot be sent is logged and never loses the message itself.
 */
export class TicketService {
  readonly #tickets: TicketRepository;
  readonly #mail: MailSender;
  readonly #users: UserDirectory;
  readonly #log: Logger;
  readonly #now: () => Date;

  constructor(deps: {
    tickets: TicketRepository;
    mail: MailSender;
    users: UserDirectory;
    log: Logger;
    now?: () => Date;
  }) {
    this.#tickets = deps.tickets;
    this.#mail = deps.mail;
    this.#users = deps.users;
    this.#log = deps.log;
    this.#now = deps.now ?? (() => new Date());
  }

  /** The public contact form. A signed-in sender also owns the ticket, so they can follow it. */
  async submitContact(caller: Caller, input: ContactInput): Promise<TicketDoc> {
    const form = checkContact(input);
    const now = this.#now().toISOString();
    const ticket: TicketDoc = {
      _id: newId(),
      source: 'contact',
      subject: form.subject || 'Message from the contact form',
      status: 'open',
      email: form.email,
      name: form.name,
      createdAt: now,
      updatedAt: now,
      lastMessageAt: now,
      messages: [{ id: newId(), author: 'user', message: form.message, createdAt: now }],
    };
    if (isSignedIn(caller)) ticket.ownerId = caller.ownerId;
    await this.#tickets.insert(ticket);
    this.#log.info({ ticket: ticket._id }, 'contact message received');
    await this.#send(contactConfirmation(ticket), ticket._id);
    return ticket;
  }

  async create(caller: Caller, input: { subject: string; message: string }): Promise<TicketDoc> {
    requireSignedIn(caller);
    const form = checkNewTicket(input);
    const user = await this.#users.find(caller.sub);
    if (!user) throw sessionEnded();
    const now = this.#now().toISOString();
    const ticket: TicketDoc = {
      _id: newId(),
      ownerId: caller.ownerId,
      source: 'account',
      subject: form.subject,
      status: 'open',
      email: user.email,
      name: user.name,
      createdAt: now,
      updatedAt: now,
      lastMessageAt: now,
      messages: [{ id: newId(), author: 'user', message: form.message, createdAt: now }],
    };
    await this.#tickets.insert(ticket);
    this.#log.info({ ticket: ticket._id }, 'ticket opened');
    return ticket;
  }

  /** The caller's tickets, or with `all` every ticket (staff only), newest first. */
  async list(
    caller: Caller,
    query: { status?: string; all?: boolean; cursor?: string; limit?: number },
  ): Promise<{ items: TicketDoc[]; nextCursor: string | null }> {
    requireSignedIn(caller);
    if (query.all && !isStaff(caller))
      throw new ApiError(403, 'forbidden', 'Only support staff can list every ticket.');
    return this.#tickets.page({
      ownerId: query.all ? undefined : caller.ownerId,
      status: ticketStatus(query.status, true),
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  async get(caller: Caller, id: string): Promise<TicketDoc> {
    requireSignedIn(caller);
    const ticket = id ? await this.#tickets.findById(id) : null;
    if (!ticket || (ticket.ownerId !== caller.ownerId && !isStaff(caller))) throw notFound(`Ticket ${id}`);
    return ticket;
  }

  /** Adds to the thread. Staff writing on someone else's ticket reply as staff, and the owner hears of it. */
  async addMessage(
    caller: Caller,
    id: string,
    text: string,
  ): Promise<{ ticket: TicketDoc; message: TicketMessageDoc }> {
    const ticket = await this.get(caller, id);
    const body = checkMessage(text);
    if (ticket.status === 'closed') throw conflict('This ticket is closed: reopen it to add a message.');
    const asStaff = ticket.ownerId !== caller.ownerId;
    const message: TicketMessageDoc = {
      id: newId(),
      author: asStaff ? 'staff' : 'user',
      message: body,
      createdAt: this.#now().toISOString(),
    };
    const updated = await this.#tickets.addMessage(ticket._id, message, MAX_MESSAGES);
    if (!updated) {
      const now = await this.#tickets.findById(ticket._id);
      if (!now) throw notFound(`Ticket ${id}`);
      if (now.status === 'closed') throw conflict('This ticket is closed: reopen it to add a message.');
      throw conflict(`This ticket has reached ${MAX_MESSAGES} messages: please open a new ticket to go on.`);
    }
    if (asStaff) await this.#notifyOwner(updated, body);
    return { ticket: updated, message };
  }

  /** Closes or reopens; the owner and staff may. Setting the status it already has is fine. */
  async setStatus(caller: Caller, id: string, status: string): Promise<TicketDoc> {
    const ticket = await this.get(caller, id);
    const wanted = ticketStatus(status, false) as TicketStatus;
    if (ticket.status === wanted) return ticket;
    const updated = await this.#tickets.setStatus(ticket._id, wanted, this.#now().toISOString());
    if (!updated) throw notFound(`Ticket ${id}`);
    return updated;
  }

  /** The account `sub` was deleted: its tickets go with it. Idempotent. */
  async deleteOwner(sub: string): Promise<number> {
    const deleted = await this.#tickets.deleteByOwner(`user:${sub}`);
    this.#log.info({ deleted }, 'tickets of a deleted account removed');
    return deleted;
  }

  async #notifyOwner(ticket: TicketDoc, reply: string): Promise<void> {
    let to = ticket.email;
    // An account's current address, in case it changed since the ticket was opened.
    const sub = ticket.ownerId?.startsWith('user:') ? ticket.ownerId.slice(5) : undefined;
    if (sub) {
      try {
        to = (await this.#users.find(sub))?.email ?? to;
      } catch (error) {
        this.#log.warn(
          { err: error, ticket: ticket._id },
          'could not look up the ticket owner; using the stored address',
        );
      }
    }
    await this.#send(staffReplyNotice(ticket, to, reply), ticket._id);
  }

  async #send(mail: Parameters<MailSender['send']>[0], ticket: string): Promise<void> {
    try {
      await this.#mail.send(mail);
    } catch (error) {
      this.#log.error({ err: error, ticket }, 'could not send a support email; the ticket is saved');
    }
  }
}

function ticketStatus(status: string | undefined, allowEmpty: boolean): TicketStatus | undefined {
  if (!status && allowEmpty) return undefined;
  if ((TICKET_STATUSES as readonly string[]).includes(status ?? '')) return status as TicketStatus;
  throw badRequest(`status must be one of ${TICKET_STATUSES.join(', ')}.`, [
    { field: 'status', message: 'unknown status' },
  ]);
}

const sessionEnded = () =>
  new ApiError(401, 'unauthorized', 'Your session has expired or is not valid. Please sign in again.');
