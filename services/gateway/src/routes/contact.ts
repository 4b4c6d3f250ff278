import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { contentCaller } from '../content-caller.ts';
import type { ContentApiClient } from '../deps.ts';
import { TicketSummary, toTicketSummary } from './tickets.ts';

export interface ContactRoutesOptions {
  content: ContentApiClient;
  /** Contact messages per client address and hour. */
  perHour: number;
}

/**
 * Types and generous caps only: the content service checks the rules and names every bad field
 * in one 400, so a form can mark them all at once.
 */
const ContactBody = Type.Object({
  name: Type.String({ maxLength: 1000 }),
  email: Type.String({ maxLength: 1000 }),
  subject: Type.Optional(Type.String({ maxLength: 1000 })),
  message: Type.String({ maxLength: 20_000 }),
});

/**
 * `POST /contact` (docs/api.md "Content and support"): anyone may write, signed in or not; the message
 * becomes a ticket and the sender gets a confirmation email. Limited per client address (not per
 * guest cookie, which costs nothing to replace), because each message sends an email.
 */
export const contactRoutes: FastifyPluginAsyncTypebox<ContactRoutesOptions> = async (
  app,
  { content, perHour },
) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['support'],
        summary: 'Write to support (anyone; the answer comes by email)',
        body: ContactBody,
        response: { 201: TicketSummary },
      },
      config: {
        scope: 'public',
        rateLimit: {
          max: perHour,
          timeWindow: 3_600_000,
          keyGenerator: (request) => `contact:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const { name, email, subject, message } = request.body;
      const ticket = await content.submitContact({
        caller: contentCaller(request.owner),
        name,
        email,
        subject: subject ?? '',
        message,
      });
      return reply.code(201).send(toTicketSummary(ticket));
    },
  );
};
