import { type AccessTokenVerifier, createAccessTokenVerifier } from '../access-tokens.ts';
import { externalClaims } from './external-claims.ts';
import { type EnsureUserClient, withExternalUsers } from './external-users.ts';
import { issuerJwks } from './issuer-jwks.ts';

/**
 * The verifier of the external-issuer mode (OIDC_ISSUER, e.g. a Keycloak realm): the realm's keys
 * from its discovery document, its `iss`, Keycloak's token shape (header `JWT` with payload
 * `typ: Bearer`, or RFC 9068's `at+jwt`), and a local account for every person it lets in.
 */
export function externalAccessTokens(
  options: {
    issuer: string;
    clientId: string;
    audience?: string;
    cooldownMs: number;
    fetchImpl?: typeof fetch;
  },
  auth: EnsureUserClient,
): AccessTokenVerifier {
  const verifier = createAccessTokenVerifier({
    jwks: issuerJwks(options.issuer, { cooldownMs: options.cooldownMs, fetchImpl: options.fetchImpl }),
    issuer: options.issuer,
    audience: options.audience,
    typs: ['at+jwt', 'JWT'],
    claims: externalClaims({ clientId: options.clientId, audience: options.audience }),
  });
  return withExternalUsers(verifier, auth);
}
