import type { JobInput } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { compositionHandlers } from './composition.ts';
import {
  coverFilter,
  escapeFilterValue,
  evenFloor,
  fitFilter,
  frameRateValue,
  opacityFilters,
  outputFrameRate,
} from './composition-filters.ts';
import { inputAt, inputsOf } from './composition-inputs.ts';
import { progressSlice, stepSlice } from './composition-progress.ts';

describe('filter pieces', () => {
  it('fitFilter letterboxes on black with square pixels', () => {
    expect(fitFilter(1280, 720)).toBe(
      'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1',
    );
  });

  it('coverFilter scales up to cover and crops the centre', () => {
    expect(coverFilter(1080, 960)).toBe(
      'scale=1080:960:force_original_aspect_ratio=increase,crop=1080:960,setsar=1',
    );
  });

  it('opacityFilters multiplies alpha, and does nothing at 100 %', () => {
    expect(opacityFilters(100)).toEqual([]);
    expect(opacityFilters(50)).toEqual(['colorchannelmixer=aa=0.5']);
    expect(opacityFilters(0)).toEqual(['colorchannelmixer=aa=0']);
    expect(opacityFilters(37)).toEqual(['colorchannelmixer=aa=0.37']);
  });

  it('frameRateValue gives NTSC rates as exact rationals', () => {
    expect(frameRateValue(29.97)).toBe('30000/1001');
    expect(frameRateValue(23.976)).toBe('24000/1001');
    expect(frameRateValue(59.94)).toBe('60000/1001');
    expect(frameRateValue(25)).toBe('25');
    expect(frameRateValue(12.5)).toBe('12.5');
  });

  it('outputFrameRate caps at 60 and defaults to 30', () => {
    expect(outputFrameRate(120)).toBe(60);
    expect(outputFrameRate(25)).toBe(25);
    expect(outputFrameRate(undefined)).toBe(30);
    expect(outputFrameRate(0)).toBe(30);
  });

  it('evenFloor rounds down to even, at least 2', () => {
    expect(evenFloor(321)).toBe(320);
    expect(evenFloor(240)).toBe(240);
    expect(evenFloor(1)).toBe(2);
  });

  it('escapeFilterValue escapes for the option parser, then for the graph parser', () => {
    expect(escapeFilterValue('/tmp/a/b.txt')).toBe('/tmp/a/b.txt');
    // ':' → '\:' (option level) → '\\\:' (graph level: the backslash and nothing else is escaped again)
    expect(escapeFilterValue('a:b')).toBe('a\\\\:b');
    expect(escapeFilterValue("it's")).toBe("it\\\\\\'s");
    expect(escapeFilterValue('a,b;c[d]')).toBe('a\\,b\\;c\\[d\\]');
    expect(escapeFilterValue('back\\slash')).toBe('back\\\\\\\\slash');
  });
});

describe('progressSlice / stepSlice', () => {
  const ctx = (seen: number[]) => ({
    signal: new AbortController().signal,
    log: pino({ level: 'silent' }),
    progress: (p: number) => seen.push(p),
  });

  it('maps a step’s 0..100 onto its share of the job', () => {
    const seen: number[] = [];
    const slice = progressSlice(ctx(seen), 20, 100);
    slice.progress(0);
    slice.progress(50);
    slice.progress(100);
    slice.progress(150);
    expect(seen).toEqual([20, 60, 100, 100]);
  });

  it('splits a range into equal steps', () => {
    const seen: number[] = [];
    stepSlice(ctx(seen), 1, 4, 0, 20).progress(100);
    stepSlice(ctx(seen), 3, 4).progress(0);
    expect(seen).toEqual([10, 75]);
  });
});

describe('input checks', () => {
  const video = { media: 'video', format: 'mp4', name: 'a.mp4', path: '/a', fileId: 'a', mime: 'video/mp4' };
  const png = { media: 'image', format: 'png', name: 'b.png', path: '/b', fileId: 'b', mime: 'image/png' };
  const heic = { ...png, format: 'heic', name: 'c.heic', mime: 'image/heic' };
  const ctx = (...inputs: object[]) => ({ tool: 'some-tool', inputs: inputs as JobInput[] });

  it('accepts inputs of the right kind at the right place', () => {
    expect(inputAt(ctx(video, png), 1, 'image', 'image').name).toBe('b.png');
    expect(inputsOf(ctx(png, png), 'image', 1, 50)).toHaveLength(2);
  });

  it('refuses, as the input’s fault, a missing input, a wrong kind, or an image ffmpeg cannot read', () => {
    expect(() => inputAt(ctx(video), 1, 'image', 'logo')).toThrow(
      new JobFailure('some-tool needs a logo as its second file'),
    );
    expect(() => inputAt(ctx(png, png), 0, 'video', 'video')).toThrow(
      /needs a video as its first file \(video\), but b\.png is an image \(png\)/,
    );
    expect(() => inputAt(ctx(video, heic), 1, 'image', 'image')).toThrow(/c\.heic is HEIC/);
    expect(() => inputsOf(ctx(video), 'video', 2, 20)).toThrow(/takes 2 to 20 videos, but got 1/);
  });
});

describe('registry', () => {
  it('registers the seven composition tools by catalog name', () => {
    expect(Object.keys(compositionHandlers).sort()).toEqual([
      'add-logo-or-watermark-to-video',
      'brainrot-creator',
      'convert-image-to-video',
      'join-video',
      'overlay-image-on-video',
      'overlay-video-on-video',
      'video-frame-extractor',
    ]);
  });
});
