import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeInput,
  type FakeJob,
  fakeJob,
  JPEG_MAGIC,
  pixelAt,
  redBluePng,
} from '../../test/support.ts';
import { type ResizeParams, resizeImage } from './resize-image.ts';

// The worker package's index also starts the runtime (NATS, storage...), which these unit tests do not
// need and which may be mid-edit: resolve '@mediakit/worker' to its contract module only.
vi.mock('@mediakit/worker', () => import('@mediakit/worker/types'));

let job: FakeJob<ResizeParams> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function resize(params: ResizeParams, files: FakeInput[]) {
  job = await fakeJob('resize-image', params, files);
  return resizeImage(job.ctx);
}

const png800x400 = async (): Promise<FakeInput> => ({
  name: 'banner.png',
  bytes: await redBluePng(800, 400),
  format: 'png',
});

describe('resize-image', () => {
  it('contain gives exactly the box with transparent bars, and stays PNG', async () => {
    const [out] = await resize({ width: 400, height: 300, fit: 'contain' }, [await png800x400()]);
    expect(out.name).toBe('banner-400x300.png');
    expect(await sharp(out.path).metadata()).toMatchObject({
      format: 'png',
      width: 400,
      height: 300,
      hasAlpha: true,
    });
    expect((await pixelAt(out.path, 200, 10))[3]).toBe(0); // top bar
    expect((await pixelAt(out.path, 200, 290))[3]).toBe(0); // bottom bar
    expect(await pixelAt(out.path, 100, 150)).toEqual([255, 0, 0, 255]);
  });

  it('contain letterboxes a JPEG in white, and stays JPEG', async () => {
    const jpg = await sharp(await redBluePng(800, 400))
      .jpeg()
      .toBuffer();
    const [out] = await resize({ width: 400, height: 300, fit: 'contain' }, [
      { name: 'b.jpg', bytes: jpg, format: 'jpg' },
    ]);
    expect(out.name).toBe('b-400x300.jpg');
    expect((await readFile(out.path)).subarray(0, 3)).toEqual(JPEG_MAGIC);
    for (const channel of await pixelAt(out.path, 200, 10)) expect(channel).toBeGreaterThan(245);
  });

  it('cover fills the box by cropping', async () => {
    const [out] = await resize({ width: 400, height: 300, fit: 'cover' }, [await png800x400()]);
    expect(await sharp(out.path).metadata()).toMatchObject({ width: 400, height: 300, hasAlpha: false });
    expect(out.name).toBe('banner-400x300.png');
  });

  it('fill stretches to the box', async () => {
    const [out] = await resize({ width: 400, height: 300, fit: 'fill' }, [await png800x400()]);
    expect(await sharp(out.path).metadata()).toMatchObject({ width: 400, height: 300 });
    // Both halves still span the full height: nothing was cropped or padded.
    expect(await pixelAt(out.path, 100, 5)).toEqual([255, 0, 0]);
    expect(await pixelAt(out.path, 300, 295)).toEqual([0, 0, 255]);
  });

  it('inside with only a width keeps the aspect ratio and names the real size', async () => {
    const [out] = await resize({ width: 400, fit: 'inside' }, [await png800x400()]);
    expect(await sharp(out.path).metadata()).toMatchObject({ width: 400, height: 200 });
    expect(out.name).toBe('banner-400x200.png');
  });

  it('inside never enlarges', async () => {
    const [out] = await resize({ width: 2000, height: 2000, fit: 'inside' }, [await png800x400()]);
    expect(await sharp(out.path).metadata()).toMatchObject({ width: 800, height: 400 });
  });

  it('keeps WebP as WebP', async () => {
    const webp = await sharp(await redBluePng(200, 100))
      .webp()
      .toBuffer();
    const [out] = await resize({ width: 100, fit: 'inside' }, [
      { name: 'x.webp', bytes: webp, format: 'webp' },
    ]);
    expect(out.name).toBe('x-100x50.webp');
    expect((await sharp(out.path).metadata()).format).toBe('webp');
  });

  it('resizes a batch with progress up to 100', async () => {
    const input = await png800x400();
    const outputs = await resize({ width: 80, height: 80, fit: 'cover' }, [input, input, input]);
    expect(outputs.map((o) => o.name)).toEqual([
      'banner-80x80.png',
      'banner-80x80-2.png',
      'banner-80x80-3.png',
    ]);
    expect(job?.progress.at(-1)).toBe(100);
  });
});
