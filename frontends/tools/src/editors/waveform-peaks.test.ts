import { describe, expect, it } from 'vitest';
import {
  barOf,
  columnSamples,
  columnsPerSlice,
  computePeaks,
  emptyPeaks,
  fillPeaks,
} from './waveform-peaks.ts';

describe('waveform peaks', () => {
  it('gives each column the lowest and highest sample it covers', () => {
    const samples = Float32Array.from([0.1, -0.5, 0.3, 0.9, -0.2, 0, 0, 0]);
    const peaks = computePeaks([samples], 4);
    expect(Array.from(peaks.max)).toEqual([0.1, 0.9, 0, 0].map(Math.fround));
    expect(Array.from(peaks.min)).toEqual([-0.5, 0, -0.2, 0].map(Math.fround));
  });

  it('takes the loudest of every channel, so a sound on one side shows', () => {
    const left = new Float32Array(100);
    const right = new Float32Array(100);
    right[75] = -0.8;
    const peaks = computePeaks([left, right], 2);
    expect(peaks.min[0]).toBe(0);
    expect(peaks.min[1]).toBeCloseTo(-0.8);
  });

  it('clips overshoot to the drawing range', () => {
    const peaks = computePeaks([Float32Array.from([1.4, -1.3])], 1);
    expect([peaks.min[0], peaks.max[0]]).toEqual([-1, 1]);
  });

  it('covers every sample once when the columns do not divide the samples evenly', () => {
    const spans = Array.from({ length: 7 }, (_, c) => columnSamples(c, 7, 100));
    expect(spans[0][0]).toBe(0);
    expect(spans[6][1]).toBe(100);
    for (let c = 1; c < 7; c++) expect(spans[c][0]).toBe(spans[c - 1][1]);
  });

  it('gives a column a sample even with more columns than samples', () => {
    const peaks = computePeaks([Float32Array.from([0.5, -0.5])], 4);
    expect(Array.from(peaks.max)).toEqual([0.5, 0.5, 0, 0]);
    expect(Array.from(peaks.min)).toEqual([0, 0, -0.5, -0.5]);
  });

  it('in slices gives what one pass gives', () => {
    const samples = Float32Array.from({ length: 10_000 }, (_, i) => Math.sin(i / 37) * (i % 113) * 0.008);
    const whole = computePeaks([samples], 300);
    const sliced = emptyPeaks(300);
    for (let from = 0; from < 300; from += 41) fillPeaks([samples], sliced, from, from + 41);
    expect(sliced).toEqual(whole);
  });

  it('sizes slices by the samples they read', () => {
    // 10 minutes at 8 kHz in stereo over 1000 columns: 4800 samples per column and channel.
    expect(columnsPerSlice(4800, 2)).toBe(41);
    expect(columnsPerSlice(10_000_000, 2)).toBe(1);
  });

  it('draws a column from its peaks, silence as a one-pixel line in the middle', () => {
    const peaks = computePeaks([Float32Array.from([0.5, -1, 0, 0])], 2);
    expect(barOf(peaks, 0, 100)).toEqual({ y: 25, h: 75 });
    expect(barOf(peaks, 1, 100)).toEqual({ y: 50, h: 1 });
  });
});
