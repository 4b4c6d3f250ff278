import type { contentV1 } from '@mediakit/proto';

export type TicketStatus = 'open' | 'closed';
export const TICKET_STATUSES: readonly TicketStatus[] = ['open', 'closed'];

export interface TicketMessageDoc {
  id: string;
  author: 'user' | 'staff';
  message: string;
  createdAt: string;
}

/** A support ticket with its whole thread, as stored in the `tickets` collection. */
export interface TicketDoc {
  _id: string;
  /** `user:<sub>` of the account it belongs to; absent for a contact message sent while signed out. */
  ownerId?: string;
  source: 'contact' | 'account';
  subject: string;
  status: TicketStatus;
  /** Where staff replies are announced when the ticket has no owner (and shown to staff). */
  email: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  lastMessageAt: string;
  messages: TicketMessageDoc[];
}

export const STAFF_NAME = 'Mediakit support';

export function toMessageProto(ticket: TicketDoc, message: TicketMessageDoc): contentV1.TicketMessage {
  return {
    id: message.id,
    author: message.author,
    authorName: message.author === 'staff' ? STAFF_NAME : ticket.name,
    message: message.message,
    createdAt: message.createdAt,
  };
}

/** The wire form; `withThread` adds the messages (single-ticket reads). */
export function toProto(ticket: TicketDoc, withThread: boolean): contentV1.Ticket {
  return {
    id: ticket._id,
    subject: ticket.subject,
    status: ticket.status,
    source: ticket.source,
    email: ticket.email,
    name: ticket.name,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    lastMessageAt: ticket.lastMessageAt,
    messageCount: ticket.messages.length,
    messages: withThread ? ticket.messages.map((m) => toMessageProto(ticket, m)) : [],
  };
}
