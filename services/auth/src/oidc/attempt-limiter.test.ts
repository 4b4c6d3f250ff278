import { describe, expect, it } from 'vitest';
import { AttemptLimiter, tooManyAttemptsMessage } from './attempt-limiter.ts';
import { CsrfTokens } from './csrf.ts';

describe('AttemptLimiter', () => {
  it('allows max attempts per key and window, then says how long to wait', () => {
    let now = 0;
    const limiter = new AttemptLimiter({ windowMs: 15 * 60_000, now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.hit('ip:a', 3)).toBeNull();
    expect(limiter.hit('ip:a', 3)).toBe(900);
    expect(limiter.hit('ip:b', 3)).toBeNull(); // another key counts on its own
    now = 10 * 60_000;
    expect(limiter.hit('ip:a', 3)).toBe(300);
    now = 15 * 60_000; // a new window
    expect(limiter.hit('ip:a', 3)).toBeNull();
  });

  it('words the wait in whole minutes, rounded up', () => {
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts, try again in 15 minutes.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts, try again in 2 minutes.');
    expect(tooManyAttemptsMessage(5)).toBe('Too many attempts, try again in 1 minute.');
  });
});

describe('CsrfTokens', () => {
  it('accepts the token of the same purpose only, also after a key rotation', () => {
    const old = new CsrfTokens(['k'.repeat(32)]);
    const token = old.issue('interaction:abc');
    expect(old.check('interaction:abc', token)).toBe(true);
    expect(old.check('interaction:abd', token)).toBe(false);
    expect(old.check('interaction:abc', undefined)).toBe(false);
    expect(old.check('interaction:abc', `${token}x`)).toBe(false);
    const rotated = new CsrfTokens(['n'.repeat(32), 'k'.repeat(32)]);
    expect(rotated.check('interaction:abc', token)).toBe(true);
    expect(rotated.issue('interaction:abc')).not.toBe(token);
    expect(new CsrfTokens(['n'.repeat(32)]).check('interaction:abc', token)).toBe(false);
  });
});
