import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  exifTags,
  IDENTIFYING_EXIF_TAGS,
  IDENTIFYING_IFD0_TAGS,
  jfifDensity,
  jpegFrameType,
  noisyJpeg,
  phoneJpeg,
  pngDpi,
  rawPixels,
  signatureScan,
} from '../../test/editing-support.ts';
import { type FakeInput, type FakeJob, fakeJob, PNG_MAGIC } from '../../test/support.ts';
import {
  INK_LUMA,
  PAN_SIGNATURE_BOX,
  PAPER_LUMA,
  type PanSignatureParams,
  pancardSignatureResizer,
  planSignatureEncode,
  planSignaturePixels,
  SIGNATURE_SCALES,
  signatureAlpha,
  transparentPaper,
} from './pancard-signature-resizer.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker/types'));

let job: FakeJob<PanSignatureParams> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function resize(params: PanSignatureParams, file: FakeInput) {
  job = await fakeJob('pancard-signature-resizer', params, [file]);
  return pancardSignatureResizer(job.ctx);
}

const scan = async (width?: number, height?: number): Promise<FakeInput> => ({
  name: 'signature.jpg',
  bytes: await phoneJpeg(await signatureScan(width, height), 1),
  format: 'jpg',
});

/** What both backgrounds promise, read from the bytes. */
async function expectPanSignature(bytes: Buffer, format: 'jpeg' | 'png') {
  expect(bytes.length).toBeLessThan(20_000);
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe(format);
  expect(meta.width).toBeLessThanOrEqual(354);
  expect(meta.height).toBeLessThanOrEqual(157);
  expect(meta.density).toBe(200);
  if (meta.exif) {
    const tags = exifTags(meta.exif);
    expect(tags.gps).toBe(false);
    for (const tag of IDENTIFYING_IFD0_TAGS) expect(tags.ifd0).not.toContain(tag);
    for (const tag of IDENTIFYING_EXIF_TAGS) expect(tags.exif).not.toContain(tag);
  }
  expect(bytes.includes('PhoneCorp')).toBe(false);
  return meta;
}

describe('PAN signature plans', () => {
  it('fits the 354×157 box, enlarging if needed, on white', () => {
    expect(planSignaturePixels()).toMatchObject({
      autoOrient: true,
      flatten: { background: '#ffffff' },
      resize: { width: 354, height: 157, fit: 'inside', withoutEnlargement: false },
      colourspace: 'srgb',
    });
    expect(PAN_SIGNATURE_BOX).toEqual({ width: 354, height: 157 });
  });

  it('alpha: ink below 200 opaque, paper above 230 transparent, a linear ramp between', () => {
    expect([INK_LUMA, PAPER_LUMA]).toEqual([200, 230]);
    expect(signatureAlpha(0)).toBe(255);
    expect(signatureAlpha(200)).toBe(255);
    expect(signatureAlpha(215)).toBe(128);
    expect(signatureAlpha(229)).toBe(9);
    expect(signatureAlpha(230)).toBe(0);
    expect(signatureAlpha(255)).toBe(0);
    const rgb = {
      data: Buffer.from([20, 30, 90, 244, 244, 240, 215, 215, 215]),
      width: 3,
      height: 1,
      channels: 3 as const,
    };
    expect([...transparentPaper(rgb).data]).toEqual([20, 30, 90, 255, 255, 255, 255, 0, 215, 215, 215, 128]);
  });

  it('each encode: JPEG on white, palette PNG when transparent, 200 DPI, shrunk by scale', () => {
    const size = { width: 354, height: 120 };
    expect(planSignatureEncode('white', size, 70, 1)).toMatchObject({
      density: 200,
      output: { format: 'jpeg', options: { quality: 70, progressive: false } },
      extension: 'jpg',
    });
    const png = planSignatureEncode('transparent', size, 40, 0.9);
    expect(png).toMatchObject({
      density: 200,
      output: { format: 'png', options: { palette: true, quality: 40 } },
      resize: { width: 319, height: 108, fit: 'fill' },
      extension: 'png',
    });
    expect(png).not.toHaveProperty('flatten');
    expect(SIGNATURE_SCALES[0]).toBe(1);
    expect(354 * (SIGNATURE_SCALES.at(-1) ?? 1)).toBeLessThan(10);
  });
});

describe('pancard-signature-resizer', () => {
  it('white: a JPEG as large as fits 354×157, 200 DPI, under 20 KB', async () => {
    const [out] = await resize({ background: 'white' }, await scan(1200, 500));
    expect(out.name).toBe('signature-pan-signature.jpg');
    const bytes = await readFile(out.path);
    const meta = await expectPanSignature(bytes, 'jpeg');
    // 1200×500 → 354 wide (height 147.5 → 148): the width is the limit.
    expect(meta.width).toBe(354);
    expect(Math.abs((meta.height ?? 0) - 148)).toBeLessThanOrEqual(1);
    expect(jfifDensity(bytes)).toEqual({ units: 1, x: 200, y: 200 });
    expect(jpegFrameType(bytes)).toBe('baseline');
    const pixels = await rawPixels(bytes);
    for (const c of pixels.at(3, 3)) expect(c).toBeGreaterThan(230); // paper
  });

  it('transparent: a PNG with alpha, paper alpha 0, ink alpha 255', async () => {
    const [out] = await resize({ background: 'transparent' }, await scan(1200, 500));
    expect(out.name).toBe('signature-pan-signature.png');
    const bytes = await readFile(out.path);
    expect(bytes.subarray(0, 4)).toEqual(PNG_MAGIC);
    const meta = await expectPanSignature(bytes, 'png');
    expect(meta.hasAlpha).toBe(true);
    expect(pngDpi(bytes)).toEqual({ x: 200, y: 200 });
    const pixels = await rawPixels(bytes);
    expect(pixels.info.channels).toBe(4);
    expect(pixels.at(3, 3)[3]).toBe(0); // paper corner
    // The filled square in the middle of the scan (45..55 % of each side) is solid ink.
    const ink = pixels.at(Math.round((meta.width ?? 0) / 2), Math.round((meta.height ?? 0) / 2));
    expect(ink[3]).toBe(255);
    expect(ink[2]).toBeGreaterThan(ink[0]); // still blue ink
  });

  it('enlarges a small scan to the largest size that fits; tall scans are limited by height', async () => {
    const [small] = await resize({ background: 'white' }, await scan(300, 100));
    expect(await sharp(small.path).metadata()).toMatchObject({ width: 354, height: 118 });
    await job?.cleanup();
    const [tall] = await resize({ background: 'white' }, await scan(400, 400));
    expect(await sharp(tall.path).metadata()).toMatchObject({ width: 157, height: 157 });
  });

  it('never gives up: a scan of pure noise still ends under 20 KB', async () => {
    const noise = await noisyJpeg(708, 314);
    for (const background of ['white', 'transparent'] as const) {
      const [out] = await resize({ background }, { name: 'noise.jpg', bytes: noise, format: 'jpg' });
      await expectPanSignature(await readFile(out.path), background === 'white' ? 'jpeg' : 'png');
      await job?.cleanup();
      job = undefined;
    }
  });
});
