import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageConverters, webpAvifConverters } from '@mediakit/catalog';
import { heicFromImage, picture, writeBmp, writeIco, writePsd } from '@mediakit/media/testing';
import { JobFailure } from '@mediakit/worker';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  detailedPng,
  type FakeInput,
  type FakeJob,
  fakeJob,
  halfTransparentRedPng,
  JPEG_MAGIC,
  PNG_MAGIC,
  pixelAt,
  pngClaiming,
} from '../../test/support.ts';
import { makeImageConverter } from './convert-image.ts';
import { converterHandlers } from './converters.ts';
import { handlers } from './index.ts';

// The worker package's index also starts the runtime (NATS, storage...), which these unit tests do not
// need and which may be mid-edit: resolve '@mediakit/worker' to its contract module only.
vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

const pngToJpg = makeImageConverter('jpg');
const jpgToPng = makeImageConverter('png');

let job: FakeJob<{ quality?: number }> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function run(
  handler: typeof pngToJpg,
  files: FakeInput[],
  params: { quality?: number } = {},
  tool = 'png-to-jpg',
) {
  job = await fakeJob(tool, params, files);
  const outputs = await handler(job.ctx);
  return { outputs, job };
}

describe('png-to-jpg', () => {
  it('writes a JPEG of the same size with transparency flattened onto white', async () => {
    const png = await halfTransparentRedPng(200, 100);
    const { outputs } = await run(pngToJpg, [{ name: 'logo.png', bytes: png, format: 'png' }]);
    expect(outputs).toHaveLength(1);
    expect(outputs[0].name).toBe('logo.jpg');
    const bytes = await readFile(outputs[0].path);
    expect(bytes.subarray(0, 3)).toEqual(JPEG_MAGIC);
    const meta = await sharp(outputs[0].path).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 100, hasAlpha: false });
    const transparentArea = await pixelAt(outputs[0].path, 150, 50);
    for (const channel of transparentArea) expect(channel).toBeGreaterThan(245);
    const [r, g, b] = await pixelAt(outputs[0].path, 50, 50);
    expect(r).toBeGreaterThan(230);
    expect(g).toBeLessThan(30);
    expect(b).toBeLessThan(30);
  });

  it('lower quality gives fewer bytes', async () => {
    const png = await detailedPng();
    const low = await run(pngToJpg, [{ name: 'a.png', bytes: png, format: 'png' }], { quality: 20 });
    const lowSize = (await stat(low.outputs[0].path)).size;
    await job?.cleanup();
    const high = await run(pngToJpg, [{ name: 'a.png', bytes: png, format: 'png' }], { quality: 95 });
    const highSize = (await stat(high.outputs[0].path)).size;
    expect(lowSize).toBeLessThan(highSize);
  });

  it('strips GPS and other EXIF', async () => {
    const jpg = await sharp(await detailedPng(64, 48))
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Someone', Make: 'Camera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 3230/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 4366/100',
        },
      })
      .toBuffer();
    const before = await sharp(jpg).metadata();
    expect(before.exif?.includes('Someone')).toBe(true);
    // The latitude's seconds (3230/100) as EXIF rationals: the GPS IFD really is in the input.
    const le = Buffer.from(new Uint32Array([3230, 100]).buffer);
    const be = Buffer.from([0, 0, 0x0c, 0x9e, 0, 0, 0, 100]);
    expect(before.exif?.includes(le) || before.exif?.includes(be)).toBe(true);
    const { outputs } = await run(pngToJpg, [{ name: 'trip.jpg', bytes: jpg, format: 'jpg' }]);
    const after = await sharp(outputs[0].path).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect((await readFile(outputs[0].path)).includes('Someone')).toBe(false);
  });

  it('converts a batch, one output per input, progress to 100, unique names', async () => {
    const png = await halfTransparentRedPng(40, 20);
    const files = ['a.png', 'b.png', 'a.png'].map((name) => ({ name, bytes: png, format: 'png' }));
    const { outputs, job: j } = await run(pngToJpg, files);
    expect(outputs.map((o) => o.name)).toEqual(['a.jpg', 'b.jpg', 'a-2.jpg']);
    expect(new Set(outputs.map((o) => o.path)).size).toBe(3);
    expect(j.progress).toHaveLength(3);
    expect(j.progress[0]).toBeCloseTo(33.33, 1);
    expect(j.progress[1]).toBeCloseTo(66.67, 1);
    expect(j.progress[2]).toBe(100);
  });

  it('stops before the next file once the signal is aborted', async () => {
    const png = await halfTransparentRedPng(40, 20);
    job = await fakeJob(
      'png-to-jpg',
      {},
      ['a.png', 'b.png', 'c.png'].map((name) => ({ name, bytes: png, format: 'png' })),
    );
    const j = job;
    j.ctx.progress = (p) => {
      j.progress.push(p);
      j.controller.abort();
    };
    await expect(pngToJpg(j.ctx)).rejects.toMatchObject({ name: 'AbortError' });
    expect(j.progress).toHaveLength(1);
    expect(await readdir(j.ctx.outDir)).toEqual(['1.jpg']);
  });

  it('a corrupt file fails the job naming the file', async () => {
    const files = [{ name: 'photo.png', bytes: randomBytes(4096), format: 'png' }];
    const error = await run(pngToJpg, files).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as Error).message).toMatch(/^photo\.png could not be read: /);
  });

  it('a truncated file fails the job instead of writing a half-grey image', async () => {
    const png = await detailedPng();
    const files = [{ name: 'cut.png', bytes: png.subarray(0, png.length / 2), format: 'png' }];
    const error = await run(pngToJpg, files).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as Error).message).toBe('cut.png could not be read: the file is damaged or incomplete');
  });

  it('an image over the pixel limit fails naming the file and the limit', async () => {
    const files = [{ name: 'huge.png', bytes: await pngClaiming(20_000, 20_000), format: 'png' }];
    const error = await run(pngToJpg, files).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as Error).message).toBe(
      'huge.png could not be read: the image has more than 100 megapixels',
    );
  });
});

describe('jpg-to-png', () => {
  it('applies EXIF orientation and writes no EXIF', async () => {
    const jpg = await sharp(await detailedPng(300, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpg).metadata()).orientation).toBe(6);
    const { outputs } = await run(
      jpgToPng,
      [{ name: 'portrait.jpeg', bytes: jpg, format: 'jpg' }],
      {},
      'jpg-to-png',
    );
    expect(outputs[0].name).toBe('portrait.png');
    expect((await readFile(outputs[0].path)).subarray(0, 4)).toEqual(PNG_MAGIC);
    const meta = await sharp(outputs[0].path).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('keeps alpha in PNG output', async () => {
    const png = await halfTransparentRedPng(40, 20);
    const { outputs } = await run(jpgToPng, [{ name: 'a.png', bytes: png, format: 'png' }], {}, 'jpg-to-png');
    expect((await sharp(outputs[0].path).metadata()).hasAlpha).toBe(true);
    expect((await pixelAt(outputs[0].path, 30, 10))[3]).toBe(0);
  });

  it('converts CMYK and ICC-tagged inputs to untagged sRGB', async () => {
    const base = await detailedPng(64, 48);
    const cmyk = await sharp(base).toColourspace('cmyk').jpeg().toBuffer();
    const p3 = await sharp(base).withIccProfile('p3').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const { outputs } = await run(
      jpgToPng,
      [
        { name: 'print.jpg', bytes: cmyk, format: 'jpg' },
        { name: 'wide.jpg', bytes: p3, format: 'jpg' },
      ],
      {},
      'jpg-to-png',
    );
    for (const output of outputs) {
      const meta = await sharp(output.path).metadata();
      expect(meta).toMatchObject({ space: 'srgb', channels: 3 });
      expect(meta.icc).toBeUndefined();
    }
  });

  it('reads only the first frame of an animated GIF', async () => {
    const frame = (rgb: number[]) => Buffer.from(Array.from({ length: 20 * 20 }, () => rgb).flat());
    const gif = await sharp(Buffer.concat([frame([255, 0, 0]), frame([0, 0, 255])]), {
      raw: { width: 20, height: 40, channels: 3, pageHeight: 20 },
    })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const { outputs } = await run(
      jpgToPng,
      [{ name: 'anim.gif', bytes: gif, format: 'gif' }],
      {},
      'jpg-to-png',
    );
    expect(await sharp(outputs[0].path).metadata()).toMatchObject({ width: 20, height: 20 });
    const [r, , b] = await pixelAt(outputs[0].path, 10, 10);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(50);
  });
});

describe('the 20 converters', () => {
  it('registers exactly the catalog’s image converters, each also in the imager’s registry', () => {
    const names = [...imageConverters, ...webpAvifConverters].map((c) => c.name).sort();
    expect(names).toHaveLength(40);
    expect(Object.keys(converterHandlers).sort()).toEqual(names);
    for (const name of names) expect(handlers[name]).toBe(converterHandlers[name]);
  });

  /** Left half red, right half blue: orientation and colour mistakes both show. */
  const halves = (width: number, height: number) =>
    picture(width, height, (x) => (x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255]));
  const halvesPng = (width: number, height: number) => {
    const { data } = halves(width, height);
    return sharp(Buffer.from(data), { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
  };

  /** One input per source format, and the size it must come out at. */
  const sources: Record<string, () => Promise<{ bytes: Buffer; width: number; height: number }>> = {
    jpg: async () => ({
      bytes: await sharp(await halvesPng(40, 24))
        .jpeg({ quality: 95 })
        .toBuffer(),
      width: 40,
      height: 24,
    }),
    png: async () => ({ bytes: await halvesPng(40, 24), width: 40, height: 24 }),
    gif: async () => ({
      bytes: await sharp(await halvesPng(40, 24))
        .gif()
        .toBuffer(),
      width: 40,
      height: 24,
    }),
    bmp: async () => ({ bytes: writeBmp(halves(40, 24), { bits: 24 }), width: 40, height: 24 }),
    tiff: async () => ({
      bytes: await sharp(await halvesPng(40, 24))
        .tiff()
        .toBuffer(),
      width: 40,
      height: 24,
    }),
    webp: async () => ({
      bytes: await sharp(await halvesPng(40, 24))
        .webp({ lossless: true })
        .toBuffer(),
      width: 40,
      height: 24,
    }),
    heic: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'convert-heic-'));
      try {
        await writeFile(join(dir, 'src.png'), await halvesPng(40, 24));
        return { bytes: await heicFromImage(join(dir, 'src.png')), width: 40, height: 24 };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    avif: async () => ({
      bytes: await sharp(await halvesPng(40, 24))
        .avif({ quality: 90 })
        .toBuffer(),
      width: 40,
      height: 24,
    }),
    ico: async () => ({
      bytes: writeIco([
        { bmp: halves(16, 16), bits: 32 },
        { bmp: halves(48, 48), bits: 24 },
        { bmp: halves(32, 32), bits: 8 },
      ]),
      width: 48,
      height: 48,
    }),
    svg: async () => ({
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24"><rect width="20" height="24" fill="#f00"/><rect x="20" width="20" height="24" fill="#00f"/></svg>',
      ),
      width: 40,
      height: 24,
    }),
    psd: async () => ({
      bytes: writePsd({
        width: 40,
        height: 24,
        colourChannels: 3,
        depth: 8,
        at: (x) => (x < 20 ? [255, 0, 0] : [0, 0, 255]),
      }),
      width: 40,
      height: 24,
    }),
  };

  it.each(imageConverters.map((c) => c.name))('%s', async (name) => {
    const [from, to] = name.split('-to-');
    const source = await sources[from]();
    job = await fakeJob(name, {}, [{ name: `input.${from}`, bytes: source.bytes, format: from }]);
    const outputs = await converterHandlers[name](job.ctx);
    expect(outputs).toHaveLength(1);
    expect(outputs[0].name).toBe(`input.${to}`);
    const bytes = await readFile(outputs[0].path);
    expect(bytes.subarray(0, to === 'jpg' ? 3 : 4)).toEqual(to === 'jpg' ? JPEG_MAGIC : PNG_MAGIC);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({
      format: to === 'jpg' ? 'jpeg' : 'png',
      width: source.width,
      height: source.height,
    });
    expect(meta.exif).toBeUndefined();
    const [lr, lg, lb] = await pixelAt(outputs[0].path, 2, source.height - 3);
    const [rr, rg, rb] = await pixelAt(outputs[0].path, source.width - 3, 2);
    expect([lr > 200, lg < 60, lb < 60]).toEqual([true, true, true]);
    expect([rr < 60, rg < 60, rb > 200]).toEqual([true, true, true]);
  });

  it('an input whose content is not an image we read fails naming the file', async () => {
    job = await fakeJob('bmp-to-png', {}, [
      { name: 'notes.bmp', bytes: Buffer.from('just text\n'), format: 'bmp' },
    ]);
    const error = await converterHandlers['bmp-to-png'](job.ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as Error).message).toBe(
      'notes.bmp could not be read: it is not an image format we can read',
    );
  });
});

describe('handlers', () => {
  it('registers the converters and the editing tools by catalog name', () => {
    expect(Object.keys(handlers)).toEqual(
      expect.arrayContaining(['jpg-to-png', 'heic-to-png', 'psd-to-jpg', 'resize-image']),
    );
  });
});

describe('the notes a converter leaves with its result', () => {
  const corpus = (path: string) =>
    readFile(new URL(`../../../../tests/corpus/files/${path}`, import.meta.url).pathname);

  it('an animated GIF to JPG says the JPG holds its first frame, naming the frame count', async () => {
    const bytes = await corpus('anim/gifsicle-42-frames.gif');
    const { outputs } = await run(pngToJpg, [{ name: 'party.gif', bytes, format: 'gif' }], {}, 'gif-to-jpg');
    expect(outputs[0]).toMatchObject({
      name: 'party-first-frame.jpg',
      note: 'party.gif is animated (42 frames); the JPG holds its first frame.',
    });
  });

  it('a PQ AVIF to JPG says it was tone-mapped; an SDR one says nothing', async () => {
    const hdr = await corpus('heif/avifenc-pq-10bit.avif');
    const sdr = await corpus('heif/avifenc-photo.avif');
    const { outputs } = await run(
      pngToJpg,
      [
        { name: 'sunset.avif', bytes: hdr, format: 'avif' },
        { name: 'photo.avif', bytes: sdr, format: 'avif' },
      ],
      {},
      'avif-to-jpg',
    );
    expect(outputs[0].note).toBe(
      'sunset.avif is HDR (PQ); it was tone-mapped to standard dynamic range for the JPG.',
    );
    expect(outputs[1].note).toBeUndefined();
  });
});
