import type { AsyncService } from '@mediakit/kit';
import type { contentV1 } from '@mediakit/proto';
import { toProto as articleToProto } from './articles/article.ts';
import type { ArticleService } from './articles/article-service.ts';
import { callerOf } from './caller.ts';
import { toProto as ticketToProto, toMessageProto } from './tickets/ticket.ts';
import type { TicketService } from './tickets/ticket-service.ts';

/** The RPCs of ContentServiceServer without grpc-js's index signature (see kit's AsyncService). */
export type ContentRpcs = {
  [K in keyof contentV1.ContentServiceServer as string extends K
    ? never
    : K]: contentV1.ContentServiceServer[K];
};

/** ContentService over gRPC: requests in, the services' answers out; errors are their ApiErrors. */
export function contentGrpcHandlers(deps: {
  articles: ArticleService;
  tickets: TicketService;
}): AsyncService<ContentRpcs> {
  const { articles, tickets } = deps;
  return {
    async listArticles(request) {
      const page = await articles.list(callerOf(request.caller), {
        q: request.q,
        status: request.status,
        cursor: request.cursor || undefined,
        limit: request.limit,
      });
      return {
        items: page.items.map((doc) => articleToProto(doc, false)),
        nextCursor: page.nextCursor ?? '',
      };
    },
    getArticle: async (request) =>
      articleToProto(await articles.get(callerOf(request.caller), request.slug), true),
    createArticle: async (request) =>
      articleToProto(await articles.create(callerOf(request.caller), request.fields ?? emptyFields()), true),
    updateArticle: async (request) =>
      articleToProto(
        await articles.update(callerOf(request.caller), request.slug, request.fields ?? emptyFields()),
        true,
      ),
    async deleteArticle(request) {
      await articles.remove(callerOf(request.caller), request.slug);
      return {};
    },

    submitContact: async (request) =>
      ticketToProto(await tickets.submitContact(callerOf(request.caller), request), false),
    createTicket: async (request) =>
      ticketToProto(await tickets.create(callerOf(request.caller), request), true),
    async listTickets(request) {
      const page = await tickets.list(callerOf(request.caller), {
        status: request.status,
        all: request.all,
        cursor: request.cursor || undefined,
        limit: request.limit,
      });
      return { items: page.items.map((doc) => ticketToProto(doc, false)), nextCursor: page.nextCursor ?? '' };
    },
    getTicket: async (request) =>
      ticketToProto(await tickets.get(callerOf(request.caller), request.id), true),
    async addTicketMessage(request) {
      const { ticket, message } = await tickets.addMessage(
        callerOf(request.caller),
        request.id,
        request.message,
      );
      return toMessageProto(ticket, message);
    },
    setTicketStatus: async (request) =>
      ticketToProto(await tickets.setStatus(callerOf(request.caller), request.id, request.status), true),
  };
}

const emptyFields = (): contentV1.ArticleFields => ({ setKeywords: false, keywords: [] });
