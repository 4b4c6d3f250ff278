import { parseCookie } from 'cookie';

/** Cookie lifetimes (docs/api.md, "Web app rules"). The id token lives as long as its access token. */
export const COOKIE_MAX_AGE_DAYS = {
  userInfo: 30,
  accessToken: 1,
  refreshToken: 30,
  idToken: 1,
} as const;

export type SessionCookie = keyof typeof COOKIE_MAX_AGE_DAYS;

const DAY_SECONDS = 24 * 60 * 60;

/** Where cookies are read and written: `document.cookie` in the browser, a fake in tests. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

export const documentCookieJar: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the session cookies are written by the page itself
    document.cookie = cookie;
  },
};

/**
 * `Secure` only over HTTPS. docs/api.md wants session cookies secure; browsers drop a cookie
 * set with `Secure` from a plain-HTTP page (Chromium and Firefox make an exception only for
 * http://localhost, Safari makes none), so on a self-hosted HTTP install sign-in would silently
 * never stick. Over HTTPS, which production must use, the flag is always set.
 */
export const cookieSecureFor = (protocol: string): boolean => protocol === 'https:';

/**
 * Written by hand, not with `cookie`'s stringifySetCookie: that one puts `Secure` before
 * `SameSite`, and the tests hold the exact cookie strings of docs/api.md.
 */
export function serializeCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; secure: boolean },
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'Path=/',
    'SameSite=Strict',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function sessionCookie(name: SessionCookie, value: string, secure: boolean): string {
  return serializeCookie(name, value, { maxAgeSeconds: COOKIE_MAX_AGE_DAYS[name] * DAY_SECONDS, secure });
}

/** A cookie that deletes `name` (same path and flags, expired at once). */
export const expiredCookie = (name: string, secure: boolean) =>
  serializeCookie(name, '', { maxAgeSeconds: 0, secure });

/** The cookies of `document.cookie`; the first of a name wins, one with a bad escape is skipped. */
export const parseCookies = (header: string): Record<string, string> =>
  parseCookie(header, { decode: decodeOrSkip }) as Record<string, string>;

/** A cookie some other code wrote with a bad escape is not ours: undefined makes `cookie` skip it. */
function decodeOrSkip(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
