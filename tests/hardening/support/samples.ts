import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { heicFromImage, picture, writeBmp, writeIco, writePsd } from '@mediakit/media/testing';
import sharp from 'sharp';

const run = promisify(execFile);

/**
 * Small valid media of every format the platform reads, made at test time (ffmpeg, sharp and
 * the media package's fixture writers): the raw material the hostile corpus cuts, corrupts and
 * patches. One second of 160×120 for video, 64×48 for images, so every job stays short.
 */

const VIDEO_CODECS: Record<string, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'mp4'],
  mov: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'mov'],
  mkv: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'libopus', '-f', 'matroska'],
  webm: [
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'],
    ...['-c:a', 'libopus', '-f', 'webm'],
  ],
  avi: ['-c:v', 'mjpeg', '-c:a', 'pcm_s16le', '-f', 'avi'],
  flv: ['-c:v', 'flv1', '-c:a', 'libmp3lame', '-ar', '44100', '-f', 'flv'],
  ts: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'mpegts'],
  wmv: ['-c:v', 'wmv2', '-c:a', 'wmav2', '-f', 'asf'],
  mpg: ['-c:v', 'mpeg1video', '-c:a', 'mp2', '-f', 'mpeg'],
};
export type VideoFormat = keyof typeof VIDEO_CODECS;
export const VIDEO_FORMATS = Object.keys(VIDEO_CODECS) as VideoFormat[];

const cache = new Map<string, Promise<Buffer>>();
const once = (key: string, make: () => Promise<Buffer>) => {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as Promise<Buffer>;
};

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'mk-hostile-sample-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One second of test pattern and a tone in the given container; `colour` makes a solid picture instead. */
export function sampleVideo(format: VideoFormat, options: { colour?: string; seconds?: number } = {}) {
  const seconds = options.seconds ?? 1;
  const source = options.colour
    ? `color=c=${options.colour}:size=160x120:rate=25:duration=${seconds}`
    : `testsrc2=size=160x120:rate=25:duration=${seconds}`;
  return once(`video:${format}:${source}`, () =>
    withTempDir(async (dir) => {
      const out = join(dir, `out.${format}`);
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', source],
        ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
        ...VIDEO_CODECS[format],
        ...['-shortest', out],
      ]);
      return readFile(out);
    }),
  );
}

/** One second of a tone as an MP3 (with the Info header LAME writes) or another audio container. */
export function sampleAudio(format: 'mp3' | 'wav' | 'flac'): Promise<Buffer> {
  return once(`audio:${format}`, () =>
    withTempDir(async (dir) => {
      const out = join(dir, `out.${format}`);
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=1', out],
      ]);
      return readFile(out);
    }),
  );
}

/** A 64×48 gradient in the given format. */
export function sampleImage(format: string): Promise<Buffer> {
  return once(`image:${format}`, async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } });
    const rgba = picture(64, 48, (x, y) => [x * 4, y * 5, 128, 255]);
    switch (format) {
      case 'png':
        return base.png().toBuffer();
      case 'jpg':
        return base.jpeg().toBuffer();
      case 'gif':
        return base.gif().toBuffer();
      case 'webp':
        return base.webp().toBuffer();
      case 'tiff':
        return base.tiff().toBuffer();
      case 'avif':
        return base.avif({ effort: 0 }).toBuffer();
      case 'bmp':
        return writeBmp(rgba, { bits: 24 });
      case 'ico':
        return writeIco([{ bmp: rgba, bits: 32 }]);
      case 'psd':
        return writePsd({
          width: 64,
          height: 48,
          colourChannels: 3,
          depth: 8,
          at: (x, y) => [x * 4, y * 5, 90],
        });
      case 'heic':
        return withTempDir(async (dir) => {
          const png = join(dir, 'in.png');
          await writeFile(png, await base.png().toBuffer());
          return heicFromImage(png);
        });
      case 'svg':
        return Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#3a7"/></svg>',
        );
      default:
        throw new Error(`no sample for ${format}`);
    }
  });
}

export const IMAGE_FORMATS = [
  'png',
  'jpg',
  'gif',
  'webp',
  'tiff',
  'avif',
  'bmp',
  'ico',
  'psd',
  'heic',
  'svg',
];

/** The first `fraction` of the bytes: a download or upload that was cut off. */
export const truncated = (bytes: Buffer, fraction = 0.45) =>
  Buffer.from(bytes.subarray(0, Math.max(1, Math.floor(bytes.length * fraction))));

/**
 * The header kept, the middle overwritten with deterministic noise (a damaged disk or a fuzzer):
 * from 20 % of the file to 80 %, every third byte.
 */
export function corrupted(bytes: Buffer, seed = 7): Buffer {
  const out = Buffer.from(bytes);
  let state = seed;
  for (let i = Math.floor(out.length * 0.2); i < Math.floor(out.length * 0.8); i += 3) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out[i] = state & 0xff;
  }
  return out;
}
