/**
 * Test-only helpers: a minimal ToolContext on temp dirs, and images generated with sharp so no binary
 * fixtures live in the repo. Not a *.test.ts file, so vitest does not collect it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { JobInput, ToolContext } from '@mediakit/worker';
import sharp from 'sharp';

export interface FakeJob<P> {
  ctx: ToolContext<P>;
  controller: AbortController;
  progress: number[];
  dir: string;
  cleanup(): Promise<void>;
}

const silentLog = {
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
  child() {
    return silentLog;
  },
} as unknown as ToolContext['log'];

export interface FakeInput {
  name: string;
  bytes: Buffer;
  /** MediaInfo short name, as the files service would have read it from the bytes. */
  format: string;
}

export async function fakeJob<P>(tool: string, params: P, files: FakeInput[]): Promise<FakeJob<P>> {
  const dir = await mkdtemp(join(tmpdir(), 'imager-test-'));
  const inDir = await mkdtemp(join(dir, 'in-'));
  const outDir = await mkdtemp(join(dir, 'out-'));
  const inputs: JobInput[] = [];
  for (const [i, file] of files.entries()) {
    const path = join(inDir, `${i}`);
    await writeFile(path, file.bytes);
    const meta = await sharp(file.bytes)
      .metadata()
      .catch(() => undefined);
    inputs.push({
      fileId: `file-${i}`,
      path,
      name: file.name,
      mime: `image/${file.format}`,
      format: file.format,
      media: 'image',
      width: meta?.width,
      height: meta?.height,
    } as JobInput);
  }
  const controller = new AbortController();
  const progress: number[] = [];
  const ctx: ToolContext<P> = {
    tool,
    inputs,
    params,
    outDir,
    signal: controller.signal,
    progress: (p) => progress.push(p),
    log: silentLog,
  };
  return { ctx, controller, progress, dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Left half opaque red, right half fully transparent. */
export function halfTransparentRedPng(width = 200, height = 100): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width / 2; x++) raw.set([255, 0, 0, 255], (y * width + x) * 4);
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Left half red, right half blue, opaque. */
export function redBluePng(width = 800, height = 400): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(x < width / 2 ? [255, 0, 0] : [0, 0, 255], (y * width + x) * 3);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Photo-like detail (deterministic noise over gradients), so JPEG quality visibly changes the size. */
export function detailedPng(width = 400, height = 300): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 42;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    raw.set([(x * 255) / width, (y * 255) / height, rand() * 255], i * 3);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * A valid 1×1 PNG whose header claims width×height: sharp checks `limitInputPixels` against the header
 * before decoding, so this exercises the limit without allocating a huge image.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // Signature (8) + IHDR length (4) + "IHDR" (4) + data (13) + CRC (4).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** One pixel's channels from a decoded file. */
export async function pixelAt(path: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}
