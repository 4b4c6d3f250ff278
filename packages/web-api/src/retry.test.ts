import { describe, expect, test } from 'vitest';
import { DEFAULT_MAX_ATTEMPTS, withRetry } from './retry.ts';

const noSleep = async () => {};

describe('retry layer', () => {
  test('three attempts by default, then the last error', async () => {
    expect(DEFAULT_MAX_ATTEMPTS).toBe(3);
    let calls = 0;
    await expect(
      withRetry(
        async (attempt) => {
          calls++;
          throw new Error(`attempt ${attempt}`);
        },
        { sleep: noSleep },
      ),
    ).rejects.toThrow('attempt 3');
    expect(calls).toBe(3);
  });

  test('stops at the first success', async () => {
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 2) throw new Error('once');
        return 'ok';
      },
      { sleep: noSleep },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(2);
  });

  test('a maximum below 1 is an error, before any attempt', async () => {
    for (const maxAttempts of [0, -1, 0.5, Number.NaN]) {
      let calls = 0;
      await expect(
        withRetry(
          async () => {
            calls++;
          },
          { maxAttempts },
        ),
      ).rejects.toThrow(RangeError);
      expect(calls).toBe(0);
    }
  });

  test('a maximum of 1 means no retry; errors not worth retrying stop at once', async () => {
    let calls = 0;
    const fail = async () => {
      calls++;
      throw new Error('no');
    };
    await expect(withRetry(fail, { maxAttempts: 1, sleep: noSleep })).rejects.toThrow('no');
    expect(calls).toBe(1);
    calls = 0;
    await expect(withRetry(fail, { shouldRetry: () => false, sleep: noSleep })).rejects.toThrow('no');
    expect(calls).toBe(1);
  });

  test('waits between attempts, growing', async () => {
    const waits: number[] = [];
    await expect(
      withRetry(
        async () => {
          throw new Error('x');
        },
        { maxAttempts: 3, sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow();
    expect(waits).toEqual([300, 600]);
  });
});
