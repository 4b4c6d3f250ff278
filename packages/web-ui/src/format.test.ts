import { describe, expect, test } from 'vitest';
import { formatPrice } from './format.ts';

describe('formatPrice', () => {
  test('names the amount and the interval, the free plan too (its name already says Free)', () => {
    expect(formatPrice({ amount: 9, currency: 'USD', interval: 'month' })).toBe('$9.00 / month');
    expect(formatPrice({ amount: 0, currency: 'USD', interval: 'month' })).toBe('$0.00 / month');
  });
});
