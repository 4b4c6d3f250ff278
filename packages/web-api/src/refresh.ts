import type { SessionStore } from './session-store.ts';

/**
 * A refresh token with this prefix belongs to a third-party identity provider session
 * ({W}). The name is historical; here it marks an external OpenID provider such as Keycloak.
 */
export const THIRD_PARTY_PREFIX = 'cognito_';

/** The body of `POST /auth/refresh_token` (and what the provider refresh is mapped to). */
export interface RefreshResult {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
}

export class SessionExpiredError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SessionExpiredError';
  }
}

export interface RefresherDeps {
  store: SessionStore;
  /** `POST /api/v1/auth/refresh_token {refresh_token, id}`; throws unless it answers 2xx. */
  refreshOnServer(body: { refresh_token: string; id: string }): Promise<RefreshResult>;
  /**
   * Renews a third-party session at the provider (keycloak-js `updateToken`) with the provider's
   * own refresh token (prefix removed). Returns null or throws when it cannot.
   */
  refreshAtProvider?(providerRefreshToken: string): Promise<RefreshResult | null>;
}

export interface Refresher {
  /**
   * Renews the access token. Concurrent callers share one refresh: the first starts it, the
   * others wait on the same promise (a rotating refresh token must be used exactly once).
   */
  refresh(): Promise<string>;
}

export function createRefresher(deps: RefresherDeps): Refresher {
  const { store } = deps;
  let inFlight: Promise<string> | undefined;

  async function run(): Promise<string> {
    const refreshToken = store.refreshToken();
    const id = store.userInfo()?.sub;
    if (!refreshToken) throw new SessionExpiredError('There is no refresh token.');
    if (!id) throw new SessionExpiredError('The signed-in user is unknown.');

    let result: RefreshResult | null = null;
    if (refreshToken.startsWith(THIRD_PARTY_PREFIX) && deps.refreshAtProvider) {
      try {
        result = await deps.refreshAtProvider(refreshToken.slice(THIRD_PARTY_PREFIX.length));
      } catch {
        result = null; // the fallback: the server refresh below
      }
      if (result?.refresh_token && !result.refresh_token.startsWith(THIRD_PARTY_PREFIX)) {
        result = { ...result, refresh_token: THIRD_PARTY_PREFIX + result.refresh_token };
      }
    }
    result ??= await deps.refreshOnServer({ refresh_token: refreshToken, id });
    if (!result?.access_token) throw new SessionExpiredError('The refresh answered without an access token.');

    store.saveRefreshedTokens({
      accessToken: result.access_token,
      refreshToken: result.refresh_token ?? refreshToken,
      idToken: result.id_token,
    });
    return result.access_token;
  }

  return {
    refresh() {
      inFlight ??= run().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}
