import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

const TIMEOUT_MS = 5000;

/**
 * The external issuer's keys, found through its discovery document's `jwks_uri` (OpenID Connect
 * Discovery 1.0). The document is read on the first token and kept once it names exactly our
 * issuer; a failure is not kept, so the next token tries again. The key set itself behaves as for
 * the built-in issuer: cached by jose, refetched on an unknown `kid`, at most once per cooldown.
 * Failures here are plain errors, which the verifier answers with a 503 (the keys could not be
 * read; the caller's session may be fine).
 */
export function issuerJwks(
  issuer: string,
  options: { cooldownMs: number; fetchImpl?: typeof fetch },
): JWTVerifyGetKey {
  const fetchImpl = options.fetchImpl ?? fetch;
  let keys: Promise<JWTVerifyGetKey> | undefined;

  async function discover(): Promise<JWTVerifyGetKey> {
    const url = `${issuer}/.well-known/openid-configuration`;
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (metadata.issuer !== issuer)
      throw new Error(`${url} names another issuer: ${String(metadata.issuer)}`);
    if (typeof metadata.jwks_uri !== 'string') throw new Error(`${url} has no jwks_uri`);
    return createRemoteJWKSet(new URL(metadata.jwks_uri), { cooldownDuration: options.cooldownMs });
  }

  return async (header, token) => {
    keys ??= discover();
    const pending = keys;
    let getKey: JWTVerifyGetKey;
    try {
      getKey = await pending;
    } catch (error) {
      if (keys === pending) keys = undefined;
      throw error;
    }
    return getKey(header, token);
  };
}
