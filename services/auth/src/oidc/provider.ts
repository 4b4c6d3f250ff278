import {
  type AccessTokenLike,
  errors,
  type Grant,
  interactionPolicy,
  type KoaContextWithOIDC,
  Provider,
} from 'oidc-provider';
import type { SigningKeys } from '../signing-keys.ts';
import { AUDIENCE } from '../token-issuer.ts';
import type { UserRepository } from '../user-repository.ts';
import type { OidcDocumentStorage } from './document-adapter.ts';
import { type PageRenderer, renderLogoutPage, renderOidcError, renderSignedOutPage } from './pages.ts';

/** The scopes the first-party web app may ask for; its consent is implied (it is the product). */
export const FIRST_PARTY_SCOPES = 'openid email profile offline_access';
/**
 * The scopes the API's access token carries: the OpenID ones, so `/oidc/me` can tell which
 * claims the token may read. (offline_access is about refresh tokens, not the API.)
 */
const API_SCOPES = 'openid email profile';

export interface OidcProviderOptions {
  /** The origin browsers use (an allowed one): issuer `<origin>/oidc`, redirects back to it. */
  origin: string;
  webClientId: string;
  keys: SigningKeys;
  users: UserRepository;
  storage: OidcDocumentStorage;
  cookieKeys: string[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  pages: PageRenderer;
}

/** The resource indicator of the Mediakit API: tokens for it are JWTs with audience `mediakit`. */
export const apiResource = (origin: string) => `${origin}/api`;

/** The issuer of the built-in provider that serves browsers at `origin`. */
export const issuerAt = (origin: string) => `${origin}/oidc`;

/**
 * The built-in OpenID Provider (oidc-provider 9) at `<origin>/oidc`. oidc-provider's issuer is
 * fixed per instance, so there is one of these per origin browsers may use (origin-providers.ts),
 * all sharing the store, the signing keys and the cookie keys.
 *
 * - One first-party public client, the web app: authorization code with PKCE S256 (required; plain
 *   is not offered), redirect `<origin>/auth/callback`, sign-out back to `<origin>/`.
 * - Every authorization asks for the password (alwaysSignIn below): the app starts the code flow
 *   only when it has no session, so a provider session left behind by a sign-out, or by a person
 *   who walked away from a shared computer, signs nobody in.
 * - Access tokens are JWTs for the API resource (RFC 8707 resource indicators with the API as the
 *   default resource; RFC 9068 `typ: at+jwt`; aud `mediakit`; `roles`), signed with the same keys
 *   as the app session's tokens, so the gateway accepts both unchanged.
 * - Refresh tokens only for scope offline_access (which OpenID Connect grants only with
 *   prompt=consent), rotated on every use; presenting a used one again revokes the whole grant,
 *   its successor included (oidc-provider's refresh_token grant does that; tested).
 * - Userinfo is served by our own handler (userinfo.ts) because oidc-provider's refuses any
 *   access token that has an audience, and ours always have one. The discovery document points to it.
 * - Everything it keeps goes through the document-store adapter.
 */
export function createOidcProvider(options: OidcProviderOptions): Provider {
  const { origin, webClientId, keys, users, storage, pages } = options;
  const issuer = issuerAt(origin);
  const resource = apiResource(origin);
  const refreshTtlSeconds = Math.round(options.refreshTokenTtlDays * 86_400);
  const current = keys.current();

  const provider = new Provider(issuer, {
    adapter: storage.adapterFor,
    clients: [
      {
        client_id: webClientId,
        client_name: 'Mediakit',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${origin}/auth/callback`],
        post_logout_redirect_uris: [`${origin}/`],
        id_token_signed_response_alg: current.alg,
        scope: FIRST_PARTY_SCOPES,
      },
    ],
    jwks: { keys: keys.privateJwks() },
    cookies: {
      keys: options.cookieKeys,
      // SameSite=Lax: sent on the top-level navigations of the code flow, never on cross-site posts.
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    // The code flow only: no implicit or hybrid responses, no client secrets (one public client).
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // Userinfo is our own endpoint; put the profile claims in the ID token too, as keycloak-js
    // reads them from there (idTokenParsed).
    conformIdTokenClaims: false,
    discovery: {
      userinfo_endpoint: `${issuer}/me`,
      claims_parameter_supported: false,
      service_documentation: `${origin}/`,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      registration: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(pages, form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = renderSignedOutPage(pages);
        },
      },
      resourceIndicators: {
        enabled: true,
        // keycloak-js names no resource: the API is what its tokens are for.
        defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string[]) => oneOf ?? resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          return {
            scope: API_SCOPES,
            audience: AUDIENCE,
            accessTokenTTL: options.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            // The current key signs, as it does for the app session's tokens.
            jwt: { sign: { alg: current.alg, kid: current.kid } },
          };
        },
      },
    },
    pkce: { required: () => true },
    findAccount: async (_ctx: unknown, sub: string) => {
      const user = await users.findById(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        // Mediakit does not confirm email addresses (yet), so it does not claim they are verified.
        claims: async () => ({ sub, email: user.email, email_verified: false, name: user.name }),
      };
    },
    // The gateway reads `roles` from the access token, as from the app session's tokens.
    extraTokenClaims: async (_ctx: unknown, token: AccessTokenLike) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await users.findById(token.accountId);
      return { roles: user ? [...user.roles] : [] };
    },
    interactions: {
      policy: alwaysSignInPolicy(),
      url: async (_ctx: unknown, interaction: { uid: string }) => `/oidc/interaction/${interaction.uid}`,
    },
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== webClientId || !session.accountId) return existing;
      return firstPartyGrant(ctx.oidc.provider, {
        existing,
        clientId: client.clientId,
        accountId: session.accountId,
        resource,
      });
    },
    issueRefreshToken: async (
      _ctx: unknown,
      client: { grantTypeAllowed(type: string): boolean },
      code: { scopes: Set<string> },
    ) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      IdToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: refreshTtlSeconds,
      Grant: refreshTtlSeconds,
      // A rotated token keeps its family's end: a stolen one cannot be kept alive forever.
      RefreshToken: (ctx: { oidc?: { entities?: { RotatedRefreshToken?: { remainingTTL: number } } } }) =>
        ctx?.oidc?.entities?.RotatedRefreshToken?.remainingTTL ?? refreshTtlSeconds,
    },
    renderError: async (ctx: KoaContextWithOIDC, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = renderOidcError(pages, out);
    },
    // keycloak-js exchanges the code from the page, so the token endpoint sees the app's Origin. Only
    // the web client, and only from the app's own origin (where the gateway serves it).
    clientBasedCORS: (_ctx: unknown, requestOrigin: string, client: { clientId: string }) =>
      client.clientId === webClientId && requestOrigin === origin,
  });
  // X-Forwarded-Host/-Proto/-For are believed: http-server.ts strips them from anyone but the gateway.
  provider.proxy = true;
  return provider;
}

/**
 * oidc-provider's default policy, plus: the login prompt is due on every authorization request,
 * except on the resume right after this very request's sign-in form was completed. A provider
 * session alone never skips the password (it is what a sign-out used to leave behind).
 */
function alwaysSignInPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'sign_in_every_time',
        'the password is asked on every sign-in',
        (ctx: KoaContextWithOIDC) => !(ctx.oidc.route.endsWith('resume') && ctx.oidc.result?.login),
      ),
    );
  return policy;
}

/**
 * The grant of the first-party web app: what it may ask for is granted without a consent page.
 * Reused when the session already has one, so the grant id (and what hangs off it) stays stable.
 */
export async function firstPartyGrant(
  provider: Provider,
  options: { existing?: Grant; grantId?: string; clientId: string; accountId: string; resource: string },
): Promise<Grant> {
  const found =
    options.existing ?? (options.grantId ? await provider.Grant.find(options.grantId) : undefined);
  const grant =
    found && found.accountId === options.accountId
      ? found
      : new provider.Grant({ clientId: options.clientId, accountId: options.accountId });
  grant.addOIDCScope(FIRST_PARTY_SCOPES);
  grant.addResourceScope(options.resource, API_SCOPES);
  await grant.save();
  return grant;
}
