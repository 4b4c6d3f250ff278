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

  it('moves to a fallback step only when even the lowest quality is too big, bisecting the steps', async () => {
    // At scale s the size is s² × (2000 + 10 q): scale 1 never fits 1500 bytes, 0.81 fits up to q≈28...
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
    // Scale 1: the first probe failed, so quality 1 was tried at once (2 encodes, not 7). Then the
    // fallbacks at quality 1: 0.81 (fits), 0.9 (does not); 0.729 is never needed.
    expect(fake.calls.slice(0, 4)).toEqual([
      [50, 1],
      [1, 1],
      [1, 0.81],
      [1, 0.9],
    ]);
    expect(fake.calls.some(([, s]) => s === 0.729)).toBe(false);
    expect(fake.calls.filter(([, s]) => s === 0.9)).toEqual([[1, 0.9]]);
    expect(fake.calls.length).toBeLessThanOrEqual(4 + 7);
  });

  it('rules out hopeless fallback steps by bisection, ending on the last (smallest) one', async () => {
    const fake = fakeEncoder((q, s) => s * 10_000 + q);
    const steps = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4];
    const result = await fitByteBudget({
      maxBytes: 100,
      minQuality: 1,
      maxQuality: 100,
      steps,
      encode: fake.encode,
    });
    expect(result.fits).toBe(false);
    expect(fake.calls).toEqual([
      [50, 1],
      [1, 1],
      [1, 0.7],
      [1, 0.5],
      [1, 0.4],
    ]);
    if (!result.fits) expect(result.smallest).toMatchObject({ quality: 1, step: 0.4 });
  });

  it('costs 8 encodes instead of 7 when the first probe fails but a low quality fits', async () => {
    const fake = fakeEncoder((q) => 1000 + q * 100);
    const result = await fitByteBudget({
      maxBytes: 2000, // q = 10
      minQuality: 1,
      maxQuality: 100,
      steps: [1, 0.9],
      encode: fake.encode,
    });
    expect(result).toMatchObject({ fits: true, quality: 10, step: 1 });
    expect(fake.calls.slice(0, 2)).toEqual([
      [50, 1],
      [1, 1],
    ]);
    expect(fake.calls.length).toBeLessThanOrEqual(8);
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

/**
 * A coarse encoder like mozjpeg above quality 60: each quality step is 25 % bigger than the one below, so
 * the largest quality that fits can land up to 20 % under the budget. Its fine knobs (step = scale):
 * `smooth` takes off up to 40 % smoothly; `kinked` does nothing until 0.3 then falls steeply (like a blur
 * that only bites past a threshold); `weak` takes off 3 % at most.
 */
type Knob = 'smooth' | 'kinked' | 'weak';
const coarse = (q: number, s: number) => s * s * 1000 * 1.25 ** q;
const knobFactor: Record<Knob, (amount: number) => number> = {
  smooth: (a) => 1 - 0.4 * a,
  kinked: (a) => (a < 0.3 ? 1 : 1 - (a - 0.3) * 0.6),
  weak: (a) => 1 - 0.03 * a,
};

function refinedSearch(
  maxBytes: number,
  knobs: readonly Knob[],
  options: { steps?: number[]; maxEncodes?: number } = {},
) {
  const calls: { quality: number; step: number; knob?: Knob; amount?: number }[] = [];
  const result = fitByteBudget<number, Knob>({
    maxBytes,
    minQuality: 1,
    maxQuality: 20,
    steps: options.steps ?? [1],
    encode: async (quality, step) => {
      calls.push({ quality, step });
      return Buffer.alloc(Math.round(coarse(quality, step)));
    },
    refine: {
      minBytes: Math.ceil(maxBytes * 0.95),
      maxEncodes: options.maxEncodes ?? 8,
      knobs: () => knobs,
      encode: async (quality, step, knob, amount) => {
        calls.push({ quality, step, knob, amount });
        return Buffer.alloc(Math.round(coarse(quality, step) * knobFactor[knob](amount)));
      },
    },
  });
  return { result, calls };
}

/** Targets spread (geometrically) between two sizes. */
const spread = (from: number, to: number, count: number) =>
  Array.from({ length: count }, (_, i) => Math.round(from * (to / from) ** ((i + 0.5) / count)));

describe('fitByteBudget refine', () => {
  it('lands every reachable target within 5 % under it, in at most 20 encodes', async () => {
    // quality 1 = 1250 bytes, quality 20 = 86 736 bytes; steps of 25 %.
    for (const maxBytes of spread(coarse(1, 1), coarse(20, 1), 40)) {
      for (const knob of ['smooth', 'kinked'] as const) {
        const { result, calls } = refinedSearch(maxBytes, [knob]);
        const outcome = await result;
        expect(outcome.fits, `${maxBytes} ${knob}`).toBe(true);
        if (!outcome.fits) continue;
        expect(outcome.data.length, `${maxBytes} ${knob}`).toBeLessThanOrEqual(maxBytes);
        expect(outcome.data.length, `${maxBytes} ${knob}`).toBeGreaterThanOrEqual(maxBytes * 0.95);
        expect(calls.length).toBeLessThanOrEqual(20);
        expect(calls.filter((c) => c.knob).length).toBeLessThanOrEqual(8);
      }
    }
  });

  it('turns the knob at the quality that was too big, and says so', async () => {
    // 1.25^10 × 1000 = 9313 (fits 10 000 but under 9500); q11 = 11 642 is too big.
    const { result, calls } = refinedSearch(10_000, ['smooth']);
    const outcome = await result;
    expect(outcome).toMatchObject({ fits: true, quality: 11, step: 1, fine: { knob: 'smooth' } });
    expect(calls.filter((c) => c.knob).every((c) => c.quality === 11)).toBe(true);
    // Amount 1 first (can the knob reach at all?), then interpolation: a smooth knob takes few encodes.
    expect(calls.find((c) => c.knob)?.amount).toBe(1);
    expect(calls.filter((c) => c.knob).length).toBeLessThanOrEqual(3);
    if (outcome.fits) {
      expect(outcome.fine?.amount).toBeGreaterThan(0);
      expect(outcome.attempts.at(-1)?.fine).toEqual(outcome.fine);
    }
  });

  it('does not refine when the quality search already lands in the window', async () => {
    const { result, calls } = refinedSearch(Math.round(coarse(10, 1) / 0.97), ['smooth']);
    expect(await result).toMatchObject({ fits: true, quality: 10 });
    expect(calls.some((c) => c.knob)).toBe(false);
  });

  it('takes the top quality as it is when the target is above it (nothing to refine)', async () => {
    const { result, calls } = refinedSearch(coarse(20, 1) * 3, ['smooth']);
    const outcome = await result;
    expect(outcome).toMatchObject({ fits: true, quality: 20 });
    expect(outcome.fits && outcome.fine).toBeUndefined();
    expect(calls.some((c) => c.knob)).toBe(false);
  });

  it('moves to the next knob when one cannot reach, and keeps the best fit when none can', async () => {
    const both = refinedSearch(10_000, ['weak', 'smooth']);
    const outcome = await both.result;
    expect(outcome).toMatchObject({ fits: true, quality: 11, fine: { knob: 'smooth' } });
    // The weak knob cost exactly one encode (its strongest setting was still too big).
    expect(both.calls.filter((c) => c.knob === 'weak')).toEqual([
      { quality: 11, step: 1, knob: 'weak', amount: 1 },
    ]);

    const weakOnly = refinedSearch(10_000, ['weak']);
    const fallback = await weakOnly.result;
    // Quality 10 (9313 bytes) stays the answer: under the window, but nothing measured fits closer.
    expect(fallback).toMatchObject({ fits: true, quality: 10 });
    expect(fallback.fits && fallback.fine).toBeUndefined();
  });

  it('refines at the fallback step too, and stays within 20 encodes there', async () => {
    const steps = [1, 0.9, 0.81, 0.729, 0.6561, 0.59049, 0.531441];
    // Under quality 1 at full size (1250): only a smaller scale can make it.
    for (const maxBytes of spread(coarse(1, 0.531441), coarse(1, 1) * 0.99, 20)) {
      const { result, calls } = refinedSearch(maxBytes, ['smooth'], { steps });
      const outcome = await result;
      expect(outcome.fits).toBe(true);
      if (!outcome.fits) continue;
      expect(outcome.step).toBeLessThan(1);
      expect(outcome.data.length, `${maxBytes}`).toBeLessThanOrEqual(maxBytes);
      expect(outcome.data.length, `${maxBytes}`).toBeGreaterThanOrEqual(maxBytes * 0.95);
      expect(calls.length, `${maxBytes}`).toBeLessThanOrEqual(20);
    }
  });

  it('never returns more than the budget from a wobbly knob, and respects maxEncodes', async () => {
    const calls: number[] = [];
    const result = await fitByteBudget<number, 'wobbly'>({
      maxBytes: 10_000,
      minQuality: 1,
      maxQuality: 20,
      steps: [1],
      encode: async (q) => Buffer.alloc(Math.round(coarse(q, 1))),
      refine: {
        minBytes: 9_500,
        maxEncodes: 5,
        knobs: () => ['wobbly'],
        // Jumps between 12 000 and 8 000 with the amount's bits: never in the window.
        encode: async (_q, _s, _k, amount) => {
          calls.push(amount);
          return Buffer.alloc(amount === 1 || Math.floor(amount * 64) % 2 ? 8_000 : 12_000);
        },
      },
    });
    expect(calls.length).toBe(5);
    expect(result.fits && result.data.length).toBe(9313); // quality 10, the best measured fit
  });

  it('stops refining when the signal is aborted', async () => {
    const controller = new AbortController();
    const refineCalls: number[] = [];
    const search = fitByteBudget<number, 'smooth'>({
      maxBytes: 10_000,
      minQuality: 1,
      maxQuality: 20,
      steps: [1],
      encode: async (q) => Buffer.alloc(Math.round(coarse(q, 1))),
      refine: {
        minBytes: 9_500,
        maxEncodes: 8,
        knobs: () => ['smooth'],
        encode: async (q, s, knob, amount) => {
          refineCalls.push(amount);
          controller.abort();
          return Buffer.alloc(Math.round(coarse(q, s) * knobFactor[knob](amount)));
        },
      },
      signal: controller.signal,
    });
    await expect(search).rejects.toMatchObject({ name: 'AbortError' });
    expect(refineCalls).toHaveLength(1);
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
