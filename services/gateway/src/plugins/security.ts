import rateLimit from '@fastify/rate-limit';
import { ApiError } from '@mediakit/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Requests per minute per caller on every route. */
  perMinute: number;
  /** `<PUBLIC_URL>`: when it is https, every answer carries HSTS. */
  publicUrl?: string | undefined;
  timeouts?: ServerTimeouts | undefined;
}

/** Time limits of the gateway's HTTP server: what a slow or stalled client may hold. */
export interface ServerTimeouts {
  /** A client must send its request headers within this time (slowloris). */
  headersMs: number;
  /** A connection with no byte in either direction for this long is closed (a stalled upload or an
   * idle socket). Server-sent events send a comment every 15 s, so they stay open. */
  idleMs: number;
  /** The whole request, body included, must arrive within this time: the largest upload must fit. */
  requestMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 20_000, idleMs: 120_000, requestMs: 3_600_000 };

/** One year, the value the HSTS preload list asks for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers and rate limits for everything the gateway answers, API and pages alike.
 * There is deliberately no CORS: the web app is served from the same origin, and a browser on any
 * other origin must not be able to read the API with the visitor's guest cookie.
 */
export const securityPlugin = fp(
  async function security(app: FastifyInstance, options: SecurityOptions) {
    // helmet's middleware is built once: its headers depend on nothing in the request.
    // (@fastify/helmet builds it anew for every request, CSP parsing included.)
    const applyHelmet = helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          // Self-hosted installs are often plain HTTP on a LAN, where upgrading requests breaks the app.
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The same rule as frame-ancestors 'none', for browsers that predate CSP level 2.
      xFrameOptions: { action: 'deny' },
      // Sent below, only over TLS: on a plain-HTTP install it would promise something untrue.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) =>
      applyHelmet(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );

    // TLS is at the gateway (PUBLIC_URL https) or at the proxy in front, which says so with
    // X-Forwarded-Proto; Fastify believes that header only with TRUST_PROXY.
    const alwaysTls = options.publicUrl?.startsWith('https://') ?? false;
    app.addHook('onRequest', async (request, reply) => {
      if (alwaysTls || request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    });

    // CORS stays closed even for what the gateway relays: the tus server of the files service
    // answers `Access-Control-Allow-Origin: *` on its own, and the web app never needs CORS.
    app.addHook('onSend', async (_request, reply, payload) => {
      for (const name of Object.keys(reply.getHeaders()))
        if (name.toLowerCase().startsWith('access-control-')) reply.removeHeader(name);
      return payload;
    });

    const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
    app.server.headersTimeout = timeouts.headersMs;
    app.server.requestTimeout = timeouts.requestMs;
    app.server.setTimeout(timeouts.idleMs);

    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: 60_000,
      keyGenerator: rateLimitKey,
      // The IETF draft's RateLimit-Limit, -Remaining and -Reset on every limited answer (not the
      // X-RateLimit-* ones), and Retry-After on a 429: what API clients and their libraries read.
      enableDraftSpec: true,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, 'rate_limited', `Too many requests. Please wait ${context.after} and try again.`),
    });
  },
  { name: 'mediakit-security' },
);

/**
 * Signed-in callers are limited per account. Guests are limited per address: a guest id is free to
 * mint (drop the cookie, get a new one), so keying on it would be no limit at all.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const owner = request.owner;
  return owner && !owner.isGuest ? owner.id : `ip:${request.ip}`;
}
