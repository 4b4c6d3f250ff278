import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { bearerToken } from '../access-tokens.ts';
import type { AuthClient } from '../deps.ts';
import { toUser } from '../mappers.ts';
import { requireUser } from '../plugins/identity.ts';
import { RefreshedTokens, Tokens, User } from '../schemas.ts';

export interface AuthRoutesOptions {
  auth: AuthClient;
  /** Sign-up, login and refresh per client address and minute. */
  authPerMinute: number;
  /** Writes per caller and minute, as on every other write (`POST /auth/guest`). */
  writesPerMinute: number;
}

const Email = Type.String({ minLength: 3, maxLength: 254 });
/** The auth service applies the password rules; this only bounds what is worth sending there. */
const Password = Type.String({ minLength: 1, maxLength: 1024 });
const RefreshToken = Type.String({ minLength: 1, maxLength: 4096 });

const SignupBody = Type.Object({
  email: Email,
  password: Password,
  name: Type.Optional(Type.String({ maxLength: 100 })),
});
const LoginBody = Type.Object({ email: Email, password: Password });
const RefreshBody = Type.Object({
  refresh_token: RefreshToken,
  /** The user's sub: a refresh token presented for anyone else is refused. */
  id: Type.String({ minLength: 1, maxLength: 255 }),
});
const LogoutBody = Type.Object({ refresh_token: RefreshToken });
const tags = ['accounts'];

/**
 * Accounts and the app session (docs/api.md "Accounts and sessions"); the auth service does the work.
 *
 * Why the session lives behind `POST /auth/refresh_token`: the web shell uses keycloak-js for
 * the OpenID Connect code flow, and keycloak-js decodes every refresh token as a JWT, while the
 * app's refresh tokens (like oidc-provider's) are opaque random strings, and must be, so that a
 * stolen database row cannot be replayed and a revoked token is dead at once. So keycloak-js
 * never holds a refresh token: the app keeps its own opaque one and renews the JWT access token
 * here, rotating the refresh token on every use (reusing a rotated one revokes the whole
 * session). The code flow, when it comes, ends by creating this same kind of session.
 *
 * These routes authenticate by their body, not by a bearer (`credentialsInBody`), and the ones
 * that take a password or a refresh token have a stricter rate limit per client address, because
 * they are what someone guessing passwords or tokens would hammer.
 */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (
  app,
  { auth, authPerMinute, writesPerMinute },
) => {
  // A fresh object per route: the rate-limit plugin keeps per-route state next to its config.
  const strict = () => ({
    scope: 'public' as const,
    credentialsInBody: true,
    rateLimit: {
      max: authPerMinute,
      timeWindow: 60_000,
      // Nobody is signed in yet on these routes, so the address is all there is to key on.
      keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`,
    },
  });

  // Tokens must never sit in a shared or browser cache (RFC 6749 §5.1).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account',
        body: SignupBody,
        response: { 201: Type.Object({ user: User }) },
      },
      config: strict(),
    },
    async (request, reply) => {
      const { email, password, name } = request.body;
      const user = await auth.signup({ email, password, name: name ?? '' });
      return reply.code(201).send({ user: toUser(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: LoginBody,
        response: { 200: Tokens },
      },
      config: strict(),
    },
    async (request) => {
      const tokens = await auth.login(request.body);
      return {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        id_token: tokens.idToken,
        expires_in: tokens.expiresIn,
        token_type: 'Bearer' as const,
      };
    },
  );

  app.post(
    '/auth/refresh_token',
    {
      schema: {
        tags,
        summary: 'Renew the access token (the refresh token rotates)',
        body: RefreshBody,
        response: { 200: RefreshedTokens },
      },
      config: strict(),
    },
    async (request) => {
      const { refresh_token, id } = request.body;
      const tokens = await auth.refreshToken({ refreshToken: refresh_token, id });
      return {
        access_token: tokens.accessToken,
        // Empty means "not given this time": the client keeps what it has.
        id_token: tokens.idToken || undefined,
        refresh_token: tokens.refreshToken || undefined,
        expires_in: tokens.expiresIn || undefined,
        token_type: 'Bearer' as const,
      };
    },
  );

  // The end of the built-in provider's code flow: the access token the browser just got from
  // /oidc/token (the bearer, verified like any other) becomes the app's own session, with the
  // rotating opaque refresh token keycloak-js cannot hold. The auth service accepts only a
  // provider token of the web client, minutes old, once (oidc/session-exchange.ts).
  app.post(
    '/auth/session',
    {
      schema: {
        tags,
        summary: 'Turn an access token of the built-in provider into an app session',
        response: { 200: Tokens },
      },
      config: {
        scope: { session: 'start a web session' },
        rateLimit: {
          max: authPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`,
        },
      },
    },
    async (request) => {
      requireUser(request);
      const accessToken = bearerToken(request.headers.authorization ?? '') ?? '';
      const tokens = await auth.createSessionFromToken({ accessToken });
      return {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        id_token: tokens.idToken,
        expires_in: tokens.expiresIn,
        token_type: 'Bearer' as const,
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: end the session',
        body: LogoutBody,
        response: { 204: Type.Null() },
      },
      config: { scope: 'public', credentialsInBody: true },
    },
    async (request, reply) => {
      await auth.logout({ refreshToken: request.body.refresh_token });
      return reply.code(204).send(null);
    },
  );

  // A guest owner before a batch of parallel writes: each write of a visitor without a cookie would
  // mint its own guest (identity.ts), and the browser keeps only the last cookie, so the files of
  // the others would belong to nobody it can name. The identity hook's first-write rule does the
  // work: no cookie and no bearer mints one; a valid cookie is kept; a bearer acts for the user.
  app.post(
    '/auth/guest',
    {
      schema: {
        tags,
        summary: 'Become a guest (set the guest cookie) before parallel writes',
        response: { 204: Type.Null() },
      },
      config: { scope: 'public', rateLimit: { max: writesPerMinute, timeWindow: 60_000 } },
    },
    async (_request, reply) => reply.code(204).send(null),
  );

  const me = { tags, summary: 'The signed-in user', response: { 200: User } };
  app.get('/auth/me', { schema: me, config: { scope: 'public' } }, async (request) => {
    const { sub } = requireUser(request);
    return toUser(await auth.getUser({ sub }));
  });
};
