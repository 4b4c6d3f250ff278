import { describe, expect, test } from 'vitest';
import { megapixels, pixelProblem } from './pixel-limit.ts';

describe('a file with more pixels than the tool takes', () => {
  test('is named with its size, the limit and what to do', () => {
    expect(pixelProblem({ media: 'image', width: 30000, height: 30000 }, 100_000_000)).toBe(
      'This image is 30000 × 30000 pixels; this tool takes images up to 100 megapixels. Make it smaller and add it again.',
    );
    expect(pixelProblem({ media: 'video', width: 10000, height: 5000 }, 8192 * 4320)).toBe(
      'This video is 10000 × 5000 pixels; this tool takes videos up to 35.4 megapixels. Make it smaller and add it again.',
    );
  });

  test('a file within the limit, or of unknown size, or a tool without one: nothing to say', () => {
    expect(pixelProblem({ media: 'image', width: 10000, height: 10000 }, 100_000_000)).toBeUndefined();
    expect(pixelProblem({ media: 'image' }, 100_000_000)).toBeUndefined();
    expect(pixelProblem({ media: 'image', width: 30000, height: 30000 }, undefined)).toBeUndefined();
  });

  test('megapixels read as people write them', () => {
    expect([megapixels(100_000_000), megapixels(8192 * 4320), megapixels(307_200)]).toEqual([100, 35.4, 0.3]);
  });
});
