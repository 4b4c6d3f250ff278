import { newId } from '@mediakit/kit';
import { SignJWT } from 'jose';
import type { SigningKeys } from './signing-keys.ts';
import type { UserDoc } from './user-repository.ts';

/** The audience of every token we issue: the Mediakit API (the gateway checks it). */
export const AUDIENCE = 'mediakit';

/**
 * Signs the app session's JWTs with the current signing key (`kid` in every header, so verifiers
 * pick the key from the JWKS and rotation needs no coordination).
 *
 * Access token (RFC 9068 `typ: at+jwt`): iss `<PUBLIC_URL>/oidc`, sub, aud `mediakit`, iat, exp,
 * jti, roles. ID token (`typ: JWT`, nonce-less: it comes from a password sign-in, not a code flow):
 * iss, sub, aud `mediakit`, iat, exp, email, name.
 */
export class TokenIssuer {
  private readonly keys: SigningKeys;
  private readonly issuer: string;
  readonly ttlSeconds: number;

  constructor(keys: SigningKeys, options: { issuer: string; ttlSeconds: number }) {
    this.keys = keys;
    this.issuer = options.issuer;
    this.ttlSeconds = options.ttlSeconds;
  }

  accessToken(user: Pick<UserDoc, '_id' | 'roles'>): Promise<string> {
    return this.sign({ roles: [...user.roles] }, user._id, 'at+jwt', newId());
  }

  idToken(user: Pick<UserDoc, '_id' | 'email' | 'name'>): Promise<string> {
    return this.sign({ email: user.email, name: user.name }, user._id, 'JWT');
  }

  private sign(claims: Record<string, unknown>, sub: string, typ: string, jti?: string): Promise<string> {
    const key = this.keys.current();
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ })
      .setIssuer(this.issuer)
      .setSubject(sub)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds);
    if (jti) jwt.setJti(jti);
    return jwt.sign(key.privateKey);
  }
}
