import { expect, test } from 'vitest';
import { estimateSize, outputMime } from './predict-size.ts';

test('the predicted size of compress-image: the target itself, or a share of the original per level', () => {
  expect(estimateSize({ size: 500_000 }, { targetSizeKB: 120 })).toBe(120_000);
  expect(estimateSize({ size: 50_000 }, { targetSizeKB: 120 })).toBe(50_000);
  const high = estimateSize({ size: 1_000_000 }, { level: 'high' });
  const low = estimateSize({ size: 1_000_000 }, { level: 'low' });
  expect(high).toBeLessThan(estimateSize({ size: 1_000_000 }, { level: 'medium' }));
  expect(low).toBeLessThan(1_000_000);
  expect(high).toBeLessThan(low);
});

test('the browser encodes the prediction in the format compress-image will write', () => {
  expect(outputMime('image/png', {})).toBe('image/png');
  expect(outputMime('image/png', { format: 'keep' })).toBe('image/png');
  expect(outputMime('image/png', { format: 'webp' })).toBe('image/webp');
  expect(outputMime('image/webp', { format: 'jpg' })).toBe('image/jpeg');
});
