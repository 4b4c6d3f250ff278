import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  checkImageLimits,
  DEFAULT_IMAGE_LIMITS,
  formatMegapixels,
  type ImageLimits,
  imageLimitsEnvSchema,
  imageLimitsFromEnv,
} from './image-limits.ts';

const limits: ImageLimits = { ...DEFAULT_IMAGE_LIMITS };
const image = (extra: Record<string, number | string>) => ({ name: 'poster.png', media: 'image', ...extra });

describe('image limits from the environment', () => {
  it('defaults to 100 MP, 1000 frames, 200 MB and 60 s', () => {
    const env = Value.Default(imageLimitsEnvSchema, {}) as never;
    expect(imageLimitsFromEnv(env)).toEqual({
      maxPixels: 100_000_000,
      maxFrames: 1000,
      maxInputBytes: 209_715_200,
      decodeTimeoutSeconds: 60,
    });
  });

  it('reads strings as numbers and rejects nonsense', () => {
    const defaults = Value.Default(imageLimitsEnvSchema, {}) as object;
    const env = Value.Convert(imageLimitsEnvSchema, { ...defaults, MAX_IMAGE_PIXELS: '50000000' });
    expect(Value.Check(imageLimitsEnvSchema, env)).toBe(true);
    expect(imageLimitsFromEnv(env as never).maxPixels).toBe(50_000_000);
    for (const bad of [
      { MAX_IMAGE_PIXELS: 0 },
      { MAX_IMAGE_FRAMES: 1.5 },
      { MAX_IMAGE_INPUT_BYTES: -1 },
      { IMAGE_DECODE_TIMEOUT_SECONDS: 0 },
      { IMAGE_DECODE_TIMEOUT_SECONDS: 3601 },
    ]) {
      expect(Value.Check(imageLimitsEnvSchema, { ...defaults, ...bad }), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('checkImageLimits', () => {
  it('is empty for inputs at every limit, and for unknown values', () => {
    expect(
      checkImageLimits(
        [image({ width: 10_000, height: 10_000, frames: 1000, size: 200 * 1024 ** 2 }), image({})],
        limits,
      ),
    ).toEqual([]);
  });

  it('names the file, its size in pixels and the limit in megapixels', () => {
    expect(checkImageLimits([image({ width: 20_000, height: 20_000 })], limits)).toEqual([
      'poster.png is 20000×20000 (400 MP); the limit is 100 MP.',
    ]);
    expect(
      checkImageLimits([image({ width: 12_000, height: 12_000 })], { ...limits, maxPixels: 50_000_000 }),
    ).toEqual(['poster.png is 12000×12000 (144 MP); the limit is 50 MP.']);
  });

  it('counts exactly when the rounded values would be the same', () => {
    expect(checkImageLimits([image({ width: 10_001, height: 10_000 })], limits)).toEqual([
      'poster.png is 10001×10000 (100,010,000 pixels); the limit is 100,000,000 pixels.',
    ]);
    expect(checkImageLimits([image({ width: 100, height: 100 })], { ...limits, maxPixels: 9999 })).toEqual([
      'poster.png is 100×100 (10,000 pixels); the limit is 9,999 pixels.',
    ]);
  });

  it('names frames of animations and pages of TIFFs', () => {
    expect(checkImageLimits([image({ name: 'loop.gif', format: 'gif', frames: 1200 })], limits)).toEqual([
      'loop.gif has 1,200 frames; the limit is 1,000 frames.',
    ]);
    expect(
      checkImageLimits([image({ name: 'scan.tiff', format: 'tiff', frames: 5 })], {
        ...limits,
        maxFrames: 3,
      }),
    ).toEqual(['scan.tiff has 5 pages; the limit is 3 pages.']);
  });

  it('names the file size', () => {
    expect(checkImageLimits([image({ size: 250 * 1024 ** 2 })], limits)).toEqual([
      'poster.png is 250 MB; the limit is 200 MB.',
    ]);
    expect(checkImageLimits([image({ size: 200 * 1024 ** 2 + 1 })], limits)).toEqual([
      'poster.png is 209,715,201 bytes; the limit is 209,715,200 bytes.',
    ]);
  });

  it('checks every input in order, one sentence per limit, and only images', () => {
    const tiny: ImageLimits = { maxPixels: 100, maxFrames: 2, maxInputBytes: 1000, decodeTimeoutSeconds: 1 };
    expect(
      checkImageLimits(
        [
          { name: 'a.gif', media: 'image', format: 'gif', width: 20, height: 20, frames: 3, size: 2000 },
          { name: 'clip.mp4', media: 'video', width: 1920, height: 1080, size: 10_000 },
          { name: 'b.png', width: 5, height: 5, size: 10 },
          { name: 'c.jpg', width: 11, height: 10 },
        ],
        tiny,
      ),
    ).toEqual([
      'a.gif is 20×20 (400 pixels); the limit is 100 pixels.',
      'a.gif has 3 frames; the limit is 2 frames.',
      'a.gif is 2 KB; the limit is 1,000 bytes.',
      'c.jpg is 11×10 (110 pixels); the limit is 100 pixels.',
    ]);
  });
});

describe('formatMegapixels', () => {
  it('rounds to a tenth of a megapixel, exact below one', () => {
    expect(formatMegapixels(100_000_000)).toBe('100 MP');
    expect(formatMegapixels(4000 * 3000)).toBe('12 MP');
    expect(formatMegapixels(4032 * 3024)).toBe('12.2 MP');
    expect(formatMegapixels(999_999)).toBe('999,999 pixels');
    expect(formatMegapixels(100_000_000, true)).toBe('100,000,000 pixels');
  });
});
