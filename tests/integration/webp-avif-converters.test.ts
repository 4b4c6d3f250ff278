import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The converters to WebP and AVIF and the `format` of resize-image and compress-image through the
 * public API. Every output is decoded by the formats' reference tools, not by sharp: libwebp's
 * `dwebp` and `webpmux` (frames, delays, loop count) and libavif's `avifdec`; sources are read by
 * ffmpeg or taken from the corpus's own references. Inputs: ImageMagick's JPEG, avifenc's AVIF,
 * gifsicle's GIF (tests/corpus), and a transparent PNG made here.
 *
 * Pixel bounds: PSNR of at least 30 dB against the source for lossy outputs. These outputs measured
 * 34 dB (the dithered GIF as WebP) to 50 dB, WebP at quality 40 still 36 dB; a wrong colour space,
 * swapped channels, a black background, a turned or shifted picture all fall far below 30 dB.
 * Lossless outputs must be equal in every visible pixel and in alpha.
 */

const run = promisify(execFile);
const CORPUS = fileURLToPath(new URL('../corpus/files/', import.meta.url));

let stack: TestStack;
let api: ApiClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-webp-avif-'));
  stack = await startTestStack();
  api = new ApiClient(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  await rm(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// The API

interface Output {
  name: string;
  bytes: Buffer;
  path: string;
  note?: string;
}

const uploaded = new Map<string, string>();

/** Uploads a corpus file (or bytes) once and returns its id. */
async function upload(name: string, bytes?: Buffer): Promise<string> {
  const known = uploaded.get(name);
  if (known) return known;
  const path = join(dir, name.replaceAll('/', '-'));
  await writeFile(path, bytes ?? (await readFile(join(CORPUS, name))));
  const response = await api.upload([path], [basename(name)]);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const id: string = response.body.files[0].id;
  uploaded.set(name, id);
  return id;
}

/** Runs one job on one input and downloads its one output. */
async function convert(tool: string, input: string, params: Record<string, unknown> = {}): Promise<Output> {
  const created = await api.json('POST', '/jobs', { tool, inputs: [await upload(input)], params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await api.events(created.body.id, 60_000);
  const final = events[events.length - 1];
  expect(final.event, JSON.stringify(final.data?.error)).toBe('succeeded');
  const [output] = final.data.outputs;
  const download = await api.download(`/files/${output.id}/content`);
  expect(download.status).toBe(200);
  const path = join(dir, `${created.body.id}-${output.name}`);
  await writeFile(path, download.bytes);
  return { name: output.name, bytes: download.bytes, path, note: final.data.notes?.[0] };
}

// ---------------------------------------------------------------------------------------------------
// Independent readers

interface Rgba {
  width: number;
  height: number;
  data: Buffer;
}

/** libwebp's decoder: the (first frame of the) WebP as RGBA, from its PAM output. */
async function dwebp(path: string): Promise<Rgba> {
  await run('dwebp', ['-quiet', '-pam', path, '-o', `${path}.pam`]);
  const pam = await readFile(`${path}.pam`);
  const end = pam.indexOf('ENDHDR\n') + 'ENDHDR\n'.length;
  const header = pam.subarray(0, end).toString();
  const field = (name: string) => Number(new RegExp(`${name} (\\d+)`).exec(header)?.[1]);
  expect(field('DEPTH')).toBe(4);
  return { width: field('WIDTH'), height: field('HEIGHT'), data: pam.subarray(end) };
}

/** ffmpeg's decoder: the first frame of a JPEG, PNG or GIF (or avifdec's PNG) as RGBA. */
async function ffmpegRgba(path: string): Promise<Rgba> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', path],
    { encoding: 'utf8' },
  );
  const [width, height] = stdout.trim().split(',').map(Number);
  const raw = await run(
    'ffmpeg',
    ['-v', 'error', '-nostdin', '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: width * height * 4 + 1024 },
  );
  return { width, height, data: raw.stdout };
}

/** libavif's decoder, to 8-bit PNG, read by ffmpeg. */
async function avifdec(path: string): Promise<Rgba> {
  await run('avifdec', ['--depth', '8', path, `${path}.png`]);
  return ffmpegRgba(`${path}.png`);
}

/** PSNR in dB over the colour channels of two opaque pictures of one size. */
function psnr(a: Rgba, b: Rgba): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4)
    for (let c = 0; c < 3; c++) sum += (a.data[i + c] - b.data[i + c]) ** 2;
  const mse = sum / ((a.data.length / 4) * 3);
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10(255 ** 2 / mse);
}

/** The pixels as seen: colour where alpha > 0, and the alpha itself (hidden colour is free). */
function visible({ data }: Rgba): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += 4)
    out.push(...(data[i + 3] === 0 ? [0, 0, 0, 0] : [...data.subarray(i, i + 4)]));
  return out;
}

/** Frame `n` (1-based) of an animated WebP, decoded by dwebp (frame 1 covers the whole canvas). */
async function dwebpFrame(path: string, n: number): Promise<Rgba> {
  const frame = `${path}.frame${n}.webp`;
  await run('webpmux', ['-get', 'frame', String(n), path, '-o', frame]);
  return dwebp(frame);
}

/** webpmux -info: canvas, loop count and each frame's duration in ms. */
async function webpmuxInfo(path: string) {
  const { stdout } = await run('webpmux', ['-info', path], { encoding: 'utf8' });
  const canvas = /Canvas size: (\d+) x (\d+)/.exec(stdout);
  const loop = /Loop Count : (\d+)/.exec(stdout);
  const frames = [...stdout.matchAll(/^\s*\d+:\s+(?:\S+\s+){5}(\d+)\s/gm)].map((m) => Number(m[1]));
  return {
    width: Number(canvas?.[1]),
    height: Number(canvas?.[2]),
    loop: Number(loop?.[1]),
    durations: frames,
  };
}

/** A 96×64 picture: a gradient with a fully transparent hole and a half-transparent band. */
function transparentPng(): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const hole = x > 30 && x < 60 && y > 20 && y < 44;
      data.set([x * 2, y * 3, 255 - x * 2, hole ? 0 : y < 8 ? 128 : 255], i);
    }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------

describe('converters to WebP and AVIF', () => {
  it('jpg-to-webp: an ImageMagick JPEG, close to the source, smaller at a lower quality', async () => {
    const source = await ffmpegRgba(join(CORPUS, 'output/im-q40.jpg'));
    const high = await convert('jpg-to-webp', 'output/im-q40.jpg', { quality: 90 });
    const low = await convert('jpg-to-webp', 'output/im-q40.jpg', { quality: 40 });
    expect(high.name).toBe('im-q40.webp');
    expect(high.bytes.subarray(8, 12).toString()).toBe('WEBP');
    expect(psnr(await dwebp(high.path), source)).toBeGreaterThan(30);
    expect(psnr(await dwebp(low.path), source)).toBeGreaterThan(30);
    expect(low.bytes.length).toBeLessThan(high.bytes.length);
  });

  it('jpg-to-avif: decoded by avifdec, smaller at a higher effort', async () => {
    const source = await ffmpegRgba(join(CORPUS, 'output/im-q40.jpg'));
    const fast = await convert('jpg-to-avif', 'output/im-q40.jpg', { effort: 0 });
    const slow = await convert('jpg-to-avif', 'output/im-q40.jpg', { effort: 6 });
    expect(fast.name).toBe('im-q40.avif');
    expect(psnr(await avifdec(fast.path), source)).toBeGreaterThan(30);
    expect(psnr(await avifdec(slow.path), source)).toBeGreaterThan(30);
    expect(slow.bytes.length).toBeLessThan(fast.bytes.length);
  });

  it('avif-to-webp: an avifenc photo matches its dav1d reference', async () => {
    const out = await convert('avif-to-webp', 'heif/avifenc-photo.avif');
    expect(
      psnr(await dwebp(out.path), await ffmpegRgba(join(CORPUS, 'heif/avifenc-photo.ref.png'))),
    ).toBeGreaterThan(30);
  });

  it.each([
    ['png-to-webp', dwebp],
    ['png-to-avif', avifdec],
  ] as const)(
    '%s lossless: every visible pixel and the alpha exactly as in the PNG',
    async (tool, decode) => {
      const png = await transparentPng();
      await upload('alpha.png', png);
      const out = await convert(tool, 'alpha.png', { lossless: true });
      const pngPath = join(dir, 'alpha.png');
      expect(visible(await decode(out.path))).toEqual(visible(await ffmpegRgba(pngPath)));
    },
  );

  it('png-to-avif lossy keeps the transparent hole and the half-transparent band', async () => {
    const out = await convert('png-to-avif', 'alpha.png', { quality: 80 });
    const { data, width } = await avifdec(out.path);
    const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
    expect(alpha(45, 32)).toBe(0);
    expect(Math.abs(alpha(10, 3) - 128)).toBeLessThanOrEqual(4);
    expect(alpha(10, 50)).toBe(255);
  });

  it('refuses quality with lossless, saying why', async () => {
    const created = await api.json('POST', '/jobs', {
      tool: 'png-to-webp',
      inputs: [await upload('alpha.png')],
      params: { quality: 80, lossless: true },
    });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).toMatch(/quality does not apply to a lossless image/);
  });
});

describe('animations', () => {
  const GIF = 'anim/gifsicle-42-frames.gif';

  it('gif-to-webp: a gifsicle GIF keeps its 42 frames, their delays and the loop count', async () => {
    const out = await convert('gif-to-webp', GIF);
    expect(out.name).toBe('gifsicle-42-frames.webp');
    // The corpus: 42 frames of 10 cs, looping forever (tests/corpus/anim.json).
    expect(await webpmuxInfo(out.path)).toEqual({
      width: 160,
      height: 120,
      loop: 0,
      durations: Array(42).fill(100),
    });
    expect(psnr(await dwebpFrame(out.path, 1), await ffmpegRgba(join(CORPUS, GIF)))).toBeGreaterThan(30);
    // Lossless by default for a GIF: smaller than the GIF itself.
    expect((await stat(out.path)).size).toBeLessThan((await stat(join(CORPUS, GIF))).size);
  });

  it('avif-to-webp: an avifenc sequence (24 frames at 10 fps) as an animated WebP', async () => {
    const out = await convert('avif-to-webp', 'anim/avifenc-24-frames.avif');
    expect(out.name).toBe('avifenc-24-frames.webp');
    expect((await webpmuxInfo(out.path)).durations).toEqual(Array(24).fill(100));
    const reference = await ffmpegRgba(join(CORPUS, 'anim/avifenc-24-frames.ref.png'));
    expect(psnr(await dwebpFrame(out.path, 1), reference)).toBeGreaterThan(30);
  });

  it('gif-to-avif: the first frame, and the name and note say so', async () => {
    const out = await convert('gif-to-avif', GIF);
    expect(out.name).toBe('gifsicle-42-frames-first-frame.avif');
    expect(out.note).toBe('gifsicle-42-frames.gif is animated (42 frames); the AVIF holds its first frame.');
    expect(psnr(await avifdec(out.path), await ffmpegRgba(join(CORPUS, GIF)))).toBeGreaterThan(30);
  });

  it('resize-image with format webp: the GIF as an 80×60 animated WebP', async () => {
    const out = await convert('resize-image', GIF, { width: 80, fit: 'inside', format: 'webp' });
    expect(out.name).toBe('gifsicle-42-frames-80x60.webp');
    const info = await webpmuxInfo(out.path);
    expect(info).toMatchObject({ width: 80, height: 60, loop: 0 });
    expect(info.durations).toHaveLength(42);
  });
});

describe('compress-image with format avif', () => {
  it('meets a size target in AVIF, under the JPEG it came from', async () => {
    const out = await convert('compress-image', 'output/im-q40.jpg', { targetSizeKB: 6, format: 'avif' });
    expect(out.name).toBe('im-q40-compressed.avif');
    expect(out.bytes.length).toBeLessThanOrEqual(6000);
    expect(out.bytes.length).toBeGreaterThanOrEqual(6000 * 0.95);
    expect(
      psnr(await avifdec(out.path), await ffmpegRgba(join(CORPUS, 'output/im-q40.jpg'))),
    ).toBeGreaterThan(28);
  });
});
