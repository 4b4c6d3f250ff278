import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { contentV1 } from '@mediakit/proto';
import { type Static, Type } from 'typebox';
import { contentCaller } from '../content-caller.ts';
import type { ContentApiClient } from '../deps.ts';
import { requireUser } from '../plugins/identity.ts';
import { DEFAULT_LIMIT, IdParams, Page, PageQuery } from '../schemas.ts';

export interface TicketsRoutesOptions {
  content: ContentApiClient;
}

const TicketStatus = Type.Union([Type.Literal('open'), Type.Literal('closed')]);

export const TicketMessage = Type.Object({
  id: Type.String(),
  /** user: the ticket's owner (or the contact form's sender); staff: Mediakit support. */
  author: Type.String(),
  authorName: Type.String(),
  message: Type.String(),
  createdAt: Type.String(),
});

export const TicketSummary = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  status: Type.String(),
  /** contact: sent through the contact form; account: raised by a signed-in user. */
  source: Type.String(),
  email: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  lastMessageAt: Type.String(),
  messageCount: Type.Integer(),
});

export const Ticket = Type.Object({ ...TicketSummary.properties, messages: Type.Array(TicketMessage) });

export function toTicketSummary(ticket: contentV1.Ticket): Static<typeof TicketSummary> {
  return {
    id: ticket.id,
    subject: ticket.subject,
    status: ticket.status,
    source: ticket.source,
    email: ticket.email,
    name: ticket.name,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    lastMessageAt: ticket.lastMessageAt,
    messageCount: ticket.messageCount,
  };
}

const toMessage = (message: contentV1.TicketMessage): Static<typeof TicketMessage> => ({
  id: message.id,
  author: message.author,
  authorName: message.authorName,
  message: message.message,
  createdAt: message.createdAt,
});

const toTicket = (ticket: contentV1.Ticket): Static<typeof Ticket> => ({
  ...toTicketSummary(ticket),
  messages: ticket.messages.map(toMessage),
});

const Message = Type.String({ maxLength: 20_000 });
const tags = ['support'];

/**
 * Support tickets (docs/api.md "Content and support"), for signed-in users: guests get 401. A ticket is
 * its owner's, and staff's (role admin, who may also list every ticket with `?all=true`); to
 * anyone else it answers 404.
 */
export const ticketsRoutes: FastifyPluginAsyncTypebox<TicketsRoutesOptions> = async (app, { content }) => {
  app.get(
    '/tickets',
    {
      config: { scope: { session: 'use support tickets' } },
      schema: {
        tags,
        summary: "List the caller's tickets (staff: every ticket with all=true)",
        querystring: Type.Object({
          status: Type.Optional(TicketStatus),
          /** Staff only: every ticket, not only the caller's own. */
          all: Type.Optional(Type.Boolean()),
          ...PageQuery,
        }),
        response: { 200: Page(TicketSummary) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { status, all, cursor, limit } = request.query;
      const page = await content.listTickets({
        caller: contentCaller(user),
        status: status ?? '',
        all: all ?? false,
        cursor: cursor ?? '',
        limit: limit ?? DEFAULT_LIMIT,
      });
      return { items: page.items.map(toTicketSummary), nextCursor: page.nextCursor || null };
    },
  );

  app.post(
    '/tickets',
    {
      config: { scope: { session: 'use support tickets' } },
      schema: {
        tags,
        summary: 'Open a ticket',
        body: Type.Object({ subject: Type.String({ maxLength: 1000 }), message: Message }),
        response: { 201: Ticket },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const ticket = await content.createTicket({ caller: contentCaller(user), ...request.body });
      return reply.code(201).send(toTicket(ticket));
    },
  );

  const getTicket = {
    tags,
    summary: 'Get a ticket with its messages',
    params: IdParams,
    response: { 200: Ticket },
  };
  app.get(
    '/tickets/:id',
    { schema: getTicket, config: { scope: { session: 'use support tickets' } } },
    async (request) => {
      const user = requireUser(request);
      return toTicket(await content.getTicket({ caller: contentCaller(user), id: request.params.id }));
    },
  );

  app.post(
    '/tickets/:id/messages',
    {
      config: { scope: { session: 'use support tickets' } },
      schema: {
        tags,
        summary: 'Add a message to a ticket',
        params: IdParams,
        body: Type.Object({ message: Message }),
        response: { 201: TicketMessage },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const message = await content.addTicketMessage({
        caller: contentCaller(user),
        id: request.params.id,
        message: request.body.message,
      });
      return reply.code(201).send(toMessage(message));
    },
  );

  app.patch(
    '/tickets/:id',
    {
      config: { scope: { session: 'use support tickets' } },
      schema: {
        tags,
        summary: 'Close or reopen a ticket',
        params: IdParams,
        body: Type.Object({ status: TicketStatus }),
        response: { 200: Ticket },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return toTicket(
        await content.setTicketStatus({
          caller: contentCaller(user),
          id: request.params.id,
          status: request.body.status,
        }),
      );
    },
  );
};
