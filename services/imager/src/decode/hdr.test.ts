import { describe, expect, it } from 'vitest';
import { hdrTransfer, toneMapToSdr } from './hdr.ts';

/** PQ inverse EOTF (SMPTE ST 2084): nits → signal 0..1, to build inputs from known light levels. */
function pqSignal(nits: number): number {
  const [m1, m2, c1, c2, c3] = [
    2610 / 16384,
    (2523 / 4096) * 128,
    3424 / 4096,
    (2413 / 4096) * 32,
    (2392 / 4096) * 32,
  ];
  const y = (nits / 10000) ** m1;
  return ((c1 + c2 * y) / (1 + c3 * y)) ** m2;
}

function pixels(signals: number[][]): Uint16Array {
  return Uint16Array.from(signals.flat().map((s) => Math.round(s * 65535)));
}

describe('hdrTransfer', () => {
  it('knows PQ (16) and HLG (18) and nothing else', () => {
    expect(hdrTransfer({ transfer: 16 })).toBe('pq');
    expect(hdrTransfer({ transfer: 18 })).toBe('hlg');
    for (const transfer of [1, 2, 6, 13, 14]) expect(hdrTransfer({ transfer })).toBeUndefined();
    expect(hdrTransfer(undefined)).toBeUndefined();
  });
});

describe('toneMapToSdr', () => {
  const grey = (nits: number) => {
    const s = pqSignal(nits);
    return [s, s, s];
  };

  it('maps the 1000-nit peak to white, black to black, and keeps greys grey and in order', () => {
    const levels = [0, 1, 10, 100, 203, 500, 1000];
    const out = toneMapToSdr({
      width: levels.length,
      height: 1,
      channels: 3,
      data: pixels(levels.map(grey)),
      maxCode: 65535,
      transfer: 'pq',
      primaries: 9,
    });
    const values = levels.map((_, i) => out.data[i * 3]);
    expect(values[0]).toBe(0);
    expect(values.at(-1)).toBeGreaterThanOrEqual(254);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    for (let i = 0; i < levels.length; i++) {
      expect(Math.abs(out.data[i * 3] - out.data[i * 3 + 1])).toBeLessThanOrEqual(1);
      expect(Math.abs(out.data[i * 3] - out.data[i * 3 + 2])).toBeLessThanOrEqual(1);
    }
    // Diffuse white (203 nits, BT.2408) lands in the upper middle, not washed-out near white.
    expect(values[4]).toBeGreaterThan(120);
    expect(values[4]).toBeLessThan(230);
  });

  it('converts BT.2020 primaries: a BT.2020 green is a saturated sRGB green, a hue kept', () => {
    const s = pqSignal(100);
    const out = toneMapToSdr({
      width: 1,
      height: 1,
      channels: 3,
      data: pixels([[0, s, 0]]),
      maxCode: 65535,
      transfer: 'pq',
      primaries: 9,
    });
    const [r, g, b] = out.data;
    expect(g).toBeGreaterThan(100);
    expect(r).toBe(0); // outside BT.709: clipped, not tinted
    expect(b).toBe(0);
  });

  it('reads 10-bit samples left-aligned in 16 bits (max code 65472) and keeps alpha', () => {
    const top = 1023 << 6;
    const out = toneMapToSdr({
      width: 2,
      height: 1,
      channels: 4,
      data: Uint16Array.from([top, top, top, top, 0, 0, 0, top >> 1]),
      maxCode: top,
      transfer: 'hlg',
      primaries: 9,
    });
    expect([...out.data]).toEqual([255, 255, 255, 255, 0, 0, 0, 128]);
  });
});
