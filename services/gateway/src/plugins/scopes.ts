import { ApiError, type ApiKeyScope } from '@mediakit/kit';
import type { FastifyRequest } from 'fastify';

/**
 * What a route asks of an API key (docs/api.md "API keys and scopes"). Every route declares one
 * (`config: { scope }`; routes.test.ts walks them all):
 * - a scope: a key needs it; sessions and guests are not affected (they keep their full access);
 * - `public`: anyone, a key with any scope too (the catalog, the blog, health, signing in);
 * - `{ session: '<what>' }`: never with a key (the account, its keys, payments, tickets, admin):
 *   "API keys cannot <what>; sign in to the web app".
 */
export type RouteScope = ApiKeyScope | 'public' | { session: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    scope?: RouteScope;
  }
}

/** 403 unless the caller (an API key with these scopes) may use the route it reached. */
export function checkKeyScope(request: FastifyRequest, scopes: readonly string[]): void {
  const needed = request.routeOptions.config?.scope;
  // A request no route matched (the 404 handler) declares nothing and reaches nothing.
  if (needed === undefined || needed === 'public') return;
  if (typeof needed === 'object') {
    throw new ApiError(403, 'forbidden', `API keys cannot ${needed.session}; sign in to the web app.`);
  }
  if (!scopes.includes(needed)) throw insufficientScope(needed);
}

export const insufficientScope = (scope: ApiKeyScope) =>
  new ApiError(
    403,
    'insufficient_scope',
    `This API key lacks the ${scope} scope. Create a key with it in Dashboard → API keys.`,
  );
