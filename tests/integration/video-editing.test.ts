import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { makeVideo, moovBeforeMdat, probe } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The single-clip video tools through the public API, on lavfi media with sound. Every output is
 * read back by ffprobe (streams, size, duration, frame rate) or by decoding a frame with ffmpeg.
 */

const run = promisify(execFile);

let stack: TestStack;
let api: ApiClient;
let dir: string;
/** Uploaded file ids. */
const files = { clip: '', halves: '', noisy: '' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-video-editing-'));
  const clip = join(dir, 'clip.webm');
  const halves = join(dir, 'halves.mp4');
  const noisy = join(dir, 'noisy.webm');
  const [started] = await Promise.all([
    startTestStack(),
    // 4 s, 320×240 at 25 fps, VP9 + Opus: every tool has to re-encode to H.264/AAC.
    makeVideo(clip, { seconds: 4 }),
    // Left half red, right half blue, with sound: a mirror is visible in any frame.
    run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=160x240:r=25:d=2,pad=320:240:0:0:blue',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      halves,
    ]),
    // 6 s of noise: hard to compress, so every level and a 0.3 MB target really change the size.
    makeVideo(noisy, {
      seconds: 6,
      videoCodec: [
        '-vf',
        'noise=alls=40:allf=t+u',
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-b:v',
        '1500k',
      ],
    }),
  ]);
  stack = started;
  api = new ApiClient(stack.gatewayUrl);
  const uploaded = await api.upload([clip, halves, noisy]);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  [files.clip, files.halves, files.noisy] = uploaded.body.files.map((f: { id: string }) => f.id);
  expect(uploaded.body.files[0]).toMatchObject({ width: 320, height: 240, hasAudio: true });
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Stream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  side_data_list?: { rotation?: number }[];
}

interface Output {
  path: string;
  name: string;
  bytes: number;
  duration: number;
  streams: Stream[];
  video: Stream;
}

let outputs = 0;

/** Runs a tool on one uploaded file, downloads its single output and probes it. */
async function edit(tool: string, fileId: string, params: Record<string, unknown>): Promise<Output> {
  const created = await api.json('POST', '/jobs', { tool, inputs: [fileId], params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await api.events(created.body.id);
  const final = events[events.length - 1];
  expect(final.event, JSON.stringify(final.data)).toBe('succeeded');
  expect(final.data.outputs).toHaveLength(1);
  const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.progress);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));

  const download = await api.download(`/files/${final.data.outputs[0].id}/content`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('video/mp4');
  expect(moovBeforeMdat(download.bytes)).toBe(true);
  const path = join(dir, `out-${++outputs}.mp4`);
  await writeFile(path, download.bytes);
  const info = await probe(path);
  expect(info.format.format_name).toContain('mp4');
  const streams = info.streams as Stream[];
  const video = streams.find((s) => s.codec_type === 'video');
  if (!video) throw new Error(`${tool} wrote no video stream`);
  const disposition = download.headers.get('content-disposition') ?? '';
  return {
    path,
    name: decodeURIComponent(disposition.match(/filename\*=UTF-8''([^;]+)/)?.[1] ?? ''),
    bytes: download.bytes.length,
    duration: Number(info.format.duration),
    streams,
    video,
  };
}

/** The rest of the tools promise H.264 + AAC in MP4, the video even-sized. */
function expectH264Aac(out: Output) {
  expect(out.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
  expect((out.video.width ?? 1) % 2).toBe(0);
  expect((out.video.height ?? 1) % 2).toBe(0);
}

const size = (out: Output) => `${out.video.width}x${out.video.height}`;

describe('speed-up-down-video and loop-video: duration', () => {
  it('2× halves a 4 s clip, 0.5× doubles it, audio kept', async () => {
    const [fast, slow] = await Promise.all([
      edit('speed-up-down-video', files.clip, { factor: 2 }),
      edit('speed-up-down-video', files.clip, { factor: 0.5 }),
    ]);
    expect(fast.name).toBe('clip-2x.mp4');
    expect(Math.abs(fast.duration - 2)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(slow.duration - 8)).toBeLessThanOrEqual(0.1);
    expectH264Aac(fast);
    expectH264Aac(slow);
    // The output keeps the input's frame rate: frames were dropped or repeated, not retimed to 50/12.5 fps.
    expect(fast.video.avg_frame_rate).toBe('25/1');
    expect(slow.video.avg_frame_rate).toBe('25/1');
  });

  it('loop 3 plays the clip three times, sound included', async () => {
    const looped = await edit('loop-video', files.clip, { count: 3 });
    expect(looped.name).toBe('clip-looped.mp4');
    expect(Math.abs(looped.duration - 12)).toBeLessThanOrEqual(0.15);
    expectH264Aac(looped);
    const audio = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=duration',
      '-of',
      'csv=p=0',
      looped.path,
    ]);
    expect(Math.abs(Number(audio.stdout.trim()) - 12)).toBeLessThanOrEqual(0.15);
  });
});

describe('resize, crop, rotate: dimensions', () => {
  it('resizes 320x240 to exactly 200x150 with contain, cover and fill', async () => {
    const results = await Promise.all(
      (['contain', 'cover', 'fill'] as const).map((fit) =>
        edit('resize-video', files.clip, { width: 200, height: 150, fit }),
      ),
    );
    for (const out of results) {
      expect(size(out)).toBe('200x150');
      expectH264Aac(out);
      expect(Math.abs(out.duration - 4)).toBeLessThanOrEqual(0.1);
    }
    expect(results[0].name).toBe('clip-resized.mp4');
  });

  it('crops 100x80', async () => {
    const out = await edit('crop-video', files.clip, { x: 10, y: 20, width: 100, height: 80 });
    expect(out.name).toBe('clip-cropped.mp4');
    expect(size(out)).toBe('100x80');
    expectH264Aac(out);
  });

  it('90 and 270 swap to 240x320, 180 keeps 320x240, no rotation flag left', async () => {
    const [r90, r180, r270] = await Promise.all(
      [90, 180, 270].map((rotate) => edit('rotate-flip-video', files.clip, { rotate, flip: 'none' })),
    );
    expect(size(r90)).toBe('240x320');
    expect(size(r270)).toBe('240x320');
    expect(size(r180)).toBe('320x240');
    for (const out of [r90, r180, r270]) {
      expectH264Aac(out);
      expect(out.video.side_data_list?.some((d) => d.rotation !== undefined && d.rotation !== 0)).not.toBe(
        true,
      );
    }
    expect(r90.name).toBe('clip-rotated.mp4');
  });
});

describe('rotate-flip-video: pixels', () => {
  /** The RGB of one pixel of the first frame, decoded by ffmpeg. */
  async function pixelAt(path: string, x: number, y: number, width: number): Promise<number[]> {
    const { stdout } = await run(
      'ffmpeg',
      ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
    );
    const i = (y * width + x) * 3;
    return [stdout[i], stdout[i + 1], stdout[i + 2]];
  }
  const isRed = ([r, g, b]: number[]) => r > 180 && g < 80 && b < 80;
  const isBlue = ([r, g, b]: number[]) => b > 180 && r < 80 && g < 80;

  it('flip horizontal moves red from the left half to the right half', async () => {
    const source = join(dir, 'halves.mp4');
    expect(isRed(await pixelAt(source, 20, 120, 320))).toBe(true);
    expect(isBlue(await pixelAt(source, 300, 120, 320))).toBe(true);

    const out = await edit('rotate-flip-video', files.halves, { rotate: 0, flip: 'horizontal' });
    expect(out.name).toBe('halves-flipped.mp4');
    expect(size(out)).toBe('320x240');
    expectH264Aac(out);
    expect(isBlue(await pixelAt(out.path, 20, 120, 320))).toBe(true);
    expect(isRed(await pixelAt(out.path, 300, 120, 320))).toBe(true);
  });
});

describe('change-video-framerate and reverse-video', () => {
  it('changes 25 fps to exactly 15 fps, same duration', async () => {
    const out = await edit('change-video-framerate', files.clip, { fps: 15 });
    expect(out.name).toBe('clip-15fps.mp4');
    expect(out.video.avg_frame_rate).toBe('15/1');
    expect(Math.abs(out.duration - 4)).toBeLessThanOrEqual(0.1);
    expectH264Aac(out);
  });

  it('reverses into a video with no audio stream', async () => {
    const out = await edit('reverse-video', files.clip, {});
    expect(out.name).toBe('clip-reversed.mp4');
    expect(out.streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['video:h264']);
    expect(size(out)).toBe('320x240');
    expect(Math.abs(out.duration - 4)).toBeLessThanOrEqual(0.1);
  });
});

describe('compress-video', () => {
  it('levels order the sizes: high < medium < low', async () => {
    const [low, medium, high] = await Promise.all(
      ['low', 'medium', 'high'].map((level) => edit('compress-video', files.noisy, { level })),
    );
    for (const out of [low, medium, high]) {
      expectH264Aac(out);
      expect(size(out)).toBe('320x240');
    }
    expect(high.bytes).toBeLessThan(medium.bytes);
    expect(medium.bytes).toBeLessThan(low.bytes);
    expect(low.name).toBe('noisy-compressed.mp4');
  });

  it('targetSizeMB 0.3 lands within 5 % under 300 000 bytes', async () => {
    const out = await edit('compress-video', files.noisy, { targetSizeMB: 0.3 });
    expect(out.bytes).toBeLessThanOrEqual(300_000);
    expect(out.bytes).toBeGreaterThanOrEqual(285_000);
    expectH264Aac(out);
    expect(Math.abs(out.duration - 6)).toBeLessThanOrEqual(0.1);
  });

  it('an unreachable target fails the job, naming the smallest reachable size', async () => {
    const created = await api.json('POST', '/jobs', {
      tool: 'compress-video',
      inputs: [files.noisy],
      params: { targetSizeMB: 0.01 },
    });
    expect(created.status).toBe(202);
    const events = await api.events(created.body.id);
    const final = events[events.length - 1];
    expect(final.event).toBe('failed');
    expect(final.data.error.message).toMatch(
      /^0\.01 MB is too small for this 6 s video: the smallest size .* is 0\.\d+ MB$/,
    );
  });
});
