import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync, inflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The imager's safety rules end to end, through the public API, on a stack started with lowered
 * limits:
 * - images over MAX_IMAGE_PIXELS (a header claiming 30000×30000, a real one-colour 12000×12000
 *   decompression bomb) are refused by the jobs service with 422 before anything is queued;
 * - what only the imager can see (frames of a GIF) or is stricter on (bytes, here) fails the job
 *   in the imager's guard with a message naming the file and the limit;
 * - damaged and empty files are refused with a clear message, never hang;
 * - a batch of 50 gives 50 outputs and a ZIP of 50 entries, with per-file progress, no metadata,
 *   and nothing a stranger can see;
 * - and after all of it the platform is healthy and the imager still works.
 */

const PIXELS = '50000000';
/** The imager alone is stricter on bytes than the jobs service (default 200 MB): its guard answers. */
const IMAGER_MAX_BYTES = 1024 * 1024;

let stack: TestStack;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-image-safety-'));
  stack = await startTestStack({
    serviceEnv: {
      jobs: { MAX_IMAGE_PIXELS: PIXELS, MAX_IMAGE_FRAMES: '3' },
      imager: {
        MAX_IMAGE_PIXELS: PIXELS,
        MAX_IMAGE_FRAMES: '3',
        MAX_IMAGE_INPUT_BYTES: String(IMAGER_MAX_BYTES),
      },
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  await rm(dir, { recursive: true, force: true });
});

/** A new anonymous visitor, so each test sees only its own files and jobs. */
const visitor = () => new ApiClient(stack.gatewayUrl);

async function save(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function uploadOne(api: ApiClient, path: string) {
  const response = await api.upload([path]);
  return { status: response.status, body: response.body, file: response.body?.files?.[0] };
}

/** Creates a job and follows its events to the final one, allowing at most `seconds`. */
async function runToEnd(
  api: ApiClient,
  tool: string,
  inputs: string[],
  params: Record<string, unknown> = {},
  seconds = 30,
) {
  const created = await api.json('POST', '/jobs', { tool, inputs, params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const started = Date.now();
  const events = await api.events(created.body.id, seconds * 1000);
  const final = events.at(-1);
  expect(final, `no event at all within ${seconds} s`).toBeDefined();
  expect(['succeeded', 'failed', 'canceled'], `stuck: last event ${final?.event}`).toContain(final?.event);
  expect(Date.now() - started).toBeLessThan(seconds * 1000);
  return { job: created.body, events, final: final as NonNullable<typeof final> };
}

async function expectHealthy() {
  const health = await visitor().json('GET', '/health');
  expect(health.status, JSON.stringify(health.body)).toBe(200);
  expect(health.body.status).toBe('ok');
}

async function expectWorkerTmpEmpty() {
  let left: string[] = [];
  for (let i = 0; i < 40; i++) {
    left = await readdir(stack.workerTmp);
    if (left.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(left).toEqual([]);
}

/** A PNG chunk: length, type, data, CRC of type + data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of under 100 bytes whose header says width×height (8-bit RGB) over an IDAT of a few zero bytes. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(8))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An animated GIF of `frames` 16×12 frames of different colours. */
async function animatedGif(frames: number): Promise<Buffer> {
  const colours = ['#f00', '#0f0', '#00f', '#ff0', '#0ff'];
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: 16, height: 12, channels: 3, background: colours[i % colours.length] } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** Every entry of a ZIP, read from its central directory by hand (an independent reader). */
function unzip(zip: Buffer): { name: string; bytes: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd, 'no end of central directory').toBeGreaterThan(0);
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
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + compressed);
    expect([0, 8]).toContain(method);
    entries.push({ name, bytes: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe('refused at submission (422): the jobs service reads what the files service recorded', () => {
  it('a PNG of a few bytes whose header claims 30000×30000', async () => {
    const api = visitor();
    const claim = pngClaiming(30_000, 30_000);
    expect(claim.length).toBeLessThan(100);
    const path = await save('poster.png', claim);
    const started = Date.now();
    const { status, body, file } = await uploadOne(api, path);
    // Either answer is safe: refused at upload because its pixels are unreadable (415), or, as today,
    // stored with its header's claim (the files service reads headers without decoding) and refused
    // at submission (422).
    if (status === 415) {
      expect(body.message).toContain('poster.png');
      expect((await api.json('GET', '/files')).body.items).toEqual([]);
      return;
    }
    expect(status, JSON.stringify(body)).toBe(201);
    expect(file).toMatchObject({ mime: 'image/png', width: 30_000, height: 30_000, size: claim.length });

    const response = await api.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [file.id], params: {} });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.code).toBe('unprocessable');
    expect(response.body.message).toBe('poster.png is 30000×30000 (900 MP); the limit is 50 MP.');
    expect(response.body.details).toEqual([{ field: 'inputs.0', message: response.body.message }]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await api.json('GET', '/jobs')).body.items).toEqual([]);
  });

  it('a real decompression bomb: one colour, 12000×12000, a few KB', async () => {
    const api = visitor();
    const bomb = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#fff' } })
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(32 * 1024);
    const { status, file } = await uploadOne(api, await save('bomb.png', bomb));
    expect(status).toBe(201);
    expect(file).toMatchObject({ width: 12_000, height: 12_000 });

    for (const tool of ['png-to-jpg', 'resize-image']) {
      const params = tool === 'resize-image' ? { width: 100 } : {};
      const response = await api.json('POST', '/jobs', { tool, inputs: [file.id], params });
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.message).toBe('bomb.png is 12000×12000 (144 MP); the limit is 50 MP.');
    }
    expect((await api.json('GET', '/jobs')).body.items).toEqual([]);
    await expectHealthy();
  });
});

describe('refused by the imager: its guard re-reads the file before any work', () => {
  it('a GIF with more frames than MAX_IMAGE_FRAMES fails its job, naming the file and the limit', async () => {
    const api = visitor();
    const { status, file } = await uploadOne(api, await save('loop.gif', await animatedGif(5)));
    expect(status).toBe(201);
    const { job, final } = await runToEnd(api, 'resize-image', [file.id], { width: 8 });
    expect(final.event).toBe('failed');
    expect(final.data.error.message).toBe('loop.gif has 5 frames; the limit is 3 frames.');
    expect(final.data.outputs).toEqual([]);
    expect(final.data.archive).toBeUndefined();
    // Nothing registered but the upload; no temp dir left behind.
    expect((await api.json('GET', '/files')).body.items.map((f: { id: string }) => f.id)).toEqual([file.id]);
    expect((await api.json('GET', `/jobs/${job.id}`)).body.status).toBe('failed');
    await expectWorkerTmpEmpty();
  });

  it('a GIF within the frame limit goes through the same guard (first frame, resized)', async () => {
    const api = visitor();
    const { file } = await uploadOne(api, await save('short.gif', await animatedGif(3)));
    const { final } = await runToEnd(api, 'resize-image', [file.id], { width: 8 });
    expect(final.event, JSON.stringify(final.data.error)).toBe('succeeded');
    const out = await api.download(`/files/${final.data.outputs[0].id}/content`);
    expect(out.bytes.subarray(0, 4).toString('latin1')).toBe('GIF8');
    const meta = await sharp(out.bytes).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 8, height: 6 });
    // The first frame is red.
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('a file over the imager’s byte limit fails its job (the jobs service let it through)', async () => {
    const api = visitor();
    const width = 1000;
    const height = 750;
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i++) raw.set([i % 251, (i * 7) % 253, (i * 13) % 255], i * 3);
    const noisy = await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(IMAGER_MAX_BYTES);
    const { status, file } = await uploadOne(api, await save('texture.png', noisy));
    expect(status).toBe(201);
    const { final } = await runToEnd(api, 'png-to-jpg', [file.id]);
    expect(final.event).toBe('failed');
    expect(final.data.error.message).toMatch(/^texture\.png is [\d.]+ MB; the limit is 1 MB\.$/);
  });
});

describe('damaged and empty files', () => {
  it('a truncated JPEG is refused at upload or fails its job, naming the file', async () => {
    const api = visitor();
    const width = 640;
    const height = 480;
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2_654_435_761) >>> 24;
    const whole = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const path = await save('cut.jpg', whole.subarray(0, Math.floor(whole.length / 2)));
    const { status, body, file } = await uploadOne(api, path);
    if (status === 415) {
      expect(body.message).toContain('cut.jpg');
      return;
    }
    // The header is intact, so the files service stores it; decoding the rest fails, at once.
    expect(status).toBe(201);
    const { final } = await runToEnd(api, 'jpg-to-png', [file.id]);
    expect(final.event).toBe('failed');
    expect(final.data.error.message).toBe('cut.jpg could not be read: the file is damaged or incomplete');
    expect(final.data.outputs).toEqual([]);
    await expectWorkerTmpEmpty();
  });

  it('a zero-byte file is refused at upload with 415', async () => {
    const api = visitor();
    const { status, body } = await uploadOne(api, await save('empty.png', Buffer.alloc(0)));
    expect(status, JSON.stringify(body)).toBe(415);
    expect(body.message).toContain('empty.png');
    expect((await api.json('GET', '/files')).body.items).toEqual([]);
  });
});

describe('a batch of 50', () => {
  it('gives 50 outputs and a ZIP of 50, with per-file progress, and shows a stranger nothing', async () => {
    const api = visitor();
    // 4.3 MP each: big enough that converting 50 takes a few seconds, so progress is seen moving.
    const width = 2400;
    const height = 1800;
    const gradient = Buffer.alloc(width * height * 3);
    for (let i = 0, x = 0, y = 0; i < width * height; i++) {
      gradient[i * 3] = (x * 255) / width;
      gradient[i * 3 + 1] = (y * 255) / height;
      if (++x === width) [x, y] = [0, y + 1];
    }
    const paths: string[] = [];
    for (let n = 1; n <= 50; n++) {
      // The same gradient with a blue of its own; with EXIF and GPS the outputs must not keep.
      for (let i = 2; i < gradient.length; i += 3) gradient[i] = n * 5;
      const png = await sharp(gradient, { raw: { width, height, channels: 3 } })
        .withExif({
          IFD0: { Copyright: 'private', Make: 'Camera' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' },
        })
        .png()
        .toBuffer();
      expect(png.length).toBeLessThan(IMAGER_MAX_BYTES);
      paths.push(await save(`photo-${String(n).padStart(2, '0')}.png`, png));
    }
    expect((await sharp(paths[0]).metadata()).exif?.toString('latin1')).toContain('private');

    const uploaded = await api.upload(paths);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const ids = uploaded.body.files.map((f: { id: string }) => f.id);
    expect(ids).toHaveLength(50);

    const { job, events, final } = await runToEnd(api, 'png-to-jpg', ids, { quality: 80 }, 120);
    expect(final.event, JSON.stringify(final.data.error)).toBe('succeeded');
    expect(final.data.progress).toBe(100);

    // Per-file progress: several reports, each higher than the one before, below 100 until the end.
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.progress as number);
    const moving = progress.filter((p) => p > 0);
    expect(moving.length, `progress: ${progress}`).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
    for (let i = 1; i < moving.length; i++) expect(moving[i]).toBeGreaterThan(moving[i - 1]);
    expect(Math.max(...progress)).toBeLessThan(100);

    // One output per input, in order, each a real JPEG of the input's size with no EXIF.
    const outputs = final.data.outputs as { id: string; name: string; mime: string }[];
    expect(outputs.map((o) => o.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `photo-${String(i + 1).padStart(2, '0')}.jpg`),
    );
    for (const output of outputs) {
      const out = await api.download(`/files/${output.id}/content`);
      expect(out.status).toBe(200);
      expect(out.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const meta = await sharp(out.bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width, height });
      expect(meta.exif).toBeUndefined();
      expect(out.bytes.includes(Buffer.from('private'))).toBe(false);
    }

    // The archive: 50 entries, the same names, each the same JPEG as the output.
    expect(final.data.archive).toBeDefined();
    const zip = await api.download(`/files/${final.data.archive.id}/content`);
    expect(zip.status).toBe(200);
    expect(zip.bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const entries = unzip(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual(outputs.map((o) => o.name));
    for (const entry of entries.slice(0, 3)) {
      expect(await sharp(entry.bytes).metadata()).toMatchObject({ format: 'jpeg', width, height });
    }
    const last = entries[49];
    const { data } = await sharp(last.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[2] - 250)).toBeLessThan(12); // the 50th file's blue channel

    // Another visitor sees none of it.
    const stranger = api.stranger();
    await stranger.json('GET', '/jobs'); // gets a guest cookie of its own
    expect((await stranger.json('GET', `/jobs/${job.id}`)).status).toBe(404);
    for (const id of [outputs[0].id, outputs[49].id, final.data.archive.id]) {
      expect((await stranger.json('GET', `/files/${id}`)).status).toBe(404);
      expect((await stranger.request('GET', `/files/${id}/content`)).status).toBe(404);
    }
    expect((await stranger.json('GET', '/files')).body.items).toEqual([]);
    await expectWorkerTmpEmpty();
  }, 180_000);
});

describe('after all of it', () => {
  it('the platform is healthy and the imager still converts', async () => {
    await expectHealthy();
    const api = visitor();
    const png = await sharp({ create: { width: 20, height: 10, channels: 4, background: '#00f8' } })
      .png()
      .toBuffer();
    const { file } = await uploadOne(api, await save('after.png', png));
    const { final } = await runToEnd(api, 'png-to-jpg', [file.id]);
    expect(final.event).toBe('succeeded');
    // No process of the stack exited along the way.
    expect(stack.logs.filter((line) => /\[devstack\] .*(exited with code|was killed by)/.test(line))).toEqual(
      [],
    );
  });
});
