import { describe, expect, it } from 'vitest';
import { bytesSentence, distinct, known, pixelsSentence } from './limit-sentences.ts';

const plainPixels = (pixels: number) => `${pixels} px`;

describe('limit sentences', () => {
  it('trusts only finite positive values', () => {
    expect([known(undefined), known(0), known(-1), known(Number.NaN), known(3)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      3,
    ]);
  });

  it('says both values precisely when the rough words would be equal', () => {
    const rough = (n: number, precise = false) => (precise ? `${n}` : `${Math.round(n / 10)}0`);
    expect(distinct(rough, 101, 200)).toEqual(['100', '200']);
    expect(distinct(rough, 101, 100)).toEqual(['101', '100']);
  });

  it('names the frame size only when it goes over the limit', () => {
    expect(pixelsSentence({ name: 'a.png', width: 10, height: 10 }, 100, plainPixels)).toBeUndefined();
    expect(pixelsSentence({ name: 'a.png', width: 10 }, 1, plainPixels)).toBeUndefined();
    expect(pixelsSentence({ name: 'a.png', width: 20, height: 10 }, 100, plainPixels)).toBe(
      'a.png is 20×10 (200 px); the limit is 100 px.',
    );
  });

  it('names the file size only when it goes over the limit', () => {
    expect(bytesSentence({ name: 'a.mp4', size: 1024 }, 1024)).toBeUndefined();
    expect(bytesSentence({ name: 'a.mp4', size: 3 * 1024 ** 2 }, 1024 ** 2)).toBe(
      'a.mp4 is 3 MB; the limit is 1 MB.',
    );
  });
});
