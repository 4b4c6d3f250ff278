import { httpRequestDurationSeconds } from './definitions.ts';

/**
 * Times one finished request of a Fastify app by its route pattern (`/api/v1/jobs/:id`, never
 * the raw URL), so the label stays bounded; requests no route matched share `unmatched`. Call it
 * from an `onResponse` hook. Typed by the fields it reads, so any Fastify instance's request fits.
 */
export function observeHttpRequest(
  request: { method: string; routeOptions: { url?: string } },
  reply: { statusCode: number; elapsedTime: number },
): void {
  httpRequestDurationSeconds.observe(
    {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    },
    reply.elapsedTime / 1000,
  );
}
