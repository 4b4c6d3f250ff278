/**
 * Issue 24, class 2: an input whose format the imager cannot write comes out as what a user expects
 * (a HEIC photo as JPEG, transparency as PNG), in every tool that keeps the input's format; and
 * compress-image never hands back a file larger than its input.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heicFromImage } from '@mediakit/media/testing';
import { JobFailure, type ToolHandler } from '@mediakit/worker';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoLikePng } from '../../test/editing-support.ts';
import {
  type FakeInput,
  type FakeJob,
  fakeJob,
  halfTransparentRedPng,
  JPEG_MAGIC,
} from '../../test/support.ts';
import { compressImage } from './compress-image.ts';
import { cropImage } from './crop-image.ts';
import { overlayImageOnImage } from './overlay-image-on-image.ts';
import { resizeImage } from './resize-image.ts';
import { rotateFlipImage } from './rotate-flip-image.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker/types'));

let job: FakeJob<unknown> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function run<P>(tool: ToolHandler<P>, params: P, files: FakeInput[]) {
  job = (await fakeJob('tool', params, files)) as FakeJob<unknown>;
  return tool((job as FakeJob<P>).ctx);
}

let dir: string;
let heic: FakeInput; // 640×480 photo-like HEIC (x265), opaque
let bmpWithAlpha: FakeInput; // 32-bit BMP with real transparency
let bmpOpaque: FakeInput; // 24-bit BMP
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'output-format-'));
  const source = join(dir, 'photo.png');
  await writeFile(source, await photoLikePng(640, 480));
  heic = { name: 'IMG_0001.HEIC', bytes: await heicFromImage(source), format: 'heic' };
  // ImageMagick writes a 32-bit BGRA BMP (V5 header) when there is alpha, and BMP3 a plain 24-bit one.
  const alphaPng = join(dir, 'alpha.png');
  await writeFile(alphaPng, await halfTransparentRedPng(64, 32));
  await sharp(await photoLikePng(64, 32)).toFile(join(dir, 'opaque.png'));
  const convert = (from: string, to: string) =>
    new Promise<void>((resolve, reject) =>
      import('node:child_process').then(({ execFile }) =>
        execFile('convert', [from, to], (error) => (error ? reject(error) : resolve())),
      ),
    );
  await convert(alphaPng, join(dir, 'alpha.bmp'));
  await convert(join(dir, 'opaque.png'), `BMP3:${join(dir, 'opaque.bmp')}`);
  bmpWithAlpha = { name: 'icon.bmp', bytes: await readFile(join(dir, 'alpha.bmp')), format: 'bmp' };
  bmpOpaque = { name: 'shot.bmp', bytes: await readFile(join(dir, 'opaque.bmp')), format: 'bmp' };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a HEIC photo comes out as JPEG from every tool that keeps the format', () => {
  it('resize-image', async () => {
    const [out] = await run(resizeImage, { width: 320, fit: 'inside' }, [heic]);
    expect(out.name).toBe('IMG_0001-320x240.jpg');
    expect(out.note).toBe('We cannot write HEIC, so you get JPEG, the usual format for photos.');
    expect((await readFile(out.path)).subarray(0, 3)).toEqual(JPEG_MAGIC);
    expect(await sharp(out.path).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('crop-image', async () => {
    const [out] = await run(cropImage, { x: 10, y: 10, width: 100, height: 50 }, [heic]);
    expect(out.name).toBe('IMG_0001-cropped.jpg');
    expect(out.note).toBe('We cannot write HEIC, so you get JPEG, the usual format for photos.');
    expect(await sharp(out.path).metadata()).toMatchObject({ format: 'jpeg', width: 100, height: 50 });
  });

  it('rotate-flip-image', async () => {
    const [out] = await run(rotateFlipImage, { rotate: 90 }, [heic]);
    expect(out.name).toBe('IMG_0001-rotated.jpg');
    expect(out.note).toBe('We cannot write HEIC, so you get JPEG, the usual format for photos.');
    expect(await sharp(out.path).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 640 });
  });

  it('overlay-image-on-image (HEIC base)', async () => {
    const logo: FakeInput = { name: 'logo.png', bytes: await halfTransparentRedPng(40, 20), format: 'png' };
    const [out] = await run(overlayImageOnImage, { x: 5, y: 5, opacity: 100 }, [heic, logo]);
    expect(out.name).toBe('IMG_0001-overlay.jpg');
    expect(out.note).toBe('We cannot write HEIC, so you get JPEG, the usual format for photos.');
    expect(await sharp(out.path).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
  });

  it('compress-image gives a JPEG smaller than the HEIC (a size target), or says why not (a level)', async () => {
    const targetSizeKB = Math.floor((heic.bytes.length * 0.8) / 1000);
    const [out] = await run(compressImage, { targetSizeKB }, [heic]);
    expect(out.name).toBe('IMG_0001-compressed.jpg');
    expect(out.note).toBe('We cannot write HEIC, so you get JPEG, the usual format for photos.');
    expect((await sharp(out.path).metadata()).format).toBe('jpeg');
    expect((await stat(out.path)).size).toBeLessThan(heic.bytes.length);
  });
});

describe('formats that are not photos, or have transparency', () => {
  it('resize-image keeps a BMP lossless as PNG, with or without alpha', async () => {
    const [opaque, alpha] = await run(resizeImage, { width: 32, fit: 'inside' }, [bmpOpaque, bmpWithAlpha]);
    expect(await sharp(opaque.path).metadata()).toMatchObject({ format: 'png', hasAlpha: false });
    expect(await sharp(alpha.path).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
    // The same sentence for both files, so the job shows it once.
    expect([opaque.note, alpha.note]).toEqual([
      'We cannot write BMP, so you get PNG, which is lossless and keeps any transparency.',
      'We cannot write BMP, so you get PNG, which is lossless and keeps any transparency.',
    ]);
  });

  it('compress-image makes an opaque BMP a JPEG, and keeps transparency in a PNG', async () => {
    const [opaque, alpha] = await run(compressImage, { level: 'medium' }, [bmpOpaque, bmpWithAlpha]);
    expect(opaque.name).toBe('shot-compressed.jpg');
    expect((await sharp(opaque.path).metadata()).format).toBe('jpeg');
    expect(alpha.name).toBe('icon-compressed.png');
    expect(await sharp(alpha.path).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
    expect((await stat(alpha.path)).size).toBeLessThan(bmpWithAlpha.bytes.length);
  });
});

describe('compress-image never returns a larger file', () => {
  it('a level whose result would be larger fails with a sentence naming the size and what to try', async () => {
    // A tiny, flat PNG: any re-encode is larger than its few hundred bytes.
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    const error = await run(compressImage, { level: 'high' }, [
      { name: 'dot.png', bytes, format: 'png' },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as Error).message).toMatch(
      /^dot\.png was not compressed: it is already \d+\.\d KB and the high level would make it \d+\.\d KB\. Try a target size below \d+\.\d KB\.$/,
    );
  });

  it('a HEIC at a level that would give a bigger JPEG says so, naming JPEG', async () => {
    const error = await run(compressImage, { level: 'low' }, [heic]).catch((e: unknown) => e);
    // x265's default quality makes a HEIC that a quality-80 JPEG cannot match.
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as Error).message).toMatch(
      /^IMG_0001\.HEIC was not compressed: it is already \d+\.\d KB and the low level would make it \d+\.\d KB as a JPEG\. Try the high level, or a target size below \d+\.\d KB\.$/,
    );
  });

  it('in a batch, a file that cannot be made smaller comes back unchanged with the reason', async () => {
    const dot = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    const outputs = await run(compressImage, { level: 'high' }, [
      { name: 'dot.png', bytes: dot, format: 'png' },
      bmpOpaque,
    ]);
    expect(outputs.map((o) => o.name)).toEqual(['dot.png', 'shot-compressed.jpg']);
    expect(await readFile(outputs[0].path)).toEqual(dot);
    expect(outputs[0].note).toMatch(/^dot\.png was not compressed: .* It is in the results unchanged\.$/);
    expect((await stat(outputs[1].path)).size).toBeLessThan(bmpOpaque.bytes.length);
  });
});
