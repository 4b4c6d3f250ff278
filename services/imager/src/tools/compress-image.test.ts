import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobFailure } from '../../../../packages/worker/src/types.ts';
import {
  type CompressParams,
  compressImage,
  LEVEL_QUALITY,
  planCompressLevel,
  planCompressPixels,
  planCompressTarget,
  TARGET_SCALES,
  targetBytes,
} from './compress-image.ts';
import { CAMERA_AND_GPS_EXIF, photoLikePng } from './editing-test-support.ts';
import { type FakeInput, type FakeJob, fakeJob, halfTransparentRedPng } from './test-support.ts';

vi.mock('@mediakit/worker', () => import('../../../../packages/worker/src/types.ts'));

let job: FakeJob<CompressParams> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function compress(params: CompressParams, files: FakeInput[]) {
  job = await fakeJob('compress-image', params, files);
  return compressImage(job.ctx);
}

/** Bytes of the single output of a fresh job. */
async function sizeAt(params: CompressParams, file: FakeInput): Promise<number> {
  const [out] = await compress(params, [file]);
  const size = (await stat(out.path)).size;
  await job?.cleanup();
  job = undefined;
  return size;
}

let photo: Buffer; // 1200×800 PNG, photo-like
beforeAll(async () => {
  photo = await photoLikePng(1200, 800);
});

const asJpeg = async (): Promise<FakeInput> => ({
  name: 'photo.jpg',
  bytes: await sharp(photo).jpeg({ quality: 95 }).withExif(CAMERA_AND_GPS_EXIF).toBuffer(),
  format: 'jpg',
});

describe('compress-image plans', () => {
  it('levels are fixed qualities per format, high the lowest', () => {
    for (const tiers of Object.values(LEVEL_QUALITY)) {
      expect(tiers.high).toBeLessThan(tiers.medium);
      expect(tiers.medium).toBeLessThan(tiers.low);
    }
    expect(planCompressLevel('jpg', 'high', false)).toMatchObject({
      flatten: { background: '#ffffff' },
      output: { format: 'jpeg', options: { quality: 45, mozjpeg: true } },
      extension: 'jpg',
    });
    expect(planCompressLevel('png', 'medium', true).output).toEqual({
      format: 'png',
      options: { palette: true, quality: 55, compressionLevel: 9 },
    });
    expect(planCompressLevel('webp', 'low', true).output).toEqual({
      format: 'webp',
      options: { quality: 80 },
    });
    expect(planCompressLevel('avif', 'high', false).output).toEqual({
      format: 'avif',
      options: { quality: 30 },
    });
    expect(planCompressLevel('gif', 'high', false).output).toEqual({
      format: 'gif',
      options: { colours: 16 },
    });
    expect(planCompressLevel('tiff', 'high', false).output).toEqual({
      format: 'tiff',
      options: { compression: 'jpeg', quality: 45 },
    });
    // libtiff's JPEG codec drops alpha: a TIFF with alpha stays lossless.
    expect(planCompressLevel('tiff', 'high', true).output.options).toMatchObject({ compression: 'deflate' });
    // Formats sharp cannot write come out as PNG, as in every tool.
    expect(planCompressLevel('bmp', 'high', false).output.format).toBe('png');
  });

  it('a target is 1000-byte KB, and each search step is a plain plan', () => {
    expect(targetBytes(14.2)).toBe(14_200);
    expect(targetBytes(0.0004)).toBe(0);
    expect(TARGET_SCALES[0]).toBe(1);
    expect(TARGET_SCALES.at(-1)).toBeGreaterThanOrEqual(0.5);
    expect(planCompressPixels('jpg')).toMatchObject({ autoOrient: true, flatten: { background: '#ffffff' } });
    expect(planCompressPixels('png')).not.toHaveProperty('flatten');
    expect(planCompressPixels('png')).not.toHaveProperty('output');
    const full = planCompressTarget('jpg', { width: 1200, height: 800 }, 37, 1, false);
    expect(full).not.toHaveProperty('resize');
    expect(full.output).toEqual({ format: 'jpeg', options: { quality: 37, mozjpeg: true } });
    const smaller = planCompressTarget('jpg', { width: 1200, height: 800 }, 37, 0.81, false);
    expect(smaller.resize).toMatchObject({ width: 972, height: 648, fit: 'fill' });
    expect(planCompressTarget('png', { width: 10, height: 10 }, 100, 1, true).output.options).toMatchObject({
      palette: false,
    });
    // Big pictures search with the fast encoders, so ~7-13 encodes fit the time budget.
    expect(planCompressTarget('jpg', { width: 8000, height: 5000 }, 50, 1, false).output.options).toEqual({
      quality: 50,
      progressive: true,
    });
    expect(planCompressTarget('avif', { width: 2500, height: 2000 }, 50, 1, false).output.options).toEqual({
      quality: 50,
      effort: 2,
    });
    expect(planCompressTarget('avif', { width: 1000, height: 1000 }, 50, 1, false).output.options).toEqual({
      quality: 50,
    });
  });
});

describe('compress-image levels', () => {
  it('JPEG: high < medium < low, each smaller than the input, no EXIF, same size and format', async () => {
    const input = await asJpeg();
    const sizes: number[] = [];
    for (const level of ['high', 'medium', 'low'] as const) {
      const [out] = await compress({ level }, [input]);
      expect(out.name).toBe('photo-compressed.jpg');
      const meta = await sharp(out.path).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
      expect(meta.exif).toBeUndefined();
      sizes.push((await stat(out.path)).size);
      await job?.cleanup();
      job = undefined;
    }
    expect(sizes[0]).toBeLessThan(sizes[1]);
    expect(sizes[1]).toBeLessThan(sizes[2]);
    expect(sizes[2]).toBeLessThan(input.bytes.length);
  });

  it('PNG, WebP and AVIF: high < medium < low, formats kept', async () => {
    const small = await sharp(photo).resize(600).toBuffer();
    const inputs: FakeInput[] = [
      { name: 'p.png', bytes: small, format: 'png' },
      { name: 'p.webp', bytes: await sharp(small).webp({ quality: 95 }).toBuffer(), format: 'webp' },
      { name: 'p.avif', bytes: await sharp(small).avif({ quality: 90 }).toBuffer(), format: 'avif' },
    ];
    for (const input of inputs) {
      const [high, medium, low] = [
        await sizeAt({ level: 'high' }, input),
        await sizeAt({ level: 'medium' }, input),
        await sizeAt({ level: 'low' }, input),
      ];
      expect(high, input.name).toBeLessThan(medium);
      expect(medium, input.name).toBeLessThan(low);
    }
    const [out] = await compress({ level: 'high' }, [inputs[0]]);
    expect((await sharp(out.path).metadata()).format).toBe('png');
    expect((await stat(out.path)).size).toBeLessThan(small.length / 2);
  });

  it('keeps PNG transparency', async () => {
    const [out] = await compress({ level: 'high' }, [
      { name: 'logo.png', bytes: await halfTransparentRedPng(200, 100), format: 'png' },
    ]);
    const { data, info } = await sharp(out.path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[(50 * 200 + 150) * 4 + 3]).toBe(0);
    expect(data[(50 * 200 + 20) * 4 + 3]).toBe(255);
  });

  it('a batch: one output per input, a progress step per file', async () => {
    const input = await asJpeg();
    const outputs = await compress({ level: 'medium' }, [input, input]);
    expect(outputs.map((o) => o.name)).toEqual(['photo-compressed.jpg', 'photo-compressed-2.jpg']);
    expect(job?.progress).toEqual([50, 100]);
  });
});

describe('compress-image target size', () => {
  it('lands within 5 % under the target at full size', async () => {
    const input = await asJpeg();
    // Targets in the range where consecutive JPEG qualities are under 5 % apart (see the tool's header).
    for (const targetSizeKB of [20, 45]) {
      const [out] = await compress({ targetSizeKB }, [input]);
      const bytes = await readFile(out.path);
      expect(bytes.length, `${targetSizeKB} KB`).toBeLessThanOrEqual(targetSizeKB * 1000);
      expect(bytes.length, `${targetSizeKB} KB`).toBeGreaterThanOrEqual(targetSizeKB * 1000 * 0.95);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
      expect(meta.exif).toBeUndefined();
      await job?.cleanup();
      job = undefined;
    }
  });

  it('shrinks the picture only when even quality 1 is too big', async () => {
    const input = await asJpeg();
    // 80 % of what quality 1 gives at full size: only a smaller picture can make it.
    const atQuality1 = (await sharp(input.bytes).jpeg({ quality: 1, mozjpeg: true }).toBuffer()).length;
    const targetSizeKB = (atQuality1 * 0.8) / 1000;
    const [out] = await compress({ targetSizeKB }, [input]);
    const bytes = await readFile(out.path);
    expect(bytes.length).toBeLessThanOrEqual(targetSizeKB * 1000);
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBeLessThan(1200);
    expect(meta.width).toBeGreaterThanOrEqual(600);
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(1.5, 1);
  });

  it('above the fine range it takes the best quality that fits, never more than the target', async () => {
    const input = await asJpeg();
    const [out] = await compress({ targetSizeKB: 150 }, [input]);
    const size = (await stat(out.path)).size;
    expect(size).toBeLessThanOrEqual(150_000);
    // Quality steps up there are 10-20 % apart: the result is the last step under the target.
    expect(size).toBeGreaterThan(150_000 * 0.75);
    expect((await sharp(out.path).metadata()).width).toBe(1200);
  });

  it('names the smallest reachable size when the target cannot be met, and that size works', async () => {
    const input = await asJpeg();
    const error = await compress({ targetSizeKB: 1 }, [input]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailure);
    const message = (error as Error).message;
    const match = /^photo\.jpg cannot be made smaller than (\d+\.\d) KB$/.exec(message);
    expect(match, message).not.toBeNull();
    await job?.cleanup();
    job = undefined;
    const [out] = await compress({ targetSizeKB: Number(match?.[1]) }, [input]);
    expect((await stat(out.path)).size).toBeLessThanOrEqual(Number(match?.[1]) * 1000);
  });

  it('PNG and WebP targets are met in their own format', async () => {
    const small = await sharp(photo).resize(600).toBuffer();
    for (const input of [
      { name: 'p.png', bytes: small, format: 'png' },
      { name: 'p.webp', bytes: await sharp(small).webp({ quality: 95 }).toBuffer(), format: 'webp' },
    ]) {
      const target = Math.round(input.bytes.length / 3 / 1000);
      const [out] = await compress({ targetSizeKB: target }, [input]);
      const bytes = await readFile(out.path);
      expect(bytes.length, input.name).toBeLessThanOrEqual(target * 1000);
      expect((await sharp(bytes).metadata()).format).toBe(input.format);
      await job?.cleanup();
      job = undefined;
    }
  });

  it('a TIFF with alpha (no quality knob) is met by shrinking', async () => {
    const rgba = await sharp(photo).resize(300).ensureAlpha(0.8).tiff({ compression: 'deflate' }).toBuffer();
    const lossless = await sharp(rgba).tiff({ compression: 'deflate', predictor: 'horizontal' }).toBuffer();
    const target = Math.floor((lossless.length * 0.6) / 1000);
    const [out] = await compress({ targetSizeKB: target }, [{ name: 'a.tiff', bytes: rgba, format: 'tiff' }]);
    const meta = await sharp(out.path).metadata();
    expect(meta).toMatchObject({ format: 'tiff', hasAlpha: true });
    expect(meta.width).toBeLessThan(300);
    expect((await stat(out.path)).size).toBeLessThanOrEqual(target * 1000);
  });

  it('progress goes per file', async () => {
    const input = await asJpeg();
    await compress({ targetSizeKB: 80 }, [input, input]);
    expect(job?.progress).toEqual([50, 100]);
  });
});
