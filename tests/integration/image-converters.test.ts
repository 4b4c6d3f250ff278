import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { catalog } from '@mediakit/catalog';
import { heicFromImage, picture, type Rgba, writeBmp, writeIco, writePsd } from '@mediakit/media/testing';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The 20 image converters through the public API: every converter at least once, fed a file of its
 * source format made here (sharp, and the test-only builders for BMP variants, ICO, PSD and HEIC),
 * and every output read back independently: magic bytes, sharp's metadata on the downloaded bytes
 * (format, size, no EXIF) and sampled pixels.
 */

let stack: TestStack;
let api: ApiClient;
let dir: string;
let listener: Server;
let listenerPort: number;
let connections = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-image-converters-'));
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as { port: number }).port;
  stack = await startTestStack();
  api = new ApiClient(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  await new Promise((resolve) => listener?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Inputs

const RED = [255, 0, 0, 255];
const BLUE = [0, 0, 255, 255];
const CLEAR = [0, 0, 0, 0];

/** Left half red, right half blue. */
const halves = (width: number, height: number): Rgba =>
  picture(width, height, (x) => (x < width / 2 ? RED : BLUE));
/** Left half red, right half fully transparent. */
const redAndClear = (width: number, height: number): Rgba =>
  picture(width, height, (x) => (x < width / 2 ? RED : CLEAR));

const png = (image: Rgba) =>
  sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } })
    .png()
    .toBuffer();

async function heic(image: Rgba, options?: Parameters<typeof heicFromImage>[1]): Promise<Buffer> {
  const source = join(dir, `heic-source-${Math.random().toString(36).slice(2)}.png`);
  await writeFile(source, await png(image));
  return heicFromImage(source, options);
}

/** Two frames, red then blue: the converters must give the first. */
async function redThenBlueGif(): Promise<Buffer> {
  const frame = (rgb: number[]) => Buffer.from(Array.from({ length: 32 * 24 }, () => rgb).flat());
  return sharp(Buffer.concat([frame([255, 0, 0]), frame([0, 0, 255])]), {
    raw: { width: 32, height: 48, channels: 3, pageHeight: 24 },
  })
    .gif({ loop: 0, delay: [200, 200] })
    .toBuffer();
}

const svg = (body: string, width = 40, height = 24) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

// ---------------------------------------------------------------------------------------------------
// Running a converter

const isRed = ([r, g, b]: number[]) => r > 220 && g < 50 && b < 50;
const isBlue = ([r, g, b]: number[]) => r < 50 && g < 50 && b > 220;
const isWhite = ([r, g, b]: number[]) => r > 245 && g > 245 && b > 245;
const isClear = (px: number[]) => px[3] === 0;

interface Converted {
  input: { mime: string; width?: number; height?: number };
  output: { name: string; mime: string; width: number; height: number };
  bytes: Buffer;
  meta: Metadata;
  at(x: number, y: number): number[];
}

async function upload(client: ApiClient, name: string, bytes: Buffer) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const uploaded = await client.upload([path]);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return uploaded.body.files[0];
}

async function runJob(
  client: ApiClient,
  tool: string,
  inputs: string[],
  params: Record<string, unknown> = {},
) {
  const created = await client.json('POST', '/jobs', { tool, inputs, params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await client.events(created.body.id, 60_000);
  const final = events.at(-1);
  expect(final?.event, JSON.stringify(final?.data?.error)).toBe('succeeded');
  return { events, job: final?.data };
}

async function convert(name: string, bytes: Buffer, tool: string): Promise<Converted> {
  const input = await upload(api, name, bytes);
  const { job } = await runJob(api, tool, [input.id]);
  expect(job.outputs).toHaveLength(1);
  expect(job.archive).toBeUndefined();
  const output = job.outputs[0];
  const download = await api.download(`/files/${output.id}/content`);
  expect(download.status).toBe(200);
  const target = tool.split('-to-')[1];
  expect(download.bytes.subarray(0, 4)).toEqual(
    target === 'jpg'
      ? Buffer.from([0xff, 0xd8, 0xff, download.bytes[3]])
      : Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  );
  expect(download.headers.get('content-type')).toBe(target === 'jpg' ? 'image/jpeg' : 'image/png');
  const meta = await sharp(download.bytes).metadata();
  expect(meta.format).toBe(target === 'jpg' ? 'jpeg' : 'png');
  // Nothing of the camera or the source travels: no EXIF, XMP or ICC profile; sRGB, 8 bits.
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.space).toBe('srgb');
  expect(meta.depth).toBe('uchar');
  // The output's File record was read from its bytes by the platform: it must agree.
  expect(output).toMatchObject({ width: meta.width, height: meta.height });
  const { data, info } = await sharp(download.bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    const px = [...data.subarray(i, i + info.channels)];
    return info.channels === 3 ? [...px, 255] : px;
  };
  return { input, output, bytes: download.bytes, meta, at };
}

// ---------------------------------------------------------------------------------------------------
// Every converter

interface Case {
  title: string;
  tool: string;
  file: string;
  make: () => Promise<Buffer>;
  /** What the files service must have read from the upload. */
  mime: string;
  size: [number, number];
  /** What the generated input really has (so a check cannot pass because the input lacked it). */
  premise?: (meta: Metadata) => void;
  /** An animation: the download's name says it holds the first frame. */
  firstFrame?: true;
  check: (out: Converted) => void;
}

/** The left half red and the right half blue, sampled away from the edges and the middle. */
const redLeftBlueRight = (out: Converted) => {
  const { width, height } = out.meta as { width: number; height: number };
  expect(isRed(out.at(3, height - 3)), `left: ${out.at(3, height - 3)}`).toBe(true);
  expect(isBlue(out.at(width - 3, 2)), `right: ${out.at(width - 3, 2)}`).toBe(true);
};

/** Red at the top left, and the right edge clear (transparency kept) or white (flattened). */
const redThen = (right: (px: number[]) => boolean) => (out: Converted) => {
  const x = (out.meta.width as number) - 3;
  expect(isRed(out.at(3, 3)), `left: ${out.at(3, 3)}`).toBe(true);
  expect(right(out.at(x, 20)), `right: ${out.at(x, 20)}`).toBe(true);
};
const redThenClear = redThen(isClear);
const redThenWhite = redThen(isWhite);

/** The picture as PNG, then re-encoded by sharp (`.webp({ lossless: true })`…). */
const encoded = (image: Rgba, encode: (pipeline: Sharp) => Sharp) => async () =>
  encode(sharp(await png(image))).toBuffer();

const CASES: Case[] = [
  {
    title: 'a JPEG with EXIF orientation 6 and GPS comes out upright, without EXIF',
    tool: 'jpg-to-png',
    file: 'phone.jpg',
    // Stored 60×40 with red on the left; orientation 6 (turn 90° clockwise) shows it 40×60, red on top.
    make: encoded(halves(60, 40), (s) =>
      s
        .jpeg({ quality: 95 })
        .withMetadata({ orientation: 6 })
        .withExif({
          IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '48/1 51/1 30/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '2/1 17/1 40/1',
          },
        }),
    ),
    mime: 'image/jpeg',
    size: [40, 60],
    premise: (meta) => {
      expect(meta.orientation).toBe(6);
      expect(meta.exif?.includes('PhoneMaker')).toBe(true);
      expect(meta.exif?.includes(Buffer.from([0, 0, 0, 48, 0, 0, 0, 1]))).toBe(true); // GPS 48/1
    },
    check: (out) => {
      expect(out.meta).toMatchObject({ width: 40, height: 60 });
      expect(out.meta.orientation).toBeUndefined();
      expect(isRed(out.at(20, 4))).toBe(true);
      expect(isBlue(out.at(20, 56))).toBe(true);
      expect(out.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(out.bytes.includes(Buffer.from('Phone 15'))).toBe(false);
    },
  },
  {
    title: 'a CMYK JPEG comes out sRGB with the right colour',
    tool: 'jpg-to-png',
    file: 'print.jpg',
    make: encoded(halves(40, 24), (s) => s.toColourspace('cmyk').jpeg({ quality: 95 })),
    mime: 'image/jpeg',
    size: [40, 24],
    premise: (meta) => expect(meta.space).toBe('cmyk'),
    check: (out) => {
      expect(out.meta.channels).toBe(3);
      const [r, g, b] = out.at(3, 12);
      // Red through a print profile and back: clearly red, if not quite 255/0/0.
      expect(r).toBeGreaterThan(200);
      expect(g).toBeLessThan(90);
      expect(b).toBeLessThan(90);
    },
  },
  {
    title: 'a half-transparent red PNG becomes light red on white',
    tool: 'png-to-jpg',
    file: 'glass.png',
    make: () => png(picture(40, 24, () => [255, 0, 0, 128])),
    mime: 'image/png',
    size: [40, 24],
    check: (out) => {
      const [r, g, b] = out.at(20, 12);
      expect(r).toBeGreaterThan(245);
      expect(Math.abs(g - 127)).toBeLessThan(12);
      expect(Math.abs(b - 127)).toBeLessThan(12);
    },
  },
  {
    title: 'an animated GIF (red, then blue) gives its first frame',
    tool: 'gif-to-jpg',
    file: 'anim.gif',
    make: redThenBlueGif,
    mime: 'image/gif',
    size: [32, 24],
    premise: (meta) => expect(meta.pages).toBe(2),
    firstFrame: true,
    check: (out) => {
      expect(out.meta).toMatchObject({ width: 32, height: 24 });
      expect(out.meta.pages ?? 1).toBe(1);
      expect(isRed(out.at(16, 12))).toBe(true);
    },
  },
  {
    title: 'a GIF with transparency keeps it in PNG',
    tool: 'gif-to-png',
    file: 'sticker.gif',
    make: encoded(redAndClear(32, 24), (s) => s.gif()),
    mime: 'image/gif',
    size: [32, 24],
    premise: (meta) => expect(meta.hasAlpha).toBe(true),
    check: (out) => {
      expect(out.meta.hasAlpha).toBe(true);
      redThenClear(out);
    },
  },
  {
    title: 'a 24-bit BMP',
    tool: 'bmp-to-jpg',
    file: 'paint.bmp',
    make: async () => writeBmp(halves(40, 24), { bits: 24 }),
    mime: 'image/bmp',
    size: [40, 24],
    check: redLeftBlueRight,
  },
  {
    title: 'an RLE8 BMP',
    tool: 'bmp-to-png',
    file: 'old.bmp',
    make: async () => writeBmp(halves(40, 24), { bits: 8, rle: true }),
    mime: 'image/bmp',
    size: [40, 24],
    check: (out) => {
      redLeftBlueRight(out);
      expect(out.meta.hasAlpha).toBe(false);
    },
  },
  {
    title: 'a 32-bit BMP with alpha keeps it in PNG',
    tool: 'bmp-to-png',
    file: 'alpha.bmp',
    make: async () => writeBmp(redAndClear(40, 24), { bits: 32, layout: 'bgra' }),
    mime: 'image/bmp',
    size: [40, 24],
    check: redThenClear,
  },
  {
    title: 'a CMYK TIFF of two pages gives its first page in sRGB',
    tool: 'tiff-to-jpg',
    file: 'scan.tiff',
    make: async () => {
      const first = halves(40, 24).data;
      const second = picture(40, 24, () => [0, 255, 0, 255]).data;
      return sharp(Buffer.concat([first, second]), {
        raw: { width: 40, height: 48, channels: 4, pageHeight: 24 },
      })
        .removeAlpha()
        .toColourspace('cmyk')
        .tiff()
        .toBuffer();
    },
    mime: 'image/tiff',
    size: [40, 24],
    premise: (meta) => expect(meta).toMatchObject({ space: 'cmyk', pages: 2 }),
    check: (out) => {
      expect(out.meta).toMatchObject({ width: 40, height: 24 });
      const [r, g, b] = out.at(3, 12);
      expect([r > 200, g < 90, b < 90]).toEqual([true, true, true]);
    },
  },
  {
    title: 'a TIFF with transparency keeps it in PNG',
    tool: 'tiff-to-png',
    file: 'cutout.tiff',
    // LZW: sharp's default TIFF compression is JPEG, which has no alpha channel.
    make: encoded(redAndClear(40, 24), (s) => s.tiff({ compression: 'lzw' })),
    mime: 'image/tiff',
    size: [40, 24],
    premise: (meta) => expect(meta.hasAlpha).toBe(true),
    check: redThenClear,
  },
  {
    title: 'a WebP with transparency turns white in JPEG',
    tool: 'webp-to-jpg',
    file: 'web.webp',
    make: encoded(redAndClear(40, 24), (s) => s.webp({ lossless: true })),
    mime: 'image/webp',
    size: [40, 24],
    check: redThenWhite,
  },
  {
    title: 'a WebP with transparency keeps it in PNG',
    tool: 'webp-to-png',
    file: 'web2.webp',
    make: encoded(redAndClear(40, 24), (s) => s.webp({ lossless: true })),
    mime: 'image/webp',
    size: [40, 24],
    check: redThenClear,
  },
  {
    title: 'a HEIC (HEVC in HEIF)',
    tool: 'heic-to-jpg',
    file: 'IMG_0001.HEIC',
    make: () => heic(halves(64, 32)),
    mime: 'image/heic',
    size: [64, 32],
    check: redLeftBlueRight,
  },
  {
    title: 'a HEIC turned by its container (irot) comes out turned',
    tool: 'heic-to-png',
    file: 'IMG_0002.HEIC',
    // 90° counter-clockwise: the red left half ends up at the bottom.
    make: () => heic(halves(64, 32), { rotate: 1 }),
    mime: 'image/heic',
    size: [32, 64],
    check: (out) => {
      expect(out.meta).toMatchObject({ width: 32, height: 64 });
      expect(isBlue(out.at(16, 4))).toBe(true);
      expect(isRed(out.at(16, 60))).toBe(true);
    },
  },
  {
    title: 'an AVIF',
    tool: 'avif-to-jpg',
    file: 'pic.avif',
    make: encoded(halves(40, 24), (s) => s.avif({ quality: 90 })),
    mime: 'image/avif',
    size: [40, 24],
    check: redLeftBlueRight,
  },
  {
    title: 'an AVIF with transparency keeps it in PNG',
    tool: 'avif-to-png',
    file: 'pic2.avif',
    make: encoded(redAndClear(40, 24), (s) => s.avif({ lossless: true })),
    mime: 'image/avif',
    size: [40, 24],
    premise: (meta) => expect(meta.hasAlpha).toBe(true),
    check: (out) => {
      expect(isRed(out.at(3, 3))).toBe(true);
      expect(out.at(37, 20)[3]).toBeLessThan(10);
    },
  },
  {
    title: 'an ICO of 16, 32 and 48 gives the 48×48 image, transparency white',
    tool: 'ico-to-jpg',
    file: 'favicon.ico',
    make: async () =>
      writeIco([
        { bmp: picture(16, 16, () => BLUE), bits: 32 },
        { bmp: redAndClear(48, 48), bits: 32 },
        { bmp: picture(32, 32, () => BLUE), bits: 8 },
      ]),
    mime: 'image/x-icon',
    size: [48, 48],
    check: (out) => {
      expect(out.meta).toMatchObject({ width: 48, height: 48 });
      expect(isRed(out.at(3, 24))).toBe(true);
      expect(isWhite(out.at(44, 24))).toBe(true);
    },
  },
  {
    title: 'an ICO with a 256×256 PNG entry gives it, with its transparency',
    tool: 'ico-to-png',
    file: 'app.ico',
    make: async () =>
      writeIco([{ bmp: picture(48, 48, () => BLUE), bits: 24 }, { png: await png(redAndClear(256, 256)) }]),
    mime: 'image/x-icon',
    size: [256, 256],
    check: (out) => {
      expect(out.meta).toMatchObject({ width: 256, height: 256, hasAlpha: true });
      expect(isRed(out.at(10, 128))).toBe(true);
      expect(isClear(out.at(240, 128))).toBe(true);
    },
  },
  {
    title: 'an SVG renders on white in JPEG',
    tool: 'svg-to-jpg',
    file: 'logo.svg',
    make: async () => svg('<rect width="20" height="24" fill="#f00"/>'),
    mime: 'image/svg+xml',
    size: [40, 24],
    check: (out) => {
      expect(isRed(out.at(3, 12))).toBe(true);
      expect(isWhite(out.at(37, 12))).toBe(true);
    },
  },
  {
    title: 'an SVG with an embedded data: PNG renders, transparent around it, in PNG',
    tool: 'svg-to-png',
    file: 'badge.svg',
    make: async () => {
      const blue = await png(picture(8, 8, () => BLUE));
      return svg(
        `<rect width="20" height="24" fill="#f00"/><image x="20" width="10" height="24" preserveAspectRatio="none" href="data:image/png;base64,${blue.toString('base64')}"/>`,
      );
    },
    mime: 'image/svg+xml',
    size: [40, 24],
    check: (out) => {
      expect(isRed(out.at(3, 12))).toBe(true);
      expect(isBlue(out.at(25, 12))).toBe(true);
      expect(isClear(out.at(37, 12))).toBe(true);
    },
  },
  {
    title: 'a PSD’s flattened composite',
    tool: 'psd-to-jpg',
    file: 'design.psd',
    make: async () =>
      writePsd(
        {
          width: 40,
          height: 24,
          colourChannels: 3,
          depth: 8,
          at: (x) => (x < 20 ? [255, 0, 0] : [0, 0, 255]),
        },
        { compression: 'rle' },
      ),
    mime: 'image/vnd.adobe.photoshop',
    size: [40, 24],
    check: redLeftBlueRight,
  },
  {
    title: 'a 16-bit PSD with transparency keeps it in PNG',
    tool: 'psd-to-png',
    file: 'cutout.psd',
    make: async () =>
      writePsd(
        {
          width: 40,
          height: 24,
          colourChannels: 3,
          alpha: true,
          depth: 16,
          // Photoshop stores transparent pixels blended over white.
          at: (x) => (x < 20 ? [65535, 0, 0, 65535] : [65535, 65535, 65535, 0]),
        },
        { compression: 'rle' },
      ),
    mime: 'image/vnd.adobe.photoshop',
    size: [40, 24],
    check: (out) => {
      expect(out.meta.hasAlpha).toBe(true);
      expect(isRed(out.at(3, 12))).toBe(true);
      expect(isClear(out.at(37, 12))).toBe(true);
    },
  },
];

describe('every image converter', () => {
  it('covers all 20 converters of the catalog', () => {
    const covered = new Set(CASES.map((c) => c.tool));
    const converters = catalog
      // gif-to-mp4 runs on the transcoder and has its own file: gif-webm.test.ts.
      .filter((e) => e.kind === 'converter' && e.media === 'image' && e.worker === 'imager')
      .map((e) => e.name)
      // The converters to WebP and AVIF have their own file: webp-avif-converters.test.ts.
      .filter((name) => !/-to-(webp|avif)$/.test(name));
    expect(converters).toHaveLength(20);
    expect([...covered].sort()).toEqual(converters.sort());
  });

  it.each(CASES)('$tool: $title', async (c) => {
    const bytes = await c.make();
    c.premise?.(await sharp(bytes).metadata());
    const out = await convert(c.file, bytes, c.tool);
    // The upload was recognised from its content, with its size as displayed.
    expect(out.input).toMatchObject({ mime: c.mime, width: c.size[0], height: c.size[1] });
    const stem = c.file.slice(0, c.file.lastIndexOf('.'));
    const suffix = c.firstFrame ? '-first-frame' : '';
    expect(out.output.name).toBe(`${stem}${suffix}.${c.tool.split('-to-')[1]}`);
    expect([out.meta.width, out.meta.height]).toEqual(c.size);
    c.check(out);
  });
});

// ---------------------------------------------------------------------------------------------------
// Batches, refusals, safety

describe('batches', () => {
  it('3 PNGs to png-to-jpg: 3 outputs, a ZIP of 3, progress file by file', async () => {
    // Large enough (6 MP of noise) that each file takes longer than the runtime's 250 ms throttle.
    const width = 3000;
    const height = 2000;
    const files = [];
    for (const [n, name] of ['one.png', 'two.png', 'three.png'].entries()) {
      const noise = Buffer.alloc(width * height * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761 + n * 97) >>> 24;
      files.push(
        await upload(
          api,
          name,
          await sharp(noise, { raw: { width, height, channels: 3 } })
            .png({ compressionLevel: 1 })
            .toBuffer(),
        ),
      );
    }
    const { events, job } = await runJob(
      api,
      'png-to-jpg',
      files.map((f) => f.id),
    );

    expect(job.outputs.map((o: { name: string }) => o.name)).toEqual(['one.jpg', 'two.jpg', 'three.jpg']);
    // Progress is reported after each file: a third, then two thirds (99.9 at most before the end).
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.progress as number);
    const steps = progress.filter((p) => p > 0);
    expect(steps.length, `progress: ${progress}`).toBeGreaterThanOrEqual(2);
    for (const p of steps) expect([33.3, 66.7, 99.9], `progress: ${progress}`).toContain(p);

    const zip = await api.download(`/files/${job.archive.id}/content`);
    expect(zip.bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    const entries = unzip(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual(['one.jpg', 'two.jpg', 'three.jpg']);
    for (const entry of entries) {
      expect(await sharp(entry.bytes).metadata()).toMatchObject({ format: 'jpeg', width, height });
    }
  }, 120_000);
});

describe('refusals', () => {
  it('a PNG sent to heic-to-jpg answers 415 naming both formats', async () => {
    const input = await upload(api, 'not-a-photo.png', await png(halves(16, 16)));
    const created = await api.json('POST', '/jobs', { tool: 'heic-to-jpg', inputs: [input.id], params: {} });
    expect(created.status).toBe(415);
    expect(created.body.code).toBe('unsupported_media');
    expect(created.body.message).toMatch(/HEIC/);
    expect(created.body.message).toMatch(/PNG/);
  });

  it('a file named .heic that is really a PNG is a PNG: 415 for heic-to-png, fine for png-to-jpg', async () => {
    const input = await upload(api, 'IMG_9999.HEIC', await png(halves(16, 16)));
    expect(input.mime).toBe('image/png');
    expect((await api.json('POST', '/jobs', { tool: 'heic-to-png', inputs: [input.id] })).status).toBe(415);
    const { job } = await runJob(api, 'png-to-jpg', [input.id]);
    expect(job.outputs[0].name).toBe('IMG_9999.jpg');
  });

  it('an SVG that loads an image from a server fails naming the file and the reason, and fetches nothing', async () => {
    const before = connections;
    const input = await upload(
      api,
      'tracker.svg',
      svg(`<image width="10" height="10" href="http://127.0.0.1:${listenerPort}/pixel.png"/>`),
    );
    const created = await api.json('POST', '/jobs', { tool: 'svg-to-png', inputs: [input.id], params: {} });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const events = await api.events(created.body.id, 60_000);
    const final = events.at(-1);
    expect(final?.event).toBe('failed');
    expect(final?.data.error.message).toMatch(
      /^tracker\.svg could not be read: it loads an outside resource \(a web address \(http:\)\)/,
    );
    // What it points at is described, never repeated: a message holds no address.
    expect(final?.data.error.message).not.toContain('127.0.0.1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections).toBe(before);
  });

  it('a PSD saved without “Maximize Compatibility” fails saying so', async () => {
    const input = await upload(
      api,
      'layers.psd',
      writePsd(
        { width: 16, height: 16, colourChannels: 3, depth: 8, at: () => [255, 255, 255] },
        { withoutComposite: true },
      ),
    );
    const created = await api.json('POST', '/jobs', { tool: 'psd-to-png', inputs: [input.id], params: {} });
    const events = await api.events(created.body.id, 60_000);
    expect(events.at(-1)?.event).toBe('failed');
    expect(events.at(-1)?.data.error.message).toMatch(
      /^layers\.psd could not be read: it was saved without “Maximize Compatibility”/,
    );
  });
});

/** The entries of a ZIP, read from its central directory (stored or deflated). */
function unzip(zip: Buffer): { name: string; bytes: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; bytes: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + compressed);
    entries.push({ name, bytes: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
