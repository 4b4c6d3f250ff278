/**
 * The third-party identity session (docs/accounts.md, Keycloak): a refresh token that starts with
 * `cognito_` belongs to an external identity provider's session (a Keycloak realm here, the name
 * is historical). The web shell stores the provider's refresh token with this prefix, tries
 * the provider first and falls back to `POST /auth/refresh_token`; the prefix tells the server to
 * refresh at the provider instead of in its own sessions.
 */
export const THIRD_PARTY_PREFIX = 'cognito_';

/** Whether the token claims to be a third-party (provider) refresh token. */
export function isThirdPartyToken(token: string): boolean {
  return token.startsWith(THIRD_PARTY_PREFIX);
}

/** The provider's own token inside a prefixed one; null when the token is not prefixed or empty after it. */
export function providerToken(token: string): string | null {
  if (!isThirdPartyToken(token)) return null;
  const inner = token.slice(THIRD_PARTY_PREFIX.length);
  return inner ? inner : null;
}

/** The provider's token as the web shell stores it. */
export function toThirdPartyToken(token: string): string {
  return `${THIRD_PARTY_PREFIX}${token}`;
}
