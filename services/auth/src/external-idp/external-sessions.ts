import type { Logger } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { decodeJwt } from 'jose';
import { sessionEnded } from '../auth-errors.ts';
import type { ExternalUsers } from './external-users.ts';
import type { ProviderClient, ProviderTokens } from './provider-client.ts';
import { providerToken, toThirdPartyToken } from './third-party-token.ts';

/**
 * The server side of the `cognito_` session (docs/accounts.md): the web shell first refreshes at
 * the provider itself (keycloak-js), and when that fails it sends the provider's refresh token,
 * prefixed `cognito_`, to `POST /auth/refresh_token`. Here the prefix comes off, the provider's
 * token endpoint does the refresh, and the answer goes back with the new refresh token prefixed
 * again. The session stays the provider's: nothing is stored here.
 */
export class ExternalSessions {
  private readonly provider: ProviderClient;
  private readonly users: Pick<ExternalUsers, 'localIdOf'>;
  private readonly log: Logger;

  constructor(deps: { provider: ProviderClient; users: Pick<ExternalUsers, 'localIdOf'>; log: Logger }) {
    this.provider = deps.provider;
    this.users = deps.users;
    this.log = deps.log;
  }

  /**
   * New tokens for the user `id` (their sub at the issuer, or the id of the account it is linked
   * to). Whatever the provider refuses is a 401, and so is a session of someone else: the new
   * tokens would belong to another person than the client believes it is.
   */
  async refresh(prefixedToken: string, id: string): Promise<authV1.Tokens> {
    const token = providerToken(prefixedToken);
    if (!token) throw sessionEnded();
    const answer = await this.provider.refresh(token);
    const sub = subjectOf(answer);
    if (!sub || !(id === sub || id === (await this.users.localIdOf(sub)))) {
      this.log.warn({ id }, 'a provider refresh token was presented with another user id; refused');
      // The provider already rotated: end the session it just extended rather than leave it live.
      if (answer.refresh_token) await this.provider.revoke(answer.refresh_token);
      throw sessionEnded();
    }
    return {
      accessToken: answer.access_token,
      // Empty means "not rotated": the client keeps the prefixed token it has.
      refreshToken: answer.refresh_token ? toThirdPartyToken(answer.refresh_token) : '',
      idToken: answer.id_token ?? '',
      expiresIn: answer.expires_in ?? 0,
      tokenType: 'Bearer',
    };
  }

  /** Revokes the provider's refresh token, best effort (the web app clears its tokens anyway). */
  async logout(prefixedToken: string): Promise<void> {
    const token = providerToken(prefixedToken);
    if (!token) throw sessionEnded();
    await this.provider.revoke(token);
  }
}

/**
 * Whose tokens these are. The access token is read without checking its signature on purpose: it
 * comes straight from the issuer's token endpoint over the connection we opened, which is what
 * OpenID Connect Core §3.1.3.7 relies on too, and the gateway verifies it on every use anyway.
 */
function subjectOf(tokens: ProviderTokens): string | null {
  for (const jwt of [tokens.access_token, tokens.id_token]) {
    if (!jwt) continue;
    try {
      const { sub } = decodeJwt(jwt);
      if (typeof sub === 'string' && sub) return sub;
    } catch {
      // An opaque access token: the id token may still say.
    }
  }
  return null;
}
