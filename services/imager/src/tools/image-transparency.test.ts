import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMERA_AND_GPS_EXIF, rawPixels } from '../../test/editing-support.ts';
import { type FakeInput, type FakeJob, fakeJob, PNG_MAGIC } from '../../test/support.ts';
import { multiplyAlpha } from './editing-pixels.ts';
import { imageTransparency, planTransparency, type TransparencyParams } from './image-transparency.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker/types'));

let job: FakeJob<TransparencyParams> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function run(opacity: number, files: FakeInput[]) {
  job = await fakeJob('image-transparency', { opacity }, files);
  return imageTransparency(job.ctx);
}

/** 4×1 RGBA: alpha 255, 200, 100, 0 on distinct colours. */
async function alphaStrip(): Promise<Buffer> {
  const raw = Buffer.from([10, 20, 30, 255, 200, 100, 50, 200, 0, 128, 255, 100, 255, 255, 255, 0]);
  return sharp(raw, { raw: { width: 4, height: 1, channels: 4 } })
    .png()
    .toBuffer();
}

describe('planTransparency', () => {
  it('is a PNG with a factor for alpha', () => {
    const plan = planTransparency({ opacity: 30 });
    expect(plan.alphaFactor).toBeCloseTo(0.3);
    expect(plan.output).toMatchObject({ output: { format: 'png' }, extension: 'png' });
    expect(plan.pixels).toMatchObject({ autoOrient: true, colourspace: 'srgb' });
    expect(plan.pixels).not.toHaveProperty('flatten');
    expect(planTransparency({ opacity: 0 }).alphaFactor).toBe(0);
    expect(planTransparency({ opacity: 100 }).alphaFactor).toBe(1);
  });

  it('multiplyAlpha rounds to the nearest level and leaves colours alone', () => {
    const raw = {
      data: Buffer.from([1, 2, 3, 200, 4, 5, 6, 255, 7, 8, 9, 1]),
      width: 3,
      height: 1,
      channels: 4 as const,
    };
    multiplyAlpha(raw, 0.5);
    expect([...raw.data]).toEqual([1, 2, 3, 100, 4, 5, 6, 128, 7, 8, 9, 1]);
    expect(() => multiplyAlpha({ ...raw, channels: 3 }, 0.5)).toThrow(RangeError);
  });
});

describe('image-transparency', () => {
  it("multiplies each pixel's own alpha: 200 at 50 % → 100", async () => {
    const [out] = await run(50, [{ name: 'strip.png', bytes: await alphaStrip(), format: 'png' }]);
    expect(out.name).toBe('strip-transparent.png');
    const pixels = await rawPixels(out.path);
    expect(pixels.info.channels).toBe(4);
    expect(pixels.at(0, 0)).toEqual([10, 20, 30, 128]); // 255 × 0.5 = 127.5
    expect(pixels.at(1, 0)).toEqual([200, 100, 50, 100]);
    expect(pixels.at(2, 0)).toEqual([0, 128, 255, 50]);
    expect(pixels.at(3, 0)[3]).toBe(0);
  });

  it('an opaque JPEG at 30 % becomes a PNG with alpha 77, colours kept, no EXIF', async () => {
    const jpg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .jpeg({ quality: 95 })
      .withExif(CAMERA_AND_GPS_EXIF)
      .toBuffer();
    const [out] = await run(30, [{ name: 'photo.jpg', bytes: jpg, format: 'jpg' }]);
    expect(out.name).toBe('photo-transparent.png');
    const bytes = await readFile(out.path);
    expect(bytes.subarray(0, 4)).toEqual(PNG_MAGIC);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 48, hasAlpha: true, channels: 4 });
    expect(meta.exif).toBeUndefined();
    const pixels = await rawPixels(bytes);
    for (const [x, y] of [
      [0, 0],
      [32, 24],
      [63, 47],
    ]) {
      const [r, g, b, a] = pixels.at(x, y);
      expect(Math.abs(a - 77)).toBeLessThanOrEqual(1);
      expect(Math.abs(r - 0x33)).toBeLessThanOrEqual(3);
      expect(Math.abs(g - 0x66)).toBeLessThanOrEqual(3);
      expect(Math.abs(b - 0xcc)).toBeLessThanOrEqual(3);
    }
  });

  it('0 % is fully transparent, 100 % keeps alpha as it was', async () => {
    const [zero] = await run(0, [{ name: 's.png', bytes: await alphaStrip(), format: 'png' }]);
    const none = await rawPixels(zero.path);
    for (let x = 0; x < 4; x++) expect(none.at(x, 0)[3]).toBe(0);
    await job?.cleanup();
    const [full] = await run(100, [{ name: 's.png', bytes: await alphaStrip(), format: 'png' }]);
    const same = await rawPixels(full.path);
    expect([0, 1, 2, 3].map((x) => same.at(x, 0)[3])).toEqual([255, 200, 100, 0]);
  });

  it('greyscale input comes out as RGBA', async () => {
    const grey = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .greyscale()
      .png()
      .toBuffer();
    const [out] = await run(50, [{ name: 'g.png', bytes: grey, format: 'png' }]);
    const pixels = await rawPixels(out.path);
    expect(pixels.info.channels).toBe(4);
    expect(pixels.at(4, 4)).toEqual([128, 128, 128, 128]);
  });

  it('does a batch with a progress step per file', async () => {
    const strip = { name: 's.png', bytes: await alphaStrip(), format: 'png' };
    const outputs = await run(40, [strip, strip]);
    expect(outputs.map((o) => o.name)).toEqual(['s-transparent.png', 's-transparent-2.png']);
    expect(job?.progress).toEqual([50, 100]);
  });
});
