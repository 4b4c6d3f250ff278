import { providerUnavailable } from './auth-mode-errors.ts';

/** The endpoints of the external issuer this service calls. */
export interface IssuerMetadata {
  issuer: string;
  token_endpoint: string;
  revocation_endpoint?: string;
}

const TIMEOUT_MS = 5000;

/**
 * Reads `<issuer>/.well-known/openid-configuration` (OpenID Connect Discovery 1.0) on first use
 * and keeps it: endpoints of a realm do not move while it runs. A failure is not kept, so the next
 * call tries again once the provider is back. The document must name exactly the configured issuer
 * (Discovery §4.3), so a mistyped OIDC_ISSUER or a proxy answering for another realm is caught here
 * rather than as a confusing token error later.
 */
export function issuerDiscovery(issuer: string, fetchImpl: typeof fetch = fetch) {
  let cached: Promise<IssuerMetadata> | undefined;

  async function load(): Promise<IssuerMetadata> {
    const url = `${issuer}/.well-known/openid-configuration`;
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const metadata = (await response.json()) as Partial<IssuerMetadata>;
    if (metadata.issuer !== issuer) {
      throw new Error(`${url} names the issuer ${JSON.stringify(metadata.issuer)}, not ${issuer}`);
    }
    if (typeof metadata.token_endpoint !== 'string') throw new Error(`${url} has no token_endpoint`);
    return metadata as IssuerMetadata;
  }

  return {
    /** The issuer's metadata; a 503 ApiError (with the reason in `cause`) when it cannot be read. */
    async metadata(): Promise<IssuerMetadata> {
      cached ??= load();
      try {
        return await cached;
      } catch (error) {
        cached = undefined;
        throw Object.assign(providerUnavailable(), { cause: error });
      }
    },
  };
}

export type IssuerDiscovery = ReturnType<typeof issuerDiscovery>;
