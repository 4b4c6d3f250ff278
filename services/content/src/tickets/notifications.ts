import type { MailMessage } from '@mediakit/kit';
import type { TicketDoc } from './ticket.ts';

/**
 * The emails support sends. The contact confirmation goes to an address anyone can type into a
 * public form, so it repeats nothing the sender wrote (no name, subject or message): the form cannot
 * be used to send someone else a text of the sender's choosing under our name.
 */
export function contactConfirmation(ticket: TicketDoc): MailMessage {
  return {
    to: ticket.email,
    subject: 'We received your message',
    text: [
      'Hello,',
      '',
      `we received the message sent through the Mediakit contact form on ${ticket.createdAt.slice(0, 10)} and will answer at this address.`,
      '',
      `Reference: ${ticket._id}`,
      '',
      'If you did not write to us, someone typed your address by mistake: you can ignore this email.',
      '',
      '— Mediakit support',
    ].join('\n'),
  };
}

/** A staff reply, sent to the ticket's owner (their own text comes back only to themselves). */
export function staffReplyNotice(ticket: TicketDoc, to: string, reply: string): MailMessage {
  return {
    to,
    subject: `Re: ${ticket.subject}`,
    text: [
      'Hello,',
      '',
      `Mediakit support answered your ticket "${ticket.subject}":`,
      '',
      reply
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
      '',
      ticket.source === 'account'
        ? 'You can read the whole conversation and reply under Support in your dashboard.'
        : `To add something, write to us again through the contact form and mention the reference ${ticket._id}.`,
      '',
      '— Mediakit support',
    ].join('\n'),
  };
}
