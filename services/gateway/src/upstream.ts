import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '@mediakit/kit';
import type { FastifyReply } from 'fastify';
import type { PlanLimits } from './plans.ts';
import type { Owner } from './plugins/identity.ts';

/**
 * Helpers for the files service's internal HTTP API, where upload and download bytes stream
 * through the gateway. That service trusts `x-mk-*` headers for who the caller is and what they
 * may upload, so those are only ever set here, never passed on from the client.
 */
export type TrustedHeaders = Record<`x-mk-${string}`, string>;

export function trustedHeaders(owner: Owner | null, limits?: PlanLimits): TrustedHeaders {
  const headers: TrustedHeaders = {};
  if (owner) headers['x-mk-owner'] = owner.id;
  if (limits) {
    headers['x-mk-max-bytes'] = String(limits.maxFileBytes);
    headers['x-mk-retention-hours'] = String(limits.retentionHours);
  }
  return headers;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the forwarding header only the gateway may set. */
export const HOP_BY_HOP_REQUEST = [
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'upgrade',
  'forwarded',
] as const;

/** What a service behind the gateway never sees: hop-by-hop headers and the caller's credentials. */
const DROP_REQUEST = new Set<string>([...HOP_BY_HOP_REQUEST, 'cookie', 'authorization']);

/** The client's headers minus credentials, hop-by-hop and any forged trusted header; plus ours. */
export function forwardHeaders(incoming: IncomingHttpHeaders, trusted: TrustedHeaders): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    const lower = name.toLowerCase();
    if (DROP_REQUEST.has(lower) || lower.startsWith('x-mk-') || lower.startsWith('x-forwarded-')) continue;
    headers[lower] = value;
  }
  return { ...headers, ...trusted };
}

const DROP_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);

/**
 * The files service's response headers as the browser should see them. An absolute tus `Location`
 * can only point at the files service itself, an internal address: it becomes a path, which the
 * browser resolves against the gateway, where the same path leads to the same upload.
 */
export function responseHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!DROP_RESPONSE.has(name.toLowerCase())) out[name] = value;
  }
  const location = out.location;
  if (typeof location === 'string' && URL.canParse(location)) {
    const url = new URL(location);
    out.location = url.pathname + url.search;
  }
  return out;
}

export function filesUnavailable(): ApiError {
  return new ApiError(
    503,
    'service_unavailable',
    'The file service did not answer. Please try again in a moment.',
  );
}

/**
 * Streams this request to the files service and its answer back, both ways without buffering.
 * Only `query` is passed on, never the client's own query string.
 */
export function forward(
  reply: FastifyReply,
  options: { path: string; trusted: TrustedHeaders; query?: string },
): FastifyReply {
  return reply.from(options.path, {
    queryString: () => options.query ?? '',
    // reply-from has already removed the headers the client's Connection header named.
    rewriteRequestHeaders: (_request, headers) =>
      forwardHeaders(headers as IncomingHttpHeaders, options.trusted),
    rewriteHeaders: (headers) => responseHeaders(headers as IncomingHttpHeaders),
    // Uploads cannot be replayed and downloads should fail fast: no retries.
    retryDelay: () => null,
    onError: (res, { error }) => {
      res.request.log.warn({ err: error }, 'files service request failed');
      res.send(filesUnavailable());
    },
  });
}

/** The files service answered with an error: pass on its API error body, or a 502 if it has none. */
export function errorFromUpstream(status: number, payload: unknown): ApiError {
  const body = (payload ?? {}) as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
    error_log?: unknown;
  };
  if (typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiError(status, body.code, body.message, {
      details: Array.isArray(body.details) ? body.details : undefined,
      errorLog: typeof body.error_log === 'string' ? body.error_log : undefined,
    });
  }
  return new ApiError(
    502,
    'bad_gateway',
    'The file service gave an answer the gateway does not understand. Please try again.',
  );
}
