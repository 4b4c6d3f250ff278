import { describe, expect, test } from 'vitest';
import { formatDuration, timeLeft } from './time.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('timeLeft', () => {
  test('minutes, hours and days, rounded up to the minute', () => {
    expect(timeLeft(at(30_001), now).text).toBe('1 min left');
    expect(timeLeft(at(45 * 60_000), now)).toEqual({ text: '45 min left', expired: false, soon: true });
    expect(timeLeft(at(60 * 60_000), now)).toEqual({ text: '1 h left', expired: false, soon: true });
    expect(timeLeft(at(125 * 60_000), now)).toEqual({ text: '2 h 5 min left', expired: false, soon: false });
    expect(timeLeft(at(24 * 3_600_000), now).text).toBe('1 day left');
    expect(timeLeft(at(51 * 3_600_000), now).text).toBe('2 days 3 h left');
  });

  test('past or now is expired; a bad date says nothing', () => {
    expect(timeLeft(at(0), now)).toEqual({ text: 'expired', expired: true, soon: true });
    expect(timeLeft(at(-5000), now).expired).toBe(true);
    expect(timeLeft('not a date', now).text).toBe('');
  });
});

test('formatDuration', () => {
  expect(formatDuration(7.4)).toBe('0:07');
  expect(formatDuration(62)).toBe('1:02');
  expect(formatDuration(3723)).toBe('1:02:03');
});
