import { readFile } from 'node:fs/promises';
import { JobFailure } from '@mediakit/worker';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneJpeg, rawPixels } from '../../test/editing-support.ts';
import { type FakeInput, type FakeJob, fakeJob, JPEG_MAGIC, redBluePng } from '../../test/support.ts';
import { type CropParams, cropImage, planCrop } from './crop-image.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

let job: FakeJob<CropParams> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function crop(params: CropParams, file: FakeInput) {
  job = await fakeJob('crop-image', params, [file]);
  return cropImage(job.ctx);
}

describe('planCrop', () => {
  it('is an extract in displayed pixels, keeping the format', () => {
    const plan = planCrop('jpg', { width: 800, height: 400 }, { x: 10, y: 20, width: 300, height: 200 });
    expect(plan).toMatchObject({
      autoOrient: true,
      extract: { left: 10, top: 20, width: 300, height: 200 },
      output: { format: 'jpeg' },
      extension: 'jpg',
    });
    expect(plan).not.toHaveProperty('resize');
  });

  it('x and y default to 0; unwritable formats become PNG', () => {
    const plan = planCrop('bmp', { width: 50, height: 50 }, { width: 5, height: 5 });
    expect(plan.extract).toEqual({ left: 0, top: 0, width: 5, height: 5 });
    expect(plan.output.format).toBe('png');
  });

  it('refuses a box that leaves the frame', () => {
    expect(() => planCrop('png', { width: 100, height: 50 }, { x: 60, y: 0, width: 50, height: 10 })).toThrow(
      JobFailure,
    );
    expect(() => planCrop('png', { width: 100, height: 50 }, { x: 0, y: 0, width: 10, height: 51 })).toThrow(
      /inside the 100×50 image/,
    );
  });
});

describe('crop-image', () => {
  it('cuts exactly the box and keeps PNG', async () => {
    // Left half red, right half blue (800×400): a box straddling the middle shows both.
    const [out] = await crop(
      { x: 350, y: 100, width: 100, height: 50 },
      { name: 'banner.png', bytes: await redBluePng(800, 400), format: 'png' },
    );
    expect(out.name).toBe('banner-cropped.png');
    expect(await sharp(out.path).metadata()).toMatchObject({ format: 'png', width: 100, height: 50 });
    const pixels = await rawPixels(out.path);
    expect(pixels.at(49, 25)).toEqual([255, 0, 0]);
    expect(pixels.at(50, 25)).toEqual([0, 0, 255]);
  });

  it('crops the displayed picture of a rotated phone photo, as JPEG, without its EXIF', async () => {
    // Stored 800×400 (red left, blue right) with orientation 6: displayed 400×800, red on top.
    const jpg = await phoneJpeg(await redBluePng(800, 400), 6);
    expect((await sharp(jpg).metadata()).orientation).toBe(6);
    const [out] = await crop(
      { x: 0, y: 300, width: 400, height: 200 },
      { name: 'phone.jpg', bytes: jpg, format: 'jpg' },
    );
    const bytes = await readFile(out.path);
    expect(bytes.subarray(0, 3)).toEqual(JPEG_MAGIC);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Rows 300..399 of the displayed picture are red, 400..499 blue.
    const pixels = await rawPixels(bytes);
    const [r1, , b1] = pixels.at(200, 50);
    const [r2, , b2] = pixels.at(200, 150);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it('a box outside the decoded image fails with a sentence, not a libvips error', async () => {
    const error = await crop(
      { x: 0, y: 0, width: 900, height: 10 },
      { name: 'banner.png', bytes: await redBluePng(800, 400), format: 'png' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as Error).message).toMatch(/must lie inside the 800×400 image/);
  });

  it('reports progress 100 and one output', async () => {
    const outputs = await crop(
      { x: 0, y: 0, width: 10, height: 10 },
      { name: 'a.png', bytes: await redBluePng(40, 20), format: 'png' },
    );
    expect(outputs).toHaveLength(1);
    expect(job?.progress).toEqual([100]);
  });
});
