import { describe, expect, test } from 'vitest';
import { base64url, tokenExpiringIn } from '../test/support.ts';
import { decodeJwt, INVALID_TOKEN_MESSAGE, isTokenFresh, TOKEN_EXPIRY_MARGIN_MS } from './jwt.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('access token expiry margin (5 minutes)', () => {
  test('the margin is five minutes', () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(300_000);
  });

  test('a token valid for more than five minutes may be sent', () => {
    expect(isTokenFresh(tokenExpiringIn(301, NOW), NOW)).toBe(true);
    expect(isTokenFresh(tokenExpiringIn(3600, NOW), NOW)).toBe(true);
  });

  test('a token expiring within five minutes counts as expired', () => {
    expect(isTokenFresh(tokenExpiringIn(300, NOW), NOW)).toBe(false);
    expect(isTokenFresh(tokenExpiringIn(60, NOW), NOW)).toBe(false);
    expect(isTokenFresh(tokenExpiringIn(-10, NOW), NOW)).toBe(false);
  });

  test('the same token asked about again, later: its expiry is kept, the answer follows the clock', () => {
    const token = tokenExpiringIn(400, NOW);
    expect(isTokenFresh(token, NOW)).toBe(true);
    expect(isTokenFresh(token, NOW + 99_000)).toBe(true);
    expect(isTokenFresh(token, NOW + 100_000)).toBe(false);
    expect(isTokenFresh('not-a-jwt', NOW)).toBe(false);
    expect(isTokenFresh(token, NOW)).toBe(true);
  });

  test('no token, or one without exp, is not sent', () => {
    expect(isTokenFresh(undefined, NOW)).toBe(false);
    expect(isTokenFresh('', NOW)).toBe(false);
  });
});

describe('undecodable tokens', () => {
  test.each(['not-a-jwt', 'a.b', 'a.%%%.c', `x.${base64url('not json')}.y`, `x.${base64url('[1,2]')}.y`])(
    '%s throws "Invalid token specified" and counts as expired',
    (token) => {
      expect(() => decodeJwt(token)).toThrow(INVALID_TOKEN_MESSAGE);
      expect(INVALID_TOKEN_MESSAGE).toBe('Invalid token specified');
      expect(isTokenFresh(token, NOW)).toBe(false);
    },
  );

  test('a good token decodes, UTF-8 included', () => {
    const token = `x.${base64url(JSON.stringify({ sub: 'ü-1', exp: 1 }))}.y`;
    expect(decodeJwt(token)).toEqual({ sub: 'ü-1', exp: 1 });
  });
});
