import { describe, expect, test } from 'vitest';
import { centered, grow, move, normalize, resize } from './crop-geometry.ts';

const frame = { width: 1000, height: 800 };
const pan = { ratio: 25 / 35 };

describe('crop box geometry', () => {
  test('the starting box of a locked 25:35 ratio is the largest centered one', () => {
    const box = centered(frame, pan);
    // 800 × 25/35 = 571.4 px wide; whole pixels keep the ratio within a pixel.
    expect(box.width).toBe(571);
    expect(box.height).toBeGreaterThanOrEqual(799);
    expect(Math.abs(box.x - (1000 - 571) / 2)).toBeLessThanOrEqual(1);
    expect(box.y).toBe(0);
  });

  test('moving stops at the edges', () => {
    expect(move({ x: 10, y: 10, width: 100, height: 100 }, -50, 2000, frame)).toEqual({
      x: 0,
      y: 700,
      width: 100,
      height: 100,
    });
  });

  test('dragging a corner keeps the opposite corner and, when locked, the ratio', () => {
    const box = { x: 100, y: 100, width: 250, height: 350 };
    const bigger = resize(box, 'se', 100, 0, frame, pan);
    expect(bigger).toEqual({ x: 100, y: 100, width: 350, height: 490 });
    const fromTopLeft = resize(box, 'nw', 50, 50, frame, pan);
    expect(fromTopLeft.x + fromTopLeft.width).toBe(350);
    expect(fromTopLeft.y + fromTopLeft.height).toBe(450);
    expect(fromTopLeft.width / fromTopLeft.height).toBeCloseTo(25 / 35, 1);
  });

  test('a locked box never leaves the frame: it stops growing where one side runs out', () => {
    const box = resize({ x: 500, y: 100, width: 250, height: 350 }, 'se', 2000, 0, frame, pan);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(box.x + box.width).toBeLessThanOrEqual(1000);
    expect(box.width / box.height).toBeCloseTo(25 / 35, 1);
  });

  test('free boxes follow the drag; video crops get even sides', () => {
    expect(resize({ x: 0, y: 0, width: 100, height: 100 }, 'se', 33, -20, frame)).toEqual({
      x: 0,
      y: 0,
      width: 133,
      height: 80,
    });
    expect(normalize({ x: 1.4, y: 2.6, width: 101, height: 57 }, frame, { even: true })).toEqual({
      x: 1,
      y: 3,
      width: 100,
      height: 56,
    });
  });

  test('+ and − grow and shrink around the center with the ratio kept', () => {
    const box = { x: 100, y: 100, width: 250, height: 350 };
    const bigger = grow(box, 50, frame, pan);
    expect(bigger.width).toBe(300);
    expect(bigger.height).toBe(420);
    expect(bigger.x).toBe(75);
  });
});
