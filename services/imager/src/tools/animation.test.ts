/**
 * Animated inputs through the editing tools, on corpus files made by gifsicle, img2webp, avifenc and
 * x265 (tests/corpus/make/anim.sh): every frame is processed, delays and loop count are kept.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeJob, fakeJob } from '../../test/support.ts';
import { openAnimation } from '../decode/open-animation.ts';
import { type CompressParams, compressImage } from './compress-image.ts';
import { type CropParams, cropImage } from './crop-image.ts';
import { imageTransparency } from './image-transparency.ts';
import { type OverlayParams, overlayImageOnImage } from './overlay-image-on-image.ts';
import { type ResizeParams, resizeImage } from './resize-image.ts';
import { type RotateFlipParams, rotateFlipImage } from './rotate-flip-image.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

const CORPUS = fileURLToPath(new URL('../../../../tests/corpus/files/anim/', import.meta.url));
const GIF = 'gifsicle-42-frames.gif';
const WEBP = 'img2webp-10-frames.webp';
const AVIF = 'avifenc-24-frames.avif';
const HEIC = 'x265-msf1-24-frames.heic';
const APNG = 'ffmpeg-apng-12-frames.png';

let job: FakeJob<unknown> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function run<P>(
  tool: (ctx: FakeJob<P>['ctx']) => Promise<{ path: string; name: string; note?: string }[]>,
  params: P,
  file: string,
  format: string,
) {
  const fake = await fakeJob<P>('tool', params, [
    { name: file, bytes: await readFile(join(CORPUS, file)), format },
  ]);
  job = fake as FakeJob<unknown>;
  const [out] = await tool(fake.ctx);
  return out;
}

/** Frame `index` of an animation, as RGB, decoded by sharp. */
async function frame(path: string, index: number) {
  return sharp(path, { page: index }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

async function pixel(path: string, index: number, x: number, y: number): Promise<number[]> {
  const { data, info } = await frame(path, index);
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

function near(actual: number[], expected: number[], tolerance = 24): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

describe('animated inputs keep every frame', () => {
  it('resize-image: 42 GIF frames resized, 100 ms each, looping forever', async () => {
    const out = await run<ResizeParams>(resizeImage, { width: 80, fit: 'inside' }, GIF, 'gif');
    expect(out.note).toBeUndefined(); // a GIF stays a GIF: nothing to say
    expect(out.name).toBe('gifsicle-42-frames-80x60.gif');
    const meta = await sharp(out.path, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 80, pageHeight: 60, pages: 42, loop: 0 });
    expect(meta.delay).toEqual(Array(42).fill(100));
    // The sliding box (x = 3·frame … +30, y 30-70 at full size) is where each frame put it.
    expect(near(await pixel(out.path, 0, 7, 25), [0, 200, 255])).toBe(true);
    expect(near(await pixel(out.path, 30, 52, 25), [180, 200, 75])).toBe(true);
    expect(near(await pixel(out.path, 0, 52, 25), [48, 96, 192])).toBe(true); // background there at first
  });

  it('rotate-flip-image: a quarter turn of every frame (sharp alone refuses it on an animation)', async () => {
    const out = await run<RotateFlipParams>(rotateFlipImage, { rotate: 90 }, GIF, 'gif');
    const meta = await sharp(out.path, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 120, pageHeight: 160, pages: 42 });
    // Clockwise: input (x, y) lands on (119 - y, x).
    expect(near(await pixel(out.path, 0, 119 - 50, 15), [0, 200, 255])).toBe(true);
    expect(near(await pixel(out.path, 30, 119 - 50, 105), [180, 200, 75])).toBe(true);
  });

  it('crop-image: each WebP frame cut to the box, both frame durations kept', async () => {
    const out = await run<CropParams>(cropImage, { x: 0, y: 30, width: 60, height: 40 }, WEBP, 'webp');
    expect(out.name).toBe('img2webp-10-frames-cropped.webp');
    const meta = await sharp(out.path, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 60, pageHeight: 40, pages: 10, loop: 0 });
    expect(meta.delay).toEqual([...Array(5).fill(100), ...Array(5).fill(250)]);
    expect(near(await pixel(out.path, 0, 10, 10), [0, 200, 255])).toBe(true);
    expect(near(await pixel(out.path, 9, 10, 10), [48, 96, 192])).toBe(true); // the box moved on
  });

  it('compress-image: a level keeps all frames and makes the GIF smaller', async () => {
    const input = await readFile(join(CORPUS, 'ffmpeg-palette-24-frames.gif'));
    const out = await run<CompressParams>(
      compressImage,
      { level: 'high' },
      'ffmpeg-palette-24-frames.gif',
      'gif',
    );
    const meta = await sharp(out.path, { animated: true }).metadata();
    // ffmpeg's `-loop 3` is 3 repeats: libvips counts plays, 4.
    expect(meta).toMatchObject({ format: 'gif', width: 240, pageHeight: 136, pages: 24, loop: 4 });
    // 12 fps in centiseconds: 8 and 9 cs by turns, as the input has them.
    expect(meta.delay).toEqual((await sharp(input, { animated: true }).metadata()).delay);
    expect((await readFile(out.path)).length).toBeLessThan(input.length);
  });

  it('compress-image: an animation that would only grow is refused with a sentence', async () => {
    // gifsicle -O2 stores only what changes between frames; re-encoding it cannot beat that.
    await expect(run<CompressParams>(compressImage, { level: 'medium' }, GIF, 'gif')).rejects.toThrow(
      /^gifsicle-42-frames\.gif is already smaller \(15\.3 KB\) than compressing its animation would make it \(\d+\.\d KB\): it is best kept as it is\.$/,
    );
  });

  it('compress-image: a target size holds for the whole animation, frames and delays kept', async () => {
    const out = await run<CompressParams>(compressImage, { targetSizeKB: 3 }, WEBP, 'webp');
    const bytes = (await readFile(out.path)).length;
    expect(bytes).toBeLessThanOrEqual(3000);
    const meta = await sharp(out.path, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'webp', pages: 10 });
    expect(meta.delay).toEqual([...Array(5).fill(100), ...Array(5).fill(250)]);
  });

  it('overlay-image-on-image: the overlay lands on every frame of an animated base', async () => {
    const red = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const fake = await fakeJob<OverlayParams>('overlay-image-on-image', { x: 100, y: 10, opacity: 100 }, [
      { name: GIF, bytes: await readFile(join(CORPUS, GIF)), format: 'gif' },
      { name: 'red.png', bytes: red, format: 'png' },
    ]);
    job = fake as FakeJob<unknown>;
    const [out] = await overlayImageOnImage(fake.ctx);
    const meta = await sharp(out.path, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 160, pageHeight: 120, pages: 42 });
    expect(meta.delay).toEqual(Array(42).fill(100));
    for (const index of [0, 41]) expect(near(await pixel(out.path, index, 110, 20), [255, 0, 0])).toBe(true);
    expect(near(await pixel(out.path, 0, 15, 50), [0, 200, 255])).toBe(true);
    expect(near(await pixel(out.path, 30, 15, 50), [48, 96, 192])).toBe(true);
  });

  it('an animated AVIF (avifenc) is resized frame by frame into an animated WebP', async () => {
    const out = await run<ResizeParams>(resizeImage, { width: 80, fit: 'inside' }, AVIF, 'avif');
    expect(out.name).toBe('avifenc-24-frames-80x60.webp');
    const meta = await sharp(out.path, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 80, pageHeight: 60, pages: 24 });
    expect(meta.delay).toEqual(Array(24).fill(100));
    expect(near(await pixel(out.path, 20, 38, 25), [120, 200, 135], 40)).toBe(true);
  });

  it('an HEVC image sequence (msf1) is rotated frame by frame into an animated WebP', async () => {
    const out = await run<RotateFlipParams>(rotateFlipImage, { rotate: 180 }, HEIC, 'heic');
    expect(out.note).toBe(
      'We cannot write animated HEIC, so you get an animated WebP, which keeps every frame.',
    );
    const meta = await sharp(out.path, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 160, pageHeight: 120, pages: 24 });
    // The box of frame 0 (x 0-30, y 30-70) is now at the right: (159 - 15, 119 - 50).
    expect(near(await pixel(out.path, 0, 144, 69), [0, 200, 255], 40)).toBe(true);
  });

  it('an animated PNG (ffmpeg APNG) keeps its frames, transparency and loop in an animated WebP', async () => {
    const out = await run<ResizeParams>(resizeImage, { width: 80, fit: 'inside' }, APNG, 'png');
    expect(out.name).toBe('ffmpeg-apng-12-frames-80x60.webp');
    expect(out.note).toBe(
      'We cannot write animated PNG, so you get an animated WebP, which keeps every frame.',
    );
    const meta = await sharp(out.path, { animated: true }).metadata();
    expect(meta).toMatchObject({
      format: 'webp',
      width: 80,
      pageHeight: 60,
      pages: 12,
      loop: 0,
      hasAlpha: true,
    });
    expect(meta.delay).toEqual(Array(12).fill(100));
    const { data, info } = await sharp(out.path, { page: 11 }).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
    ];
    expect(at(2, 2)[3]).toBe(0); // the keyed-out background
    expect(near(at(23, 25).slice(0, 3), [66, 200, 189])).toBe(true); // frame 11's box, x 33-63 at full size
  });

  it('all frames together are held to the pixel limit, in a sentence', async () => {
    const input = { path: join(CORPUS, GIF), name: 'party.gif' };
    await expect(openAnimation(input, { limitInputPixels: 160 * 120 * 41 })).rejects.toThrow(
      /^party\.gif could not be read: its 42 frames of 160×120 make 0\.8 megapixels together, more than the 0\.8 an animation may have/,
    );
    await expect(openAnimation(input, { limitInputPixels: 160 * 120 * 42 })).resolves.toMatchObject({
      loop: 0,
    });
  });

  it('image-transparency writes one PNG frame and names it the first frame', async () => {
    const out = await run(imageTransparency, { opacity: 50 }, WEBP, 'webp');
    expect(out.name).toBe('img2webp-10-frames-first-frame-transparent.png');
    expect(out.note).toBe('img2webp-10-frames.webp is animated (10 frames); the PNG holds its first frame.');
    expect(await sharp(out.path).metadata()).toMatchObject({ format: 'png', width: 160, height: 120 });
  });

  it('a still GIF or PNG is not an animation: the one-frame path takes it', async () => {
    const still = join(CORPUS, 'gifsicle-42-frames.ref.png');
    expect(await openAnimation({ path: still, name: 'x.png' })).toBeUndefined();
  });
});
