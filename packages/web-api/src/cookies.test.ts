import { describe, expect, test } from 'vitest';
import {
  COOKIE_MAX_AGE_DAYS,
  cookieSecureFor,
  expiredCookie,
  parseCookies,
  sessionCookie,
} from './cookies.ts';

const DAY = 86_400;

describe('session cookies', () => {
  test('lifetimes: userInfo 30 days, access token 1 day, refresh token 30 days', () => {
    expect(COOKIE_MAX_AGE_DAYS).toMatchObject({ userInfo: 30, accessToken: 1, refreshToken: 30 });
    expect(sessionCookie('userInfo', '{}', true)).toContain(`Max-Age=${30 * DAY}`);
    expect(sessionCookie('accessToken', 'a', true)).toContain(`Max-Age=${DAY}`);
    expect(sessionCookie('refreshToken', 'r', true)).toContain(`Max-Age=${30 * DAY}`);
  });

  test('every session cookie is SameSite=Strict, for the whole site, and Secure over HTTPS', () => {
    for (const name of ['userInfo', 'accessToken', 'refreshToken', 'idToken'] as const) {
      const cookie = sessionCookie(name, 'v', true);
      expect(cookie.split('; ')).toEqual(expect.arrayContaining(['SameSite=Strict', 'Path=/', 'Secure']));
    }
  });

  test('Secure only over HTTPS (browsers drop Secure cookies set from plain HTTP pages)', () => {
    expect(cookieSecureFor('https:')).toBe(true);
    expect(cookieSecureFor('http:')).toBe(false);
    expect(sessionCookie('accessToken', 'a', false)).not.toContain('Secure');
  });

  test('values are encoded, and read back the same', () => {
    const info = JSON.stringify({ sub: 'u1', name: 'Zoë; "x"' });
    const cookie = sessionCookie('userInfo', info, false);
    expect(cookie.startsWith('userInfo=%7B')).toBe(true);
    expect(parseCookies(cookie.split('; ')[0])).toEqual({ userInfo: info });
  });

  test('clearing writes the cookie expired', () => {
    expect(expiredCookie('refreshToken', true)).toBe(
      'refreshToken=; Max-Age=0; Path=/; SameSite=Strict; Secure',
    );
  });

  test('parsing skips broken and foreign cookies', () => {
    expect(parseCookies('a=1; broken; b=%E0%A4%A; c=x=y; mk_guest=abc')).toEqual({
      a: '1',
      c: 'x=y',
      mk_guest: 'abc',
    });
  });
});
