import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** What the web shell needs to sign people in; the same for everyone, so it is not secret. */
export interface AuthClientConfig {
  /** The OpenID issuer keycloak-js talks to: `<PUBLIC_URL>/oidc`, or the external realm. */
  issuer: string;
  clientId: string;
  /** True when an external issuer owns the accounts: the spec's third-party (`cognito_`) session. */
  thirdParty: boolean;
}

const AuthConfig = Type.Object({
  issuer: Type.String(),
  clientId: Type.String(),
  scopes: Type.Array(Type.String()),
  redirectPath: Type.String(),
  postLogoutRedirectPath: Type.String(),
  thirdParty: Type.Boolean(),
});

/**
 * `GET /auth/config`: read at runtime by the web shell, so one build works against the built-in
 * provider and against a Keycloak realm. Scopes and paths are the product spec's (section 7):
 * the code flow with `openid email profile`, the callback at `/auth/callback`, sign-out back to `/`.
 */
export const authConfigRoutes: FastifyPluginAsyncTypebox<{ config: AuthClientConfig }> = async (
  app,
  { config },
) => {
  const body = {
    issuer: config.issuer,
    clientId: config.clientId,
    scopes: ['openid', 'email', 'profile'],
    redirectPath: '/auth/callback',
    postLogoutRedirectPath: '/',
    thirdParty: config.thirdParty,
  };
  app.get(
    '/auth/config',
    // Acts for nobody: a stale bearer sent along must not stop the shell from learning how to sign in.
    { schema: { response: { 200: AuthConfig } }, config: { credentialsInBody: true } },
    async (_request, reply) => {
      // Short public caching: it changes only with a redeploy, and must follow one quickly.
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
};
