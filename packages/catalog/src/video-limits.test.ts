import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  checkVideoLimits,
  DEFAULT_VIDEO_LIMITS,
  formatBytes,
  formatDuration,
  formatPixels,
  type VideoLimits,
  videoLimitsEnvSchema,
  videoLimitsFromEnv,
} from './video-limits.ts';

const limits: VideoLimits = { ...DEFAULT_VIDEO_LIMITS };
const video = (extra: Record<string, number>) => ({ name: 'clip.mov', media: 'video', ...extra });

describe('video limits from the environment', () => {
  it('defaults to 3 h, 8192×4320, a million frames and 4 GiB', () => {
    const env = Value.Default(videoLimitsEnvSchema, {}) as never;
    expect(videoLimitsFromEnv(env)).toEqual({
      maxDurationSeconds: 10_800,
      maxPixels: 35_389_440,
      maxFrames: 1_000_000,
      maxInputBytes: 4_294_967_296,
    });
  });

  it('reads strings as numbers and rejects nonsense', () => {
    const env = Value.Convert(videoLimitsEnvSchema, {
      ...(Value.Default(videoLimitsEnvSchema, {}) as object),
      MAX_VIDEO_DURATION_SECONDS: '2.5',
    });
    expect(Value.Check(videoLimitsEnvSchema, env)).toBe(true);
    expect(videoLimitsFromEnv(env as never).maxDurationSeconds).toBe(2.5);
    for (const bad of [
      { MAX_VIDEO_DURATION_SECONDS: 0 },
      { MAX_VIDEO_PIXELS: 1.5 },
      { MAX_VIDEO_FRAMES: -1 },
    ]) {
      const value = { ...(Value.Default(videoLimitsEnvSchema, {}) as object), ...bad };
      expect(Value.Check(videoLimitsEnvSchema, value)).toBe(false);
    }
  });
});

describe('checkVideoLimits', () => {
  it('is empty for inputs within every limit, and for unknown values', () => {
    expect(
      checkVideoLimits(
        [video({ duration: 10_800, width: 8192, height: 4320, fps: 30, size: 4 * 1024 ** 3 }), video({})],
        limits,
      ),
    ).toEqual([]);
  });

  it('names the file, its duration and the limit', () => {
    expect(checkVideoLimits([video({ duration: 4 * 3600 + 10 * 60 })], limits)).toEqual([
      'clip.mov is 4 h 10 min long; the limit is 3 h.',
    ]);
    expect(checkVideoLimits([video({ duration: 3.04 })], { ...limits, maxDurationSeconds: 2 })).toEqual([
      'clip.mov is 3.04 s long; the limit is 2 s.',
    ]);
  });

  it('says the seconds when the rounded duration would equal the limit', () => {
    expect(checkVideoLimits([video({ duration: 10_805 })], limits)).toEqual([
      'clip.mov is 3 h 0 min 5 s long; the limit is 3 h.',
    ]);
  });

  it('names the frame size in pixels', () => {
    expect(checkVideoLimits([video({ width: 10_240, height: 5760 })], limits)).toEqual([
      'clip.mov is 10240×5760 (59 megapixels); the limit is 35.4 megapixels.',
    ]);
    expect(
      checkVideoLimits([video({ width: 320, height: 240 })], { ...limits, maxPixels: 320 * 240 - 1 }),
    ).toEqual(['clip.mov is 320×240 (76,800 pixels); the limit is 76,799 pixels.']);
  });

  it('counts frames from the duration and the frame rate', () => {
    expect(checkVideoLimits([video({ duration: 2 * 3600, fps: 240 })], limits)).toEqual([
      'clip.mov has about 1,728,000 frames (2 h at 240 fps); the limit is 1,000,000 frames.',
    ]);
    // Both over the duration and the frame limit: one sentence each, duration first.
    expect(
      checkVideoLimits([video({ duration: 10, fps: 30 })], {
        ...limits,
        maxFrames: 100,
        maxDurationSeconds: 5,
      }),
    ).toEqual([
      'clip.mov is 10 s long; the limit is 5 s.',
      'clip.mov has about 300 frames (10 s at 30 fps); the limit is 100 frames.',
    ]);
  });

  it('names the file size', () => {
    expect(checkVideoLimits([video({ size: 5.5 * 1024 ** 3 })], limits)).toEqual([
      'clip.mov is 5.5 GB; the limit is 4 GB.',
    ]);
    expect(checkVideoLimits([video({ size: 4 * 1024 ** 3 + 1 })], limits)).toEqual([
      'clip.mov is 4,294,967,297 bytes; the limit is 4,294,967,296 bytes.',
    ]);
  });

  it('checks every input in order, images on frame and file size, audio on length and size, archives not at all', () => {
    const tiny: VideoLimits = { maxDurationSeconds: 1, maxPixels: 100, maxFrames: 10, maxInputBytes: 1000 };
    expect(
      checkVideoLimits(
        [
          { name: 'a.mp4', media: 'video', duration: 2 },
          { name: 'logo.png', media: 'image', width: 20, height: 20, size: 2000, duration: 5, fps: 25 },
          { name: 'song.mp3', media: 'audio', duration: 600, size: 10_000 },
          { name: 'pack.zip', media: 'archive', duration: 600, size: 10_000 },
          { name: 'b.webm', media: 'video', width: 10, height: 20 },
        ],
        tiny,
      ),
    ).toEqual([
      'a.mp4 is 2 s long; the limit is 1 s.',
      'logo.png is 20×20 (400 pixels); the limit is 100 pixels.',
      'logo.png is 2 KB; the limit is 1,000 bytes.',
      'song.mp3 is 10 min long; the limit is 1 s.',
      'song.mp3 is 9.8 KB; the limit is 1,000 bytes.',
      'b.webm is 10×20 (200 pixels); the limit is 100 pixels.',
    ]);
  });
});

describe('formatting', () => {
  it('durations', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(2.5)).toBe('2.5 s');
    expect(formatDuration(90)).toBe('1 min 30 s');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3 * 3600 + 59)).toBe('3 h');
    expect(formatDuration(3 * 3600 + 59, true)).toBe('3 h 0 min 59 s');
  });
  it('pixels and bytes', () => {
    expect(formatPixels(8192 * 4320)).toBe('35.4 megapixels');
    expect(formatPixels(1920 * 1080)).toBe('2.1 megapixels');
    expect(formatPixels(999_999)).toBe('999,999 pixels');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GB');
  });
});
