/**
 * Test helpers for the composition tools' unit tests: tiny lavfi media, a fake job context, and an
 * independent reader (ffprobe, and ffmpeg decoding one pixel to raw RGB). Not used at runtime.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inspectFile } from '@mediakit/media';
import type { JobInput, ToolContext } from '@mediakit/worker';
import { pino } from 'pino';

const run = promisify(execFile);

export const ffmpeg = (...args: string[]) =>
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** A testsrc2 (or `source`) clip, H.264 (+ AAC sine unless `audio: false`). */
export async function makeClip(
  path: string,
  o: { seconds: number; size?: string; rate?: number; audio?: boolean; source?: string },
): Promise<void> {
  // `source` may carry its own options ("color=c=blue"); size and rate are appended to them.
  const source = o.source ?? 'testsrc2';
  const sep = source.includes('=') ? ':' : '=';
  const args = ['-f', 'lavfi', '-i', `${source}${sep}size=${o.size ?? '320x240'}:rate=${o.rate ?? 25}`];
  if (o.audio !== false) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(o.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (o.audio !== false) args.push('-c:a', 'aac');
  await ffmpeg(...args, path);
}

/** A single-colour image; `color` is anything lavfi's color source takes, e.g. "0x00FF00@0.5". */
export async function makeImage(path: string, o: { size: string; color: string }): Promise<void> {
  await ffmpeg('-f', 'lavfi', '-i', `color=c=${o.color}:s=${o.size},format=rgba`, '-frames:v', '1', path);
}

export async function jobInput(path: string, name: string): Promise<JobInput> {
  const info = await inspectFile(path);
  if (!info) throw new Error(`test input ${path} not recognised`);
  return { ...info, fileId: name, path, name };
}

let jobs = 0;
export async function fakeCtx<P>(dir: string, tool: string, inputs: JobInput[], params: P) {
  const outDir = join(dir, `out-${++jobs}`);
  await mkdir(outDir);
  const progress: number[] = [];
  const ctx: ToolContext<P> = {
    tool,
    inputs,
    params,
    outDir,
    signal: new AbortController().signal,
    progress: (percent) => progress.push(percent),
    log: pino({ level: 'silent' }),
  };
  return { ctx, progress };
}

export interface StreamInfo {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  nb_frames?: string;
  avg_frame_rate?: string;
}

export async function probeFile(path: string): Promise<{ duration: number; streams: StreamInfo[] }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ]);
  const data = JSON.parse(stdout) as { format: { duration: string }; streams: StreamInfo[] };
  return { duration: Number(data.format.duration), streams: data.streams };
}

// No -ss at 0: ffmpeg's image2 demuxer answers a seek to 0 in a single JPEG with no frame at all.
const seek = (seconds: number) => (seconds > 0 ? ['-ss', String(seconds)] : []);

/** The RGB of pixel (x, y) of the frame shown at `seconds` (of a video, or of an image at 0). */
export async function pixelAt(path: string, seconds: number, x: number, y: number): Promise<number[]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      ...seek(seconds),
      '-i',
      path,
      '-frames:v',
      '1',
      '-vf',
      `format=rgb24,crop=1:1:${x}:${y}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { encoding: 'buffer' },
  );
  return [...stdout.subarray(0, 3)];
}

/** True when `rgb` is within `tolerance` of `expected` on every channel (H.264 shifts colours a little). */
export function near(rgb: number[], expected: number[], tolerance = 40): boolean {
  return rgb.length === 3 && rgb.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

/** The whole frame shown at `seconds`, as raw RGB bytes. */
export async function frameRgb(path: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      ...seek(seconds),
      '-i',
      path,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

/** Mean absolute difference per byte of two equally sized frames (Infinity when the sizes differ). */
export function frameDifference(a: Buffer, b: Buffer): number {
  if (a.length !== b.length || a.length === 0) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}
