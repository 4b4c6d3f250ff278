import { DEFAULT_IMAGE_LIMITS, DEFAULT_VIDEO_LIMITS, getEntry } from '@mediakit/catalog';
import { ApiError, createLogger, loadConfig } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import { describe, expect, it } from 'vitest';
import { jobsEnv } from './env.ts';
import { checkImageInputLimits } from './input-limits-check.ts';
import { checkParamsForInputs } from './job-request.ts';
import { JobsService } from './jobs-service.ts';

const pngToJpg = getEntry('png-to-jpg');
const trim = getEntry('trim-video');
if (!pngToJpg || !trim) throw new Error('catalog entries missing');

/** What the files service recorded at upload for a PNG (it reads width and height from the header). */
const png = (extra: Partial<filesV1.File> = {}): filesV1.File => ({
  id: 'f1',
  ownerId: 'o',
  name: 'poster.png',
  size: 68,
  mime: 'image/png',
  media: 'image',
  format: 'png',
  width: 30_000,
  height: 30_000,
  source: 'upload',
  createdAt: '',
  expiresAt: '',
  objectKey: 'uploads/o/f1',
  ...extra,
});

const errorOf = (run: () => unknown): ApiError => {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a refusal');
};

describe('checkImageInputLimits', () => {
  it('lets inputs within the limits through', () => {
    expect(() =>
      checkImageInputLimits(pngToJpg, [png({ width: 4000, height: 3000 })], DEFAULT_IMAGE_LIMITS),
    ).not.toThrow();
  });

  it('answers 422 unprocessable with the first sentence and every one in details', () => {
    const limits = { ...DEFAULT_IMAGE_LIMITS, maxInputBytes: 50 };
    const err = errorOf(() =>
      checkImageInputLimits(pngToJpg, [png(), png({ name: 'b.png', width: 10, height: 10 })], limits),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.code).toBe('unprocessable');
    expect(err.message).toBe('poster.png is 30000×30000 (900 MP); the limit is 100 MP.');
    expect(err.details).toEqual([
      { field: 'inputs.0', message: 'poster.png is 30000×30000 (900 MP); the limit is 100 MP.' },
      { field: 'inputs.0', message: 'poster.png is 68 bytes; the limit is 50 bytes.' },
      { field: 'inputs.1', message: 'b.png is 68 bytes; the limit is 50 bytes.' },
    ]);
  });

  it('checks only the imager’s tools', () => {
    const frame = png({ media: 'image', width: 30_000, height: 30_000 });
    expect(() => checkImageInputLimits(trim, [frame], DEFAULT_IMAGE_LIMITS)).not.toThrow();
    expect(() => checkImageInputLimits(pngToJpg, [frame], DEFAULT_IMAGE_LIMITS)).toThrow(ApiError);
  });

  it('is applied by the request checks, with the given limits or the defaults', () => {
    const decompressionBomb = png({ width: 12_000, height: 12_000 });
    const strict = { ...DEFAULT_IMAGE_LIMITS, maxPixels: 50_000_000 };
    expect(() =>
      checkParamsForInputs(pngToJpg, {}, [decompressionBomb], DEFAULT_VIDEO_LIMITS, strict),
    ).toThrow('poster.png is 12000×12000 (144 MP); the limit is 50 MP.');
    // 144 MP is over the default 100 MP as well.
    expect(() => checkParamsForInputs(pngToJpg, {}, [decompressionBomb], DEFAULT_VIDEO_LIMITS)).toThrow(
      'poster.png is 12000×12000 (144 MP); the limit is 100 MP.',
    );
    expect(() =>
      checkParamsForInputs(pngToJpg, {}, [png({ width: 7000, height: 7000 })], DEFAULT_VIDEO_LIMITS, strict),
    ).not.toThrow();
  });

  it('refuses at CreateJob, before anything is stored or queued', async () => {
    const service = new JobsService({
      // Nothing past the checks may be reached: these would throw if touched.
      repository: {} as never,
      bus: {} as never,
      files: { getFile: async () => png({ width: 8000, height: 7000 }) } as never,
      log: createLogger('jobs-test', 'silent'),
      imageLimits: { ...DEFAULT_IMAGE_LIMITS, maxPixels: 50_000_000 },
    });
    const refused = service.createJob({
      ownerId: 'o',
      tool: 'png-to-jpg',
      inputs: ['f1'],
      paramsJson: '{}',
      retentionHours: 1,
    });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      code: 'unprocessable',
      message: 'poster.png is 8000×7000 (56 MP); the limit is 50 MP.',
    });
  });

  it('reads the limits from the jobs service environment', () => {
    const config = loadConfig(jobsEnv, { MAX_IMAGE_PIXELS: '50000000', MAX_IMAGE_FRAMES: '3' });
    expect(config.MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(config.MAX_IMAGE_FRAMES).toBe(3);
    expect(config.MAX_IMAGE_INPUT_BYTES).toBe(200 * 1024 ** 2);
  });
});
