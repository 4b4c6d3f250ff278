import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '@mediakit/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Requests per minute per caller on every route. */
  perMinute: number;
}

/**
 * Security headers and rate limits for everything the gateway answers, API and pages alike.
 * There is deliberately no CORS: the web app is served from the same origin, and a browser on any
 * other origin must not be able to read the API with the visitor's guest cookie.
 */
export const securityPlugin = fp(
  async function security(app: FastifyInstance, options: SecurityOptions) {
    await app.register(helmet, {
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
    });

    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: 60_000,
      keyGenerator: rateLimitKey,
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
