import { describe, expect, test } from 'vitest';
import { API_KEY_SCOPES, expiresAtFor, isExpired, lastUsedText, SCOPE_HELP } from './api-keys.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('the API keys page', () => {
  test('says when a key was last used as a person would', () => {
    expect(lastUsedText(null, now)).toBe('never');
    expect(lastUsedText(ago(30_000), now)).toBe('just now');
    expect(lastUsedText(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(lastUsedText(ago(3 * 3_600_000), now)).toBe('3 h ago');
    expect(lastUsedText(ago(86_400_000), now)).toBe('1 day ago');
    expect(lastUsedText(ago(9 * 86_400_000), now)).toBe('9 days ago');
  });

  test('turns the expiry choice into a date, and knows an expired key', () => {
    expect(expiresAtFor(0, now)).toBeUndefined();
    expect(expiresAtFor(30, now)).toBe('2026-03-31T12:00:00.000Z');
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired(ago(1), now)).toBe(true);
    expect(isExpired(ago(-60_000), now)).toBe(false);
  });

  test('explains every scope the API has', () => {
    expect(Object.keys(SCOPE_HELP)).toEqual([...API_KEY_SCOPES]);
  });
});
