import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { SigningKeys } from '../signing-keys.ts';
import { AUDIENCE } from '../token-issuer.ts';
import type { UserRepository } from '../user-repository.ts';

/**
 * The userinfo endpoint (`/oidc/me`, advertised in the discovery document). Ours rather than
 * oidc-provider's, which refuses every access token that has an audience: ours are JWTs for the
 * API (aud `mediakit`), and an RP should be able to read the profile with the token it got.
 *
 * The token must be one of ours (signature, issuer, audience, `typ: at+jwt`, not expired) and
 * carry scope `openid`; the claims follow its scopes: `email` → email, email_verified; `profile`
 * → name. Errors are RFC 6750 answers (`WWW-Authenticate: Bearer error=...`).
 */
export function userinfoHandler(deps: { keys: SigningKeys; users: UserRepository; issuer: string }) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const bearer = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer)
      return refuse(res, 401, 'invalid_request', 'An access token is required (Authorization: Bearer).');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(bearer, createLocalJWKSet(deps.keys.jwks()), {
        issuer: deps.issuer,
        audience: AUDIENCE,
        typ: 'at+jwt',
        algorithms: ['ES256', 'RS256'],
        requiredClaims: ['sub', 'exp'],
      }));
    } catch {
      return refuse(res, 401, 'invalid_token', 'The access token is invalid or expired.');
    }
    const scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []);
    if (!scopes.has('openid')) {
      return refuse(res, 403, 'insufficient_scope', 'The access token lacks the openid scope.');
    }
    const user = await deps.users.findById(String(payload.sub));
    if (!user) return refuse(res, 401, 'invalid_token', 'The account of this token no longer exists.');
    const claims: Record<string, unknown> = { sub: user._id };
    if (scopes.has('email')) Object.assign(claims, { email: user.email, email_verified: false });
    if (scopes.has('profile')) claims.name = user.name;
    const body = JSON.stringify(claims);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(body);
  };
}

function refuse(res: ServerResponse, status: number, error: string, description: string): void {
  const body = JSON.stringify({ error, error_description: description });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'www-authenticate': `Bearer realm="mediakit", error="${error}", error_description="${description}"`,
  });
  res.end(body);
}
