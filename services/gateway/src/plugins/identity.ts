import cookie from '@fastify/cookie';
import { API_KEY_PREFIX, ApiError, type ApiKeyScope, newId } from '@mediakit/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AccessTokenVerifier, bearerToken, sessionInvalid } from '../access-tokens.ts';
import type { GuestClaims } from '../guest-claims.ts';
import { checkKeyScope } from './scopes.ts';

export interface GuestOwner {
  id: string;
  isGuest: true;
}
export interface UserOwner {
  /** `user:<sub>`, so a user id can never collide with a guest id. */
  id: string;
  isGuest: false;
  sub: string;
  roles: string[];
  /** Set when the caller is an API key: what it may do (plugins/scopes.ts). A session has no limit. */
  scopes?: ApiKeyScope[];
}
/** Who a request acts for. Everything a caller creates belongs to `id`. */
export type Owner = GuestOwner | UserOwner;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, or null for a read by a visitor who never wrote anything (they own nothing). */
    owner: Owner | null;
  }
  interface FastifyContextConfig {
    /**
     * The route authenticates by what its body carries (a password, a refresh token) and acts for
     * no owner: a bearer is not checked there, so a stale access token can never stand between a
     * user and a new one, and no guest id is minted for signing in.
     */
    credentialsInBody?: boolean;
  }
}

/** Checks an API key's secret (the auth service's VerifyApiKey); rejects with a 401 for a bad one. */
export type ApiKeyVerifier = (secret: string) => Promise<{ sub: string; roles: string[]; scopes: string[] }>;

export interface IdentityOptions {
  tokens: AccessTokenVerifier;
  apiKeys: ApiKeyVerifier;
  claims: GuestClaims;
}

export const GUEST_COOKIE = 'mk_guest';
const GUEST_MAX_AGE_S = 30 * 24 * 3600;
/** newId(): 16 random bytes in base64url, without padding. */
const GUEST_ID = /^[A-Za-z0-9_-]{22}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who is calling (docs/api.md "Conventions"):
 * - `Authorization: Bearer <access token>`: the token is verified against the issuer's JWKS and the
 *   caller is `user:<sub>` with the token's roles. A bad, expired or malformed token answers 401 and
 *   never falls back to guest, so a client always learns that its session ended.
 * - `Authorization: Bearer mk_...`: an API key, checked by the auth service on every request (so a
 *   revoke works at once); the caller is its owner with the owner's roles, limited to the key's
 *   scopes on each route (plugins/scopes.ts). A bad key answers 401 as a bad token does.
 * - otherwise an anonymous visitor: the first write gives them a random guest id in an httpOnly
 *   cookie, and what they create belongs to `guest:<id>`. Reads never mint an id, so a visitor who
 *   has written nothing sees nothing, and crawlers do not get cookies.
 * A request with both a valid token and a guest cookie moves the guest's files and jobs to the
 * account, then clears the cookie: a guest who signs in keeps what they made.
 */
export const identityPlugin = fp(
  async function identity(app: FastifyInstance, { tokens, apiKeys, claims }: IdentityOptions) {
    await app.register(cookie);
    app.decorateRequest('owner', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config?.credentialsInBody) {
        request.owner = null;
        return;
      }
      const authorization = request.headers.authorization;
      if (authorization !== undefined) {
        request.owner = await signedIn(request, reply, authorization);
        return;
      }
      request.owner =
        guestFromCookie(request) ?? (WRITES.has(request.method) ? newGuest(request, reply) : null);
    });

    async function signedIn(
      request: FastifyRequest,
      reply: FastifyReply,
      header: string,
    ): Promise<UserOwner> {
      const token = bearerToken(header);
      if (!token) throw sessionInvalid();
      if (token.startsWith(API_KEY_PREFIX)) return withApiKey(request, token);
      const { sub, roles } = await tokens.verify(token);
      const owner: UserOwner = { id: `user:${sub}`, isGuest: false, sub, roles };
      const guest = guestFromCookie(request);
      // Awaited so this very request already sees the guest's files; a failure only logs, and the
      // cookie stays for the next request to try again.
      if (guest && (await claims.claim(guest.id, owner.id, request.log))) {
        reply.clearCookie(GUEST_COOKIE, cookieOptions(request));
      }
      return owner;
    }

    /** A key acts for its owner within its scopes; it never claims a guest's work (that is a sign-in's). */
    async function withApiKey(request: FastifyRequest, secret: string): Promise<UserOwner> {
      const { sub, roles, scopes } = await apiKeys(secret);
      checkKeyScope(request, scopes);
      return { id: `user:${sub}`, isGuest: false, sub, roles, scopes: scopes as ApiKeyScope[] };
    }
  },
  { name: 'mediakit-identity' },
);

/** The signed-in caller, or a 401 for guests: for routes that only make sense with an account. */
export function requireUser(request: FastifyRequest): UserOwner {
  const owner = request.owner;
  if (owner && !owner.isGuest) return owner;
  throw new ApiError(401, 'unauthorized', 'Please sign in to use this.');
}

function guestFromCookie(request: FastifyRequest): GuestOwner | null {
  const value = request.cookies[GUEST_COOKIE];
  // A cookie that is not one of ours (forged, truncated, from an old format) is treated as absent.
  return value && GUEST_ID.test(value) ? { id: `guest:${value}`, isGuest: true } : null;
}

function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    // request.protocol honours X-Forwarded-Proto only when the app was built with trustProxy.
    secure: request.protocol === 'https',
  };
}

function newGuest(request: FastifyRequest, reply: FastifyReply): GuestOwner {
  const id = newId();
  reply.setCookie(GUEST_COOKIE, id, { ...cookieOptions(request), maxAge: GUEST_MAX_AGE_S });
  return { id: `guest:${id}`, isGuest: true };
}
