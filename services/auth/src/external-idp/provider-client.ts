import type { Logger } from '@mediakit/kit';
import { sessionEnded } from '../auth-errors.ts';
import { providerUnavailable } from './auth-mode-errors.ts';
import type { IssuerDiscovery } from './issuer-discovery.ts';

/** The token endpoint's answer to a refresh (RFC 6749 §5.1). */
export interface ProviderTokens {
  access_token: string;
  /** Absent when the provider keeps the old refresh token valid instead of rotating it. */
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
}

export interface ProviderClientOptions {
  discovery: IssuerDiscovery;
  clientId: string;
  /** Only for a confidential client; a public one (keycloak-js's) authenticates by its id alone. */
  clientSecret?: string;
  log: Logger;
  fetchImpl?: typeof fetch;
}

const TIMEOUT_MS = 10_000;

/**
 * Talks to the external issuer's token and revocation endpoints, found through discovery, as the
 * client the web app signs in with. Its answers map onto the API's errors: the provider refusing a
 * token (invalid_grant and friends, any 4xx) is a 401, so the client signs in again; the provider
 * being unreachable or failing (network, timeout, 5xx) is a 503, so the client keeps its session
 * and tries later.
 */
export class ProviderClient {
  private readonly options: ProviderClientOptions;
  private readonly fetch: typeof fetch;

  constructor(options: ProviderClientOptions) {
    this.options = options;
    this.fetch = options.fetchImpl ?? fetch;
  }

  async refresh(refreshToken: string): Promise<ProviderTokens> {
    const { token_endpoint } = await this.options.discovery.metadata();
    const response = await this.post(token_endpoint, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    const body = (await response.json().catch(() => null)) as Partial<ProviderTokens> & { error?: string };
    if (response.status >= 400 && response.status < 500) {
      this.options.log.info(
        { status: response.status, error: body?.error },
        'identity provider refused a refresh',
      );
      throw sessionEnded();
    }
    if (!response.ok || typeof body?.access_token !== 'string') {
      this.options.log.warn(
        { status: response.status },
        'identity provider answered a refresh with no tokens',
      );
      throw providerUnavailable();
    }
    return body as ProviderTokens;
  }

  /**
   * Revokes a refresh token at the provider (RFC 7009). Best effort: a provider without a
   * revocation endpoint, or one that fails, is logged, and the caller carries on (the local side
   * of a sign-out must never fail because the provider did).
   */
  async revoke(refreshToken: string): Promise<boolean> {
    try {
      const { revocation_endpoint } = await this.options.discovery.metadata();
      if (!revocation_endpoint) {
        this.options.log.warn(
          'the identity provider has no revocation endpoint; its session stays until it expires',
        );
        return false;
      }
      const response = await this.post(revocation_endpoint, {
        token: refreshToken,
        token_type_hint: 'refresh_token',
      });
      await response.body?.cancel();
      // RFC 7009 §2.2: 200 also for tokens that were already invalid.
      if (!response.ok)
        this.options.log.warn({ status: response.status }, 'identity provider refused a revocation');
      return response.ok;
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not revoke a token at the identity provider');
      return false;
    }
  }

  /** A form POST as the client: client_secret_basic when there is a secret, else the public client's id. */
  private async post(url: string, form: Record<string, string>): Promise<Response> {
    const { clientId, clientSecret } = this.options;
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const body = new URLSearchParams(form);
    if (clientSecret) {
      // RFC 6749 §2.3.1: both parts form-encoded before they are joined and base64-encoded.
      const credentials = `${formEncode(clientId)}:${formEncode(clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    } else {
      body.set('client_id', clientId);
    }
    try {
      return await this.fetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.options.log.warn({ err: error, url }, 'identity provider unreachable');
      throw providerUnavailable();
    }
  }
}

const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
