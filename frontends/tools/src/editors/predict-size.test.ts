import { expect, test } from 'vitest';
import { estimateSize } from './predict-size.ts';

test('the predicted size of compress-image: the target itself, or a share of the original per level', () => {
  expect(estimateSize({ size: 500_000 }, { targetSizeKB: 120 })).toBe(120_000);
  expect(estimateSize({ size: 50_000 }, { targetSizeKB: 120 })).toBe(50_000);
  const high = estimateSize({ size: 1_000_000 }, { level: 'high' });
  const low = estimateSize({ size: 1_000_000 }, { level: 'low' });
  expect(high).toBeLessThan(estimateSize({ size: 1_000_000 }, { level: 'medium' }));
  expect(low).toBeLessThan(1_000_000);
  expect(high).toBeLessThan(low);
});
