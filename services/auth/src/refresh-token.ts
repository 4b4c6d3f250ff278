import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque refresh tokens: 256 random bits, URL-safe. Only their SHA-256 is stored, so a copy of
 * the sessions collection cannot be replayed as sessions. A plain hash (no salt, no argon2) is
 * enough for a secret this long: it cannot be guessed, only stolen, and lookups stay one index read.
 */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
