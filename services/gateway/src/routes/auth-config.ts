import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PublicOrigins } from '@mediakit/kit';
import { Type } from 'typebox';

/** What the web shell needs to sign people in; the same for everyone at one address, so not secret. */
export interface AuthClientConfig {
  /** An external realm's issuer (OIDC_ISSUER); absent: the built-in provider at `<origin>/oidc`. */
  externalIssuer?: string;
  clientId: string;
  /** Where browsers may sign in (PUBLIC_URL, or this machine's addresses without it). */
  origins: PublicOrigins;
}

const AuthConfig = Type.Object({
  issuer: Type.String(),
  clientId: Type.String(),
  scopes: Type.Array(Type.String()),
  redirectPath: Type.String(),
  postLogoutRedirectPath: Type.String(),
  thirdParty: Type.Boolean(),
  appOrigin: Type.String(),
});

/**
 * `GET /auth/config`: read at runtime by the web shell, so one build works against the built-in
 * provider and against a Keycloak realm. Scopes and paths are docs/api.md's:
 * the code flow with `openid email profile`, the callback at `/auth/callback`, sign-out back to `/`.
 *
 * `appOrigin` (docs/api.md "Accounts and sessions") is where sign-in works for this caller: the
 * address they are at when it is an allowed one, else PUBLIC_URL (or localhost). A shell at another
 * address says so and links there instead of failing. The built-in issuer is the one of that
 * origin, so the browser's discovery fetch stays on its own origin.
 */
export const authConfigRoutes: FastifyPluginAsyncTypebox<{ config: AuthClientConfig }> = async (
  app,
  { config },
) => {
  const { origins } = config;
  app.get(
    '/auth/config',
    // Acts for nobody: a stale bearer sent along must not stop the shell from learning how to sign in.
    {
      schema: {
        tags: ['accounts'],
        summary: 'How the web app signs people in (issuer, client, scopes)',
        response: { 200: AuthConfig },
      },
      config: { scope: 'public', credentialsInBody: true },
    },
    async (request, reply) => {
      const appOrigin = origins.forRequest(request.protocol, request.headers.host) ?? origins.canonical;
      // Short public caching: it changes only with a redeploy, and must follow one quickly. (Caches
      // key it by URL, host included, so each address keeps its own answer.)
      reply.header('cache-control', 'public, max-age=300');
      return {
        issuer: config.externalIssuer ?? `${appOrigin}/oidc`,
        clientId: config.clientId,
        scopes: ['openid', 'email', 'profile'],
        redirectPath: '/auth/callback',
        postLogoutRedirectPath: '/',
        thirdParty: config.externalIssuer !== undefined,
        appOrigin,
      };
    },
  );
};
