import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens of the provider's forms: an HMAC of what the form belongs to (an interaction, a
 * password-reset link) under the cookie key. A page from us carries it in a hidden field; a form
 * posted from another site cannot know it. (The provider's cookies are SameSite=Lax as well, so a
 * cross-site post does not even carry the interaction cookie.)
 */
export class CsrfTokens {
  private readonly keys: string[];

  /** `keys`: current first; tokens made with an older key still check until it is removed. */
  constructor(keys: string[]) {
    this.keys = keys;
  }

  issue(purpose: string): string {
    return this.mac(this.keys[0], purpose);
  }

  check(purpose: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length === 0) return false;
    const given = Buffer.from(token);
    return this.keys.some((key) => {
      const expected = Buffer.from(this.mac(key, purpose));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  private mac(key: string, purpose: string): string {
    return createHmac('sha256', key).update(`csrf:${purpose}`).digest('base64url');
  }
}
