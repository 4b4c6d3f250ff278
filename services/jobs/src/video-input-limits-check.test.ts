import { DEFAULT_VIDEO_LIMITS, getEntry } from '@mediakit/catalog';
import { ApiError, loadConfig } from '@mediakit/kit';
import { describe, expect, it } from 'vitest';
import { jobsEnv } from './env.ts';
import { checkInputLimits } from './input-limits-check.ts';
import { checkParamsForInputs } from './job-request.ts';

const trim = getEntry('trim-video');
const pngToJpg = getEntry('png-to-jpg');
if (!trim || !pngToJpg) throw new Error('catalog entries missing');

const clip = (extra: Record<string, number | string> = {}) => ({
  name: 'clip.mov',
  media: 'video',
  width: 320,
  height: 240,
  duration: 3,
  fps: 25,
  size: 100_000,
  ...extra,
});

describe('checkInputLimits', () => {
  it('lets inputs within the limits through', () => {
    expect(() => checkInputLimits(trim, [clip()], DEFAULT_VIDEO_LIMITS)).not.toThrow();
  });

  it('answers 422 unprocessable with the first sentence and every one in details', () => {
    const limits = { ...DEFAULT_VIDEO_LIMITS, maxDurationSeconds: 2, maxPixels: 1000 };
    const err = (() => {
      try {
        checkInputLimits(trim, [clip(), clip({ name: 'b.webm', duration: 1 })], limits);
      } catch (e) {
        return e;
      }
    })() as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.code).toBe('unprocessable');
    expect(err.message).toBe('clip.mov is 3 s long; the limit is 2 s.');
    expect(err.details).toEqual([
      { field: 'inputs.0', message: 'clip.mov is 3 s long; the limit is 2 s.' },
      { field: 'inputs.0', message: 'clip.mov is 320×240 (76,800 pixels); the limit is 1,000 pixels.' },
      { field: 'inputs.1', message: 'b.webm is 320×240 (76,800 pixels); the limit is 1,000 pixels.' },
    ]);
  });

  it('checks only the transcoder’s tools', () => {
    const limits = { ...DEFAULT_VIDEO_LIMITS, maxPixels: 1 };
    expect(() => checkInputLimits(pngToJpg, [clip({ media: 'image' })], limits)).not.toThrow();
    expect(() => checkInputLimits(trim, [clip()], limits)).toThrow(ApiError);
  });

  it('applies the given limits in the request checks', () => {
    const file = { ...clip(), id: 'f1', ownerId: 'o', mime: 'video/quicktime', format: 'mov' } as never;
    const strict = { ...DEFAULT_VIDEO_LIMITS, maxDurationSeconds: 2 };
    expect(() => checkParamsForInputs(trim, { start: 0, end: 1 }, [file], strict)).toThrow(
      'clip.mov is 3 s long; the limit is 2 s.',
    );
    expect(() =>
      checkParamsForInputs(trim, { start: 0, end: 1 }, [file], DEFAULT_VIDEO_LIMITS),
    ).not.toThrow();
  });

  it('reads the limits from the jobs service environment', () => {
    const config = loadConfig(jobsEnv, { MAX_VIDEO_DURATION_SECONDS: '2', MAX_VIDEO_INPUT_BYTES: '1000' });
    expect(config.MAX_VIDEO_DURATION_SECONDS).toBe(2);
    expect(config.MAX_VIDEO_INPUT_BYTES).toBe(1000);
    expect(config.MAX_VIDEO_PIXELS).toBe(8192 * 4320);
  });
});
