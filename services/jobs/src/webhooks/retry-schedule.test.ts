import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-schedule.ts';

describe('the retry schedule of a webhook delivery', () => {
  it.each([
    [1, 30_000],
    [2, 120_000],
    [3, 600_000],
    [4, 1_800_000],
    [5, 3_600_000],
    [6, 3 * 3_600_000],
    [7, 6 * 3_600_000],
    [8, 12 * 3_600_000],
  ])('waits after failed attempt %i: %i ms', (failed, ms) => {
    expect(retryDelayMs(failed)).toBe(ms);
  });

  it('gives up after the ninth attempt, about a day after the first', () => {
    expect(retryDelayMs(9)).toBeNull();
    const total = [1, 2, 3, 4, 5, 6, 7, 8].reduce((sum, n) => sum + (retryDelayMs(n) ?? 0), 0);
    expect(total / 3_600_000).toBeGreaterThan(22);
    expect(total / 3_600_000).toBeLessThan(24);
  });

  it('scales every wait with the first one (WEBHOOK_RETRY_BASE_SECONDS)', () => {
    expect(retryDelayMs(1, 1)).toBe(1000);
    expect(retryDelayMs(2, 1)).toBe(4000);
    expect(retryDelayMs(8, 1)).toBe(1_440_000);
  });
});
