/** Fakes for the client rules' unit tests: a cookie jar like document.cookie, and signed-looking JWTs. */
import type { CookieJar } from '../src/cookies.ts';

/** Keeps cookies the way a browser does for one path: set, overwrite, delete on Max-Age=0. */
export class FakeCookieJar implements CookieJar {
  readonly written: string[] = [];
  private readonly values = new Map<string, string>();
  read() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  write(cookie: string) {
    this.written.push(cookie);
    const [pair, ...attributes] = cookie.split('; ');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index);
    if (attributes.includes('Max-Age=0')) this.values.delete(name);
    else this.values.set(name, pair.slice(index + 1));
  }
  /** The last cookie string written for `name`. */
  lastWrite(name: string) {
    return [...this.written].reverse().find((c) => c.startsWith(`${name}=`));
  }
}

/** UTF-8 text as base64url, without Node's Buffer (these files are type-checked as browser code). */
export const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A JWT with the given claims (unsigned: the browser never checks signatures). */
export function jwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'ES256', typ: 'at+jwt' }))}.${base64url(JSON.stringify(claims))}.c2ln`;
}

/** A token expiring `seconds` from `now` (ms). */
export const tokenExpiringIn = (seconds: number, now = Date.now(), sub = 'user-1') =>
  jwt({ sub, exp: Math.floor(now / 1000) + seconds });
