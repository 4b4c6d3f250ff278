/**
 * The converters to WebP and AVIF, and the `format` param of resize-image and compress-image, on
 * generated pictures and the corpus's gifsicle GIF (the integration test decodes with dwebp/avifdec).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { photoLikePng } from '../../test/editing-support.ts';
import { type FakeInput, type FakeJob, fakeJob, halfTransparentRedPng } from '../../test/support.ts';
import { type CompressParams, compressImage } from './compress-image.ts';
import { type ModernParams, makeWebpAvifConverter, planModernOutput } from './convert-webp-avif.ts';
import { type ResizeParams, resizeImage } from './resize-image.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

const GIF = fileURLToPath(
  new URL('../../../../tests/corpus/files/anim/gifsicle-42-frames.gif', import.meta.url),
);

let job: FakeJob<unknown> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

type Handler<P> = (ctx: FakeJob<P>['ctx']) => Promise<{ path: string; name: string; note?: string }[]>;

async function run<P>(tool: Handler<P>, params: P, file: FakeInput) {
  const fake = await fakeJob<P>('tool', params, [file]);
  job = fake as FakeJob<unknown>;
  const [out] = await tool(fake.ctx);
  return { ...out, bytes: await readFile(out.path) };
}

const gif = async (): Promise<FakeInput> => ({
  name: 'party.gif',
  bytes: await readFile(GIF),
  format: 'gif',
});
const photo = async (): Promise<FakeInput> => ({
  name: 'photo.png',
  bytes: await photoLikePng(400, 300),
  format: 'png',
});

describe('planModernOutput', () => {
  it.each<[string, 'webp' | 'avif', ModernParams, object]>([
    ['WebP defaults', 'webp', {}, { quality: 90, effort: 4 }],
    ['AVIF defaults', 'avif', {}, { quality: 60, effort: 4 }],
    ['WebP quality and effort', 'webp', { quality: 50, effort: 6 }, { quality: 50, effort: 6 }],
    ['AVIF effort 9', 'avif', { effort: 9 }, { quality: 60, effort: 9 }],
    ['lossless WebP has no quality', 'webp', { lossless: true, effort: 0 }, { lossless: true, effort: 0 }],
    ['lossless AVIF has no quality', 'avif', { lossless: true }, { lossless: true, effort: 4 }],
  ])('%s', (_, target, params, options) => {
    expect(planModernOutput(target, params)).toEqual({ format: target, options });
  });
});

describe('to WebP and AVIF', () => {
  it.each(['webp', 'avif'] as const)('png-to-%s keeps transparency', async (target) => {
    const png = await halfTransparentRedPng(64, 32);
    const out = await run(makeWebpAvifConverter(target), {}, { name: 'logo.png', bytes: png, format: 'png' });
    expect(out.name).toBe(`logo.${target}`);
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[(10 * 64 + 5) * 4 + 3]).toBe(255); // opaque red half
    expect(data[(10 * 64 + 60) * 4 + 3]).toBe(0); // transparent half
  });

  it.each(['webp', 'avif'] as const)('lossless %s gives back the same pixels', async (target) => {
    const input = await photo();
    const out = await run(makeWebpAvifConverter(target), { lossless: true }, input);
    const decoded = await sharp(out.bytes).removeAlpha().raw().toBuffer();
    expect(decoded.equals(await sharp(input.bytes).removeAlpha().raw().toBuffer())).toBe(true);
  });

  it.each(['webp', 'avif'] as const)(
    '%s: lower quality and higher effort give smaller files',
    async (target) => {
      const input = await photo();
      const size = async (params: ModernParams) =>
        (await run(makeWebpAvifConverter(target), params, input)).bytes.length;
      expect(await size({ quality: 40 })).toBeLessThan(await size({ quality: 90 }));
      // AVIF's top efforts take seconds even on this picture; 6 against 0 shows the direction.
      expect(await size({ quality: 60, effort: 6 })).toBeLessThan(await size({ quality: 60, effort: 0 }));
    },
  );

  it('gif-to-webp keeps every frame, the delays and the loop count', async () => {
    const input = await gif();
    const out = await run(makeWebpAvifConverter('webp'), {}, input);
    expect(out.name).toBe('party.webp');
    expect(out.note).toBeUndefined();
    const source = await sharp(input.bytes, { animated: true }).metadata();
    const meta = await sharp(out.bytes, { animated: true }).metadata();
    expect(meta).toMatchObject({
      format: 'webp',
      pages: 42,
      loop: source.loop,
      pageHeight: source.pageHeight,
    });
    expect(meta.delay).toEqual(source.delay);
  });

  it('gif-to-avif gives the first frame and says so', async () => {
    const out = await run(makeWebpAvifConverter('avif'), {}, await gif());
    expect(out.name).toBe('party-first-frame.avif');
    expect(out.note).toBe('party.gif is animated (42 frames); the AVIF holds its first frame.');
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'heif', pages: 1, height: 120 });
  });
});

describe('resize-image and compress-image write the chosen format', () => {
  it('resize-image to WebP keeps an animation, to JPG takes its first frame', async () => {
    const webp = await run<ResizeParams>(
      resizeImage,
      { width: 80, fit: 'inside', format: 'webp' },
      await gif(),
    );
    expect(webp.name).toBe('party-80x60.webp');
    expect(webp.note).toBeUndefined();
    expect(await sharp(webp.bytes, { animated: true }).metadata()).toMatchObject({
      format: 'webp',
      pages: 42,
    });
    const jpg = await run<ResizeParams>(
      resizeImage,
      { width: 80, fit: 'inside', format: 'jpg' },
      await gif(),
    );
    expect(jpg.name).toBe('party-80x60.jpg');
    expect(jpg.note).toBe('party.gif is animated (42 frames); the JPG holds its first frame.');
  });

  it.each(['webp', 'avif'] as const)('compress-image to %s: a level and a size target', async (format) => {
    const input = await photo();
    const level = await run<CompressParams>(compressImage, { level: 'medium', format }, input);
    expect(level.name).toBe(`photo-compressed.${format}`);
    expect(level.note).toBeUndefined();
    expect(level.bytes.length).toBeLessThan(input.bytes.length);
    const target = await run<CompressParams>(compressImage, { targetSizeKB: 8, format }, input);
    expect((await sharp(target.bytes).metadata()).format).toBe(format === 'webp' ? 'webp' : 'heif');
    expect(target.bytes.length).toBeLessThanOrEqual(8000);
    expect(target.bytes.length).toBeGreaterThanOrEqual(8000 * 0.95);
  });

  it('compress-image to WebP keeps an animation', async () => {
    const input = await gif();
    const out = await run<CompressParams>(compressImage, { level: 'high', format: 'webp' }, input);
    expect(out.name).toBe('party-compressed.webp');
    expect(await sharp(out.bytes, { animated: true }).metadata()).toMatchObject({
      format: 'webp',
      pages: 42,
    });
  });
});
