import { describe, expect, it } from 'vitest';
import { fitByteBudget, kilobytes, shrinkSteps } from './editing-byte-budget.ts';

/** A fake encoder: size grows with quality and with the step (think: scale), and it records its calls. */
function fakeEncoder(bytesAt: (quality: number, step: number) => number) {
  const calls: [number, number][] = [];
  return {
    calls,
    encode: async (quality: number, step: number) => {
      calls.push([quality, step]);
      return Buffer.alloc(Math.max(0, Math.round(bytesAt(quality, step))));
    },
  };
}

describe('fitByteBudget', () => {
  it('finds the largest quality under the budget with a binary search', async () => {
    const fake = fakeEncoder((q) => 1000 + q * 100); // q=40 → 5000 bytes
    const result = await fitByteBudget({
      maxBytes: 5000,
      minQuality: 1,
      maxQuality: 100,
      steps: [1],
      encode: fake.encode,
    });
    expect(result).toMatchObject({ fits: true, quality: 40, step: 1 });
    if (result.fits) expect(result.data.length).toBe(5000);
    expect(fake.calls.length).toBeLessThanOrEqual(7); // ⌈log2(101)⌉
    expect(result.attempts).toHaveLength(fake.calls.length);
  });

  it('takes the top quality when everything fits, and the bottom when only it fits', async () => {
    const all = await fitByteBudget({
      maxBytes: 1e9,
      minQuality: 1,
      maxQuality: 100,
      steps: [1],
      encode: fakeEncoder((q) => q).encode,
    });
    expect(all).toMatchObject({ fits: true, quality: 100 });
    const bottom = await fitByteBudget({
      maxBytes: 10,
      minQuality: 1,
      maxQuality: 100,
      steps: [1],
      encode: fakeEncoder((q) => q * 10).encode,
    });
    expect(bottom).toMatchObject({ fits: true, quality: 1 });
  });

  it('moves to the next step only when even the lowest quality is too big', async () => {
    // At scale s the size is s² × (2000 + 10 q): scale 1 never fits 1500 bytes, 0.81 fits up to q≈1...
    const fake = fakeEncoder((q, s) => s * s * (2000 + q * 10));
    const result = await fitByteBudget({
      maxBytes: 1500,
      minQuality: 1,
      maxQuality: 100,
      steps: [1, 0.9, 0.81, 0.729],
      encode: fake.encode,
    });
    // 0.81² × 2010 = 1319 fits; 0.81² × (2000 + 10q) ≤ 1500 ⇒ q ≤ 28.6
    expect(result).toMatchObject({ fits: true, step: 0.81, quality: 28 });
    // Scale 1 failed at quality 1 after a search; 0.9 was ruled out by one encode at quality 1;
    // 0.729 was never tried.
    expect(fake.calls.some(([q, s]) => s === 1 && q === 1)).toBe(true);
    expect(fake.calls.filter(([, s]) => s === 0.9)).toEqual([[1, 0.9]]);
    expect(fake.calls.some(([, s]) => s === 0.729)).toBe(false);
    expect(fake.calls[fake.calls.findIndex(([, s]) => s === 0.81)]).toEqual([1, 0.81]);
  });

  it('rules out a hopeless fallback step with a single encode', async () => {
    const fake = fakeEncoder((q, s) => s * 10_000 + q);
    const result = await fitByteBudget({
      maxBytes: 100,
      minQuality: 1,
      maxQuality: 100,
      steps: [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4],
      encode: fake.encode,
    });
    expect(result.fits).toBe(false);
    // A full search on the first step (at most 7 encodes), then one encode per fallback step.
    expect(fake.calls.filter(([, s]) => s === 1).length).toBeLessThanOrEqual(7);
    expect(fake.calls.filter(([, s]) => s !== 1)).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4].map((s) => [1, s]));
  });

  it('reports the smallest encoding when nothing fits', async () => {
    const result = await fitByteBudget({
      maxBytes: 100,
      minQuality: 1,
      maxQuality: 100,
      steps: [1, 0.5],
      encode: fakeEncoder((q, s) => s * 1000 + q).encode,
    });
    expect(result.fits).toBe(false);
    if (!result.fits) {
      expect(result.smallest).toMatchObject({ quality: 1, step: 0.5 });
      expect(result.smallest.data.length).toBe(501);
    }
  });

  it('never returns an encoding over the budget, even from a wobbly encoder', async () => {
    // Not monotonic: odd qualities are 30 bytes bigger than the next even one.
    const wobbly = (q: number) => 1000 + q * 10 + (q % 2) * 30;
    for (const maxBytes of [1045, 1200, 1333, 1600, 1999]) {
      const result = await fitByteBudget({
        maxBytes,
        minQuality: 1,
        maxQuality: 100,
        steps: [1],
        encode: fakeEncoder(wobbly).encode,
      });
      expect(result.fits).toBe(true);
      if (result.fits) expect(result.data.length).toBeLessThanOrEqual(maxBytes);
    }
  });

  it('searches a single quality (no knob) by steps alone', async () => {
    const fake = fakeEncoder((_q, s) => s * 1000);
    const result = await fitByteBudget({
      maxBytes: 700,
      minQuality: 100,
      maxQuality: 100,
      steps: [1, 0.9, 0.8, 0.7],
      encode: fake.encode,
    });
    expect(result).toMatchObject({ fits: true, step: 0.7, quality: 100 });
    expect(fake.calls).toEqual([
      [100, 1],
      [100, 0.9],
      [100, 0.8],
      [100, 0.7],
    ]);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    const fake = fakeEncoder((q) => q * 100);
    const encode = async (q: number, s: number) => {
      controller.abort();
      return fake.encode(q, s);
    };
    await expect(
      fitByteBudget({
        maxBytes: 10,
        minQuality: 1,
        maxQuality: 100,
        steps: [1],
        encode,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.calls).toHaveLength(1);
  });

  it('refuses nonsense ranges', async () => {
    const encode = fakeEncoder(() => 1).encode;
    await expect(
      fitByteBudget({ maxBytes: 1, minQuality: 50, maxQuality: 10, steps: [1], encode }),
    ).rejects.toThrow(RangeError);
    await expect(
      fitByteBudget({ maxBytes: 1, minQuality: 1, maxQuality: 10, steps: [], encode }),
    ).rejects.toThrow(RangeError);
  });
});

describe('kilobytes', () => {
  it('shows 1000-byte KB with one decimal, rounded up', () => {
    expect(kilobytes(14_150)).toBe('14.2');
    expect(kilobytes(14_101)).toBe('14.2');
    expect(kilobytes(14_100)).toBe('14.1');
    expect(kilobytes(999)).toBe('1.0');
  });
});

describe('shrinkSteps', () => {
  it('shrinks 10 % at a time down to the floor', () => {
    const steps = shrinkSteps(0.5);
    expect(steps).toHaveLength(7);
    expect(steps[0]).toBe(1);
    expect(steps[1]).toBeCloseTo(0.9);
    expect(steps[6]).toBeCloseTo(0.531441);
    expect(Math.min(...shrinkSteps(0.02))).toBeGreaterThanOrEqual(0.02);
  });
});
