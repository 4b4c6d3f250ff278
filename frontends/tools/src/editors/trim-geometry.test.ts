import { describe, expect, it } from 'vitest';
import { formatSeconds, keyTarget, MIN_GAP, placeHandle, rangeOf, timeAt, xOf } from './trim-geometry.ts';

describe('trim geometry', () => {
  it('turns a position into a time and back, inside the timeline', () => {
    expect(timeAt(150, 600, 60)).toBe(15);
    expect(xOf(15, 600, 60)).toBe(150);
    expect(timeAt(-20, 600, 60)).toBe(0);
    expect(timeAt(700, 600, 60)).toBe(60);
    expect(xOf(90, 600, 60)).toBe(600);
  });

  it('answers 0 before the timeline or the length is known', () => {
    expect(timeAt(100, 0, 60)).toBe(0);
    expect(timeAt(100, 600, 0)).toBe(0);
    expect(xOf(10, 600, 0)).toBe(0);
  });

  it('reads the form: empty end is the whole file, values outside it are brought in', () => {
    expect(rangeOf({ start: '', end: '' }, 30)).toEqual({ start: 0, end: 30, length: 30 });
    expect(rangeOf({ start: '5', end: '99' }, 30)).toEqual({ start: 5, end: 30, length: 30 });
    expect(rangeOf({ start: '-3', end: 'x' }, 30)).toEqual({ start: 0, end: 0, length: 30 });
  });

  it('keeps the handles in order with a gap, and in the file', () => {
    const range = { start: 5, end: 10, length: 30 };
    expect(placeHandle('start', 12, range)).toBe(10 - MIN_GAP);
    expect(placeHandle('start', -1, range)).toBe(0);
    expect(placeHandle('end', 2, range)).toBe(5 + MIN_GAP);
    expect(placeHandle('end', 31, range)).toBe(30);
    expect(placeHandle('end', 20, range)).toBe(20);
  });

  it('moves a handle by 0.1 s per arrow, 1 s with Shift, to the ends with Home and End', () => {
    expect(keyTarget('ArrowRight', false, 2, 30)).toBeCloseTo(2.1);
    expect(keyTarget('ArrowDown', true, 2, 30)).toBe(1);
    expect(keyTarget('Home', false, 2, 30)).toBe(0);
    expect(keyTarget('End', false, 2, 30)).toBe(30);
    expect(keyTarget('a', false, 2, 30)).toBeUndefined();
  });

  it('writes seconds with at most two decimals', () => {
    expect(formatSeconds(2.1000000001)).toBe('2.1');
    expect(formatSeconds(3)).toBe('3');
    expect(formatSeconds(1.23456)).toBe('1.23');
  });
});
