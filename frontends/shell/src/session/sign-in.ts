/**
 * Sign-in and sign-out through keycloak-js against the configured OpenID provider: the built-in
 * one at /oidc or an external Keycloak realm. keycloak-js runs only the authorization code flow
 * with PKCE (S256). The built-in provider gives the browser no refresh token (keycloak-js cannot
 * use the opaque ones it issues), so the callback trades the fresh access token for an app
 * session (`POST /auth/session`) whose rotating refresh token the API client renews through
 * `/auth/refresh_token`. With an external provider the provider's own refresh token is kept,
 * prefixed `cognito_`, and renewed at the provider first (docs/api.md, "Web app rules").
 */

import { API_BASE } from '@mediakit/web-api/api-client';
import { errorFromResponse } from '@mediakit/web-api/errors';
import { type RefreshResult, THIRD_PARTY_PREFIX } from '@mediakit/web-api/refresh';
import type { SessionStore, UserInfo } from '@mediakit/web-api/session-store';
import type Keycloak from 'keycloak-js';
import { type AuthConfig, loadAuthConfig } from './auth-config.ts';
import { safeReturnTo } from './return-to.ts';
import { SIGN_IN_TEXT, SignInElsewhereError, SignInError } from './sign-in-errors.ts';
import { ensureSignInCrypto } from './web-crypto-fallback.ts';

export { safeReturnTo } from './return-to.ts';

const RETURN_TO_KEY = 'mediakit.returnTo';

/**
 * keycloak-js is fetched only when a sign-in, its callback, a renewal at the provider or a
 * sign-out needs it: it sat in the first-load JavaScript of every page (about 15 KB gzip) while
 * most visits never sign in.
 */
async function keycloakFor(config: AuthConfig): Promise<Keycloak> {
  const { default: KeycloakClient } = await import('keycloak-js');
  return new KeycloakClient({ clientId: config.clientId, oidcProvider: config.issuer });
}

const baseInit = { pkceMethod: 'S256' as const, checkLoginIframe: false };

/**
 * Leaves for the provider's sign-in page; the callback brings the user back to `returnTo`. Rejects
 * with a SignInElsewhereError when sign-in works at another address only (PUBLIC_URL), before
 * anything is fetched from the provider.
 */
export async function startLogin(returnTo?: string): Promise<void> {
  if (signingOut) return;
  sessionStorage.setItem(RETURN_TO_KEY, safeReturnTo(returnTo));
  const config = await loadAuthConfig();
  if (config.appOrigin !== window.location.origin) {
    if (!/^https?:\/\/[^/]+$/.test(config.appOrigin)) throw new SignInError(SIGN_IN_TEXT.settings);
    throw new SignInElsewhereError(config.appOrigin);
  }
  await ensureSignInCrypto();
  const keycloak = await keycloakFor(config);
  await keycloak.init(baseInit);
  await keycloak.login({
    redirectUri: `${window.location.origin}${config.redirectPath}`,
    scope: config.scopes.join(' '),
  });
}

async function postJson<T>(path: string, accessToken: string, method = 'POST'): Promise<T> {
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
  });
  if (response.status >= 300) throw await errorFromResponse(response);
  return (await response.json()) as T;
}

/**
 * On /auth/callback: lets keycloak-js exchange the code (it checks state and the PKCE verifier),
 * stores the session and the user, and answers where to go next.
 */
export async function completeLogin(store: SessionStore): Promise<string> {
  const config = await loadAuthConfig();
  await ensureSignInCrypto();
  const keycloak = await keycloakFor(config);
  const authenticated = await keycloak.init({ ...baseInit, scope: config.scopes.join(' ') });
  if (!authenticated || !keycloak.token) {
    throw new SignInError('The sign-in did not complete. Please try signing in again.');
  }
  if (config.thirdParty) {
    store.saveTokens({
      accessToken: keycloak.token,
      refreshToken: keycloak.refreshToken ? THIRD_PARTY_PREFIX + keycloak.refreshToken : undefined,
      idToken: keycloak.idToken,
    });
  } else {
    const session = await postJson<RefreshResult>('/auth/session', keycloak.token);
    store.saveTokens({
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
      // Kept for the provider's sign-out (id_token_hint): the provider's id token, not the app's.
      idToken: keycloak.idToken ?? session.id_token,
    });
  }
  const me = await postJson<UserInfo>('/auth/me', store.accessToken() ?? keycloak.token, 'GET');
  store.saveUserInfo({ sub: me.sub, email: me.email, name: me.name, plan: me.plan, roles: me.roles });
  const returnTo = safeReturnTo(sessionStorage.getItem(RETURN_TO_KEY));
  sessionStorage.removeItem(RETURN_TO_KEY);
  return returnTo;
}

/** The first step for `cognito_` sessions: renew at the provider with keycloak-js. */
export async function refreshAtProvider(
  store: SessionStore,
  providerRefreshToken: string,
): Promise<RefreshResult | null> {
  const config = await loadAuthConfig();
  const token = store.accessToken();
  if (!config.thirdParty || !token) return null;
  await ensureSignInCrypto();
  const keycloak = await keycloakFor(config);
  // With a token and a refresh token and no login iframe, init renews at once (updateToken(-1)).
  await keycloak.init({ ...baseInit, token, refreshToken: providerRefreshToken, idToken: store.idToken() });
  if (!keycloak.token) return null;
  return {
    access_token: keycloak.token,
    refresh_token: keycloak.refreshToken,
    id_token: keycloak.idToken,
  };
}

/** Set while the page leaves after a sign-out, so nothing starts a new sign-in meanwhile. */
let signingOut = false;

/**
 * Sign-out is global (docs/api.md): the app session is revoked (with the built-in provider the
 * auth service ends the account's provider sessions with it, and every sign-in asks for the
 * password anyway), the local tokens are cleared even when that fails, and the page goes to the
 * site root at once: no "Sign out of Mediakit?" page a person could leave still signed in.
 * An external provider (Keycloak) ends its own session through RP-initiated logout with
 * `id_token_hint`, which it does without asking.
 */
export async function signOut(store: SessionStore): Promise<void> {
  signingOut = true;
  const refreshToken = store.refreshToken();
  const idToken = store.idToken();
  let leaveTo = '/';
  try {
    const config = await loadAuthConfig();
    if (config.thirdParty) leaveTo = await providerLogoutUrl(config, idToken);
  } catch {
    // The provider cannot be reached: the local sign-out below still happens.
  }
  if (refreshToken) {
    try {
      await fetch(`${API_BASE}/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch {
      // Best effort: the local session ends either way.
    }
  }
  // A page restored from the back-forward cache would show what it showed before: load it anew.
  window.addEventListener(
    'pageshow',
    (event) => {
      if (event.persisted) window.location.reload();
    },
    { once: true },
  );
  // Leave in the same task as clearing, before pages that need a session react to it. Replace:
  // the signed-in page's entry goes, and earlier ones load anew (signed out) when Back reaches them.
  store.clear();
  window.location.replace(leaveTo);
}

/** The external provider's end-session URL for this session, back to the site root afterwards. */
async function providerLogoutUrl(config: AuthConfig, idToken: string | undefined): Promise<string> {
  const keycloak = await keycloakFor(config);
  await keycloak.init(baseInit);
  keycloak.idToken = idToken;
  return keycloak.createLogoutUrl({
    redirectUri: `${window.location.origin}${config.postLogoutRedirectPath}`,
  });
}
