import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { JobFailure } from '@mediakit/worker';
import sharp, { type Color } from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneJpeg, rawPixels } from '../../test/editing-support.ts';
import { type FakeInput, type FakeJob, fakeJob, JPEG_MAGIC } from '../../test/support.ts';
import { type OverlayParams, overlayImageOnImage, planOverlay } from './overlay-image-on-image.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

let job: FakeJob<OverlayParams> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function overlay(params: OverlayParams, base: FakeInput, top: FakeInput) {
  job = await fakeJob('overlay-image-on-image', params, [base, top]);
  return overlayImageOnImage(job.ctx);
}

const solid = (width: number, height: number, background: Color, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } }).png().toBuffer();

const bluePng = async (): Promise<FakeInput> => ({
  name: 'base.png',
  bytes: await solid(200, 100, '#0000ff'),
  format: 'png',
});
const redPng = async (w = 50, h = 50): Promise<FakeInput> => ({
  name: 'logo.png',
  bytes: await solid(w, h, '#ff0000'),
  format: 'png',
});

describe('planOverlay', () => {
  const base = { width: 200, height: 100 };

  it('places the overlay at its own size by default', () => {
    const plan = planOverlay('png', base, { width: 50, height: 40 }, { x: 10, y: 20, opacity: 100 });
    expect(plan).toMatchObject({ left: 10, top: 20, alphaFactor: 1, base: { output: { format: 'png' } } });
    expect(plan.overlay).toEqual({ autoOrient: true, colourspace: 'srgb' });
  });

  it('scales to `width` keeping the aspect ratio, and multiplies alpha by opacity', () => {
    const plan = planOverlay('jpg', base, { width: 40, height: 20 }, { x: 0, y: 0, width: 80, opacity: 25 });
    expect(plan.overlay.resize).toMatchObject({ width: 80, height: 40, fit: 'fill' });
    expect(plan.alphaFactor).toBe(0.25);
    expect(plan.base).toMatchObject({ output: { format: 'jpeg' }, flatten: { background: '#ffffff' } });
  });

  it('cuts what hangs over the right and bottom edges', () => {
    const plan = planOverlay('png', base, { width: 50, height: 50 }, { x: 180, y: 70, opacity: 100 });
    expect(plan.overlay.extractAfterResize).toEqual({ left: 0, top: 0, width: 20, height: 30 });
  });

  it('refuses a position outside the base and an absurdly tall overlay', () => {
    expect(() => planOverlay('png', base, { width: 5, height: 5 }, { x: 200, y: 0, opacity: 100 })).toThrow(
      JobFailure,
    );
    expect(() =>
      planOverlay('png', base, { width: 1, height: 100 }, { x: 0, y: 0, width: 1000, opacity: 100 }),
    ).toThrow(/choose a smaller width/);
  });
});

describe('overlay-image-on-image', () => {
  it('puts an opaque overlay exactly where asked, keeping the base PNG and its size', async () => {
    const [out] = await overlay({ x: 20, y: 10, opacity: 100 }, await bluePng(), await redPng());
    expect(out.name).toBe('base-overlay.png');
    expect(await sharp(out.path).metadata()).toMatchObject({ format: 'png', width: 200, height: 100 });
    const pixels = await rawPixels(out.path);
    expect(pixels.at(20, 10).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pixels.at(69, 59).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pixels.at(70, 59).slice(0, 3)).toEqual([0, 0, 255]);
    expect(pixels.at(19, 10).slice(0, 3)).toEqual([0, 0, 255]);
  });

  it('opacity 50 blends half and half', async () => {
    const [out] = await overlay({ x: 0, y: 0, opacity: 50 }, await bluePng(), await redPng());
    const [r, g, b] = (await rawPixels(out.path)).at(10, 10);
    expect(Math.abs(r - 128)).toBeLessThanOrEqual(2);
    expect(g).toBe(0);
    expect(Math.abs(b - 127)).toBeLessThanOrEqual(2);
  });

  it("a JPEG base stays JPEG, the overlay's own transparency blended in", async () => {
    const base = {
      name: 'photo.jpg',
      bytes: await sharp(await solid(200, 100, '#0000ff'))
        .jpeg({ quality: 100 })
        .toBuffer(),
      format: 'jpg',
    };
    const halfRed = {
      name: 'mark.png',
      bytes: await solid(60, 60, { r: 255, g: 0, b: 0, alpha: 0.5 }, 4),
      format: 'png',
    };
    const [out] = await overlay({ x: 100, y: 20, opacity: 100 }, base, halfRed);
    expect(out.name).toBe('photo-overlay.jpg');
    const bytes = await readFile(out.path);
    expect(bytes.subarray(0, 3)).toEqual(JPEG_MAGIC);
    expect(await sharp(bytes).metadata()).toMatchObject({
      format: 'jpeg',
      channels: 3,
      width: 200,
      height: 100,
    });
    const [r, , b] = (await rawPixels(bytes)).at(130, 50);
    expect(Math.abs(r - 128)).toBeLessThanOrEqual(6);
    expect(Math.abs(b - 127)).toBeLessThanOrEqual(6);
  });

  it('scales by width and cuts the overhang', async () => {
    // 40×20 overlay at width 80 → 80×40, placed at (160, 80): only 40×20 of it lands on the base.
    const [out] = await overlay(
      { x: 160, y: 80, width: 80, opacity: 100 },
      await bluePng(),
      await redPng(40, 20),
    );
    expect(await sharp(out.path).metadata()).toMatchObject({ width: 200, height: 100 });
    const pixels = await rawPixels(out.path);
    expect(pixels.at(160, 80).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pixels.at(199, 99).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pixels.at(159, 99).slice(0, 3)).toEqual([0, 0, 255]);
  });

  it('works in displayed pixels of a rotated phone photo, and drops its EXIF', async () => {
    // Stored 200×100 with orientation 6: displayed 100×200.
    const base = {
      name: 'phone.jpg',
      bytes: await phoneJpeg(await solid(200, 100, '#0000ff'), 6),
      format: 'jpg',
    };
    const [out] = await overlay({ x: 50, y: 150, opacity: 100 }, base, await redPng(40, 40));
    const meta = await sharp(out.path).metadata();
    expect(meta).toMatchObject({ width: 100, height: 200 });
    expect(meta.exif).toBeUndefined();
    const [r, , b] = (await rawPixels(out.path)).at(70, 170);
    expect(r).toBeGreaterThan(220);
    expect(b).toBeLessThan(40);
  });

  it('a broken overlay fails naming the overlay file', async () => {
    const error = await overlay({ x: 0, y: 0, opacity: 100 }, await bluePng(), {
      name: 'broken.png',
      bytes: randomBytes(2048),
      format: 'png',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as Error).message).toMatch(/^broken\.png could not be read/);
  });
});
