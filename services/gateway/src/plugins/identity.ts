import cookie from '@fastify/cookie';
import { newId } from '@mediakit/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Who a request acts for. Everything a caller creates belongs to `id`. */
export interface Owner {
  id: string;
  isGuest: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, or null for a read by a visitor who never wrote anything (they own nothing). */
    owner: Owner | null;
  }
}

export const GUEST_COOKIE = 'mk_guest';
const GUEST_MAX_AGE_S = 30 * 24 * 3600;
/** newId(): 16 random bytes in base64url, without padding. */
const GUEST_ID = /^[A-Za-z0-9_-]{22}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Anonymous identity (API.md "Identity"): the first write gives the visitor a random guest id in an
 * httpOnly cookie, and what they create belongs to `guest:<id>`. Reads never mint an id, so a
 * visitor who has written nothing sees nothing, and crawlers do not get cookies.
 *
 * Seam for signed-in users (the auth issue): verify `Authorization: Bearer <token>` against the
 * issuer's JWKS here, before the cookie, and set `{ id: <sub>, isGuest: false }`. Until then bearer
 * tokens are ignored and every caller is a guest.
 */
export const identityPlugin = fp(
  async function identity(app: FastifyInstance) {
    await app.register(cookie);
    app.decorateRequest('owner', null);
    app.addHook('onRequest', async (request, reply) => {
      request.owner =
        guestFromCookie(request) ?? (WRITES.has(request.method) ? newGuest(request, reply) : null);
    });
  },
  { name: 'mediakit-identity' },
);

function guestFromCookie(request: FastifyRequest): Owner | null {
  const value = request.cookies[GUEST_COOKIE];
  // A cookie that is not one of ours (forged, truncated, from an old format) is treated as absent.
  return value && GUEST_ID.test(value) ? { id: `guest:${value}`, isGuest: true } : null;
}

function newGuest(request: FastifyRequest, reply: FastifyReply): Owner {
  const id = newId();
  reply.setCookie(GUEST_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // request.protocol honours X-Forwarded-Proto only when the app was built with trustProxy.
    secure: request.protocol === 'https',
    maxAge: GUEST_MAX_AGE_S,
  });
  return { id: `guest:${id}`, isGuest: true };
}
