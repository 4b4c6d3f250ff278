import { readFile } from 'node:fs/promises';
import { JobFailure } from '@mediakit/worker';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  exifTags,
  IDENTIFYING_EXIF_TAGS,
  IDENTIFYING_IFD0_TAGS,
  jfifDensity,
  jpegFrameType,
  noisyJpeg,
  phoneJpeg,
  rawPixels,
  seededRandom,
} from '../../test/editing-support.ts';
import {
  type FakeInput,
  type FakeJob,
  fakeJob,
  halfTransparentRedPng,
  redBluePng,
} from '../../test/support.ts';
import { PAN_MAX_BYTES, withJfifDensity } from './editing-pan.ts';
import { fromRaw } from './editing-pixels.ts';
import {
  centredPanCrop,
  PAN_PHOTO_BLURS,
  type PanPhotoParams,
  pancardPhotoResizer,
  planPanPhotoEncode,
  planPanPhotoPixels,
} from './pancard-photo-resizer.ts';
import { applyPlan } from './pipeline.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

let job: FakeJob<PanPhotoParams> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function resize(params: PanPhotoParams, file: FakeInput) {
  job = await fakeJob('pancard-photo-resizer', params, [file]);
  return pancardPhotoResizer(job.ctx);
}

/** Every constraint of the preset, read from the bytes. */
async function expectPanPhoto(bytes: Buffer) {
  expect(bytes.length).toBeLessThan(20_000);
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({
    format: 'jpeg',
    width: 197,
    height: 276,
    density: 200,
    channels: 3,
    space: 'srgb',
  });
  expect(jfifDensity(bytes)).toEqual({ units: 1, x: 200, y: 200 });
  expect(jpegFrameType(bytes)).toBe('baseline');
  // EXIF, if any, holds the resolution and nothing that identifies a camera, a person or a place.
  if (meta.exif) {
    const tags = exifTags(meta.exif);
    expect(tags.resolution).toEqual({ x: 200, y: 200, unit: 2 });
    expect(tags.gps).toBe(false);
    for (const tag of IDENTIFYING_IFD0_TAGS) expect(tags.ifd0).not.toContain(tag);
    for (const tag of IDENTIFYING_EXIF_TAGS) expect(tags.exif).not.toContain(tag);
  }
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(bytes.includes('PhoneCorp')).toBe(false);
  expect(bytes.includes('Jane Roe')).toBe(false);
}

describe('PAN photo plans', () => {
  it('the default crop is the largest centred 25:35 box', () => {
    expect(centredPanCrop({ width: 6000, height: 4000 })).toEqual({
      left: 1571,
      top: 0,
      width: 2857,
      height: 4000,
    });
    expect(centredPanCrop({ width: 3000, height: 6000 })).toEqual({
      left: 0,
      top: 900,
      width: 3000,
      height: 4200,
    });
    expect(centredPanCrop({ width: 250, height: 350 })).toEqual({ left: 0, top: 0, width: 250, height: 350 });
    expect(centredPanCrop({ width: 1, height: 1 })).toEqual({ left: 0, top: 0, width: 1, height: 1 });
  });

  it('crop, then cover 197×276, on white, out as raw pixels', () => {
    const steps = planPanPhotoPixels({ width: 6000, height: 4000 }, {});
    expect(steps).toMatchObject({
      autoOrient: true,
      extract: { left: 1571, top: 0, width: 2857, height: 4000 },
      resize: { width: 197, height: 276, fit: 'cover', withoutEnlargement: false },
      flatten: { background: '#ffffff' },
      colourspace: 'srgb',
    });
    expect(steps).not.toHaveProperty('output');
    expect(steps).not.toHaveProperty('density');
    const given = planPanPhotoPixels(
      { width: 800, height: 600 },
      { crop: { x: 100, y: 50, width: 250, height: 350 } },
    );
    expect(given.extract).toEqual({ left: 100, top: 50, width: 250, height: 350 });
    expect(() =>
      planPanPhotoPixels({ width: 800, height: 600 }, { crop: { x: 600, y: 0, width: 250, height: 350 } }),
    ).toThrow(JobFailure);
  });

  it('each encode is a baseline JPEG at 200 DPI, smoothed only on request', () => {
    const plan = planPanPhotoEncode(57, 0);
    expect(plan).toMatchObject({
      density: 200,
      output: { format: 'jpeg', options: { quality: 57, progressive: false, trellisQuantisation: true } },
      extension: 'jpg',
    });
    expect(plan).not.toHaveProperty('blur');
    expect(planPanPhotoEncode(1, 0.75).blur).toBe(0.75);
    expect(PAN_PHOTO_BLURS[0]).toBe(0);
    expect(PAN_MAX_BYTES).toBe(19_999);
  });

  it('withJfifDensity inserts a JFIF header right after the start marker', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(jfifDensity(jpeg)).toBeUndefined();
    const out = withJfifDensity(jpeg, 200);
    expect(out.length).toBe(jpeg.length + 18);
    expect(jfifDensity(out)).toEqual({ units: 1, x: 200, y: 200 });
    expect((await sharp(out).metadata()).density).toBe(200);
    expect(() => withJfifDensity(out, 200)).toThrow(/already/);
    expect(() => withJfifDensity(Buffer.from('nope'), 200)).toThrow(/Not a JPEG/);
  });

  it('smoothing is a real fallback: it makes a noisy 197×276 JPEG smaller', async () => {
    const random = seededRandom(3);
    const noise = Buffer.from(Array.from({ length: 197 * 276 * 3 }, () => Math.floor(random() * 256)));
    const raw = { data: noise, width: 197, height: 276, channels: 3 as const };
    const sizes = await Promise.all(
      [0, 1, 3].map(
        async (blur) => (await applyPlan(fromRaw(raw), planPanPhotoEncode(30, blur)).toBuffer()).length,
      ),
    );
    expect(sizes[1]).toBeLessThan(sizes[0]);
    expect(sizes[2]).toBeLessThan(sizes[1]);
  });
});

describe('pancard-photo-resizer', () => {
  let big: Buffer;
  beforeAll(async () => {
    // 6000×4000 = 24 MP of noise over a gradient, JPEG quality 95 with camera and GPS EXIF (~16 MB).
    big = await noisyJpeg(6000, 4000);
  }, 60_000);

  it('turns a noisy 24 MP photo into 197×276, 200 DPI, under 20 KB, with no camera data', async () => {
    const meta = await sharp(big).metadata();
    expect(meta).toMatchObject({ width: 6000, height: 4000 });
    expect(exifTags(meta.exif as Buffer).gps).toBe(true);
    const [out] = await resize({}, { name: 'IMG_0001.JPG', bytes: big, format: 'jpg' });
    expect(out.name).toBe('IMG_0001-pan-photo.jpg');
    const bytes = await readFile(out.path);
    await expectPanPhoto(bytes);
    // The budget is used, not wasted: the best quality under 20 KB is close to it.
    expect(bytes.length).toBeGreaterThan(15_000);
    // And it is the photo: the centre crop's red averages 190 × 3000/6000 (gradient) + 32 (noise).
    const { channels } = await sharp(bytes).stats();
    expect(channels[0].mean).toBeGreaterThan(115);
    expect(channels[0].mean).toBeLessThan(140);
    expect(job?.progress).toEqual([100]);
  }, 60_000);

  it('crops the given box (in displayed pixels)', async () => {
    // Left half red, right half blue: a box in the blue half gives an all-blue photo.
    const png = await redBluePng(1000, 600);
    const [out] = await resize(
      { crop: { x: 600, y: 100, width: 250, height: 350 } },
      { name: 'p.png', bytes: png, format: 'png' },
    );
    const bytes = await readFile(out.path);
    await expectPanPhoto(bytes);
    const pixels = await rawPixels(bytes);
    for (const [x, y] of [
      [2, 2],
      [98, 138],
      [194, 273],
    ]) {
      const [r, , b] = pixels.at(x, y);
      expect(r).toBeLessThan(40);
      expect(b).toBeGreaterThan(210);
    }
  });

  it('a box of another shape is cropped to fill, not stretched', async () => {
    const png = await redBluePng(1000, 600);
    // 400×350 centred on the red/blue border at x=500: cover keeps its middle 250×350 (x 375..625).
    const [out] = await resize(
      { crop: { x: 300, y: 100, width: 400, height: 350 } },
      { name: 'p.png', bytes: png, format: 'png' },
    );
    const pixels = await rawPixels(await readFile(out.path));
    // The border lands in the middle of the 197-pixel width.
    expect(pixels.at(90, 138)[0]).toBeGreaterThan(200);
    expect(pixels.at(106, 138)[2]).toBeGreaterThan(200);
  });

  it('centres the default crop on the displayed picture of a rotated phone photo', async () => {
    // Stored 600×400 red|blue with orientation 6: displayed 400×600, red on top, blue below.
    const jpg = await phoneJpeg(await redBluePng(600, 400), 6);
    const [out] = await resize({}, { name: 'phone.jpg', bytes: jpg, format: 'jpg' });
    const bytes = await readFile(out.path);
    await expectPanPhoto(bytes);
    const pixels = await rawPixels(bytes);
    const [r1, , b1] = pixels.at(98, 30);
    const [r2, , b2] = pixels.at(98, 246);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it('puts a transparent PNG on white and enlarges a small one', async () => {
    const [out] = await resize(
      {},
      { name: 'cut.png', bytes: await halfTransparentRedPng(100, 140), format: 'png' },
    );
    const bytes = await readFile(out.path);
    await expectPanPhoto(bytes);
    const pixels = await rawPixels(bytes);
    for (const c of pixels.at(180, 138)) expect(c).toBeGreaterThan(240);
    expect(pixels.at(20, 138)[0]).toBeGreaterThan(220);
  });
});
