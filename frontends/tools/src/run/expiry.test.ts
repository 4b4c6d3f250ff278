import { expect, test } from 'vitest';
import { describeExpiry, earliest } from './expiry.ts';

test('the deletion time is said with the time of day and what is left', () => {
  const now = Date.parse('2030-05-01T10:00:00Z');
  expect(describeExpiry('2030-05-01T10:59:00Z', now)).toMatch(/^at .+ \(in 59 minutes\)$/);
  expect(describeExpiry('2030-05-01T10:01:00Z', now)).toMatch(/\(in 1 minute\)$/);
  expect(describeExpiry('2030-05-02T09:00:00Z', now)).toMatch(/\(in about 23 hours\)$/);
  expect(describeExpiry('nonsense', now)).toBeUndefined();
  expect(earliest(['2030-05-02T00:00:00Z', undefined, '2030-05-01T00:00:00Z'])).toBe('2030-05-01T00:00:00Z');
});
