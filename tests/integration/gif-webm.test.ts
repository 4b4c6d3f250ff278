import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { readGif, writeGif } from './gif-bytes.ts';
import { firstFrameRgba, meanDifference, rawToolText, readVideo } from './read-back.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * video-to-gif, gif-to-mp4, video-to-webm and mp4-to-webm through the public API. Inputs come from
 * other encoders (the corpus's phone files, a GIF by ImageMagick and gifsicle, GIFs written byte by
 * byte in gif-bytes.ts); outputs are read back with ffprobe, a full decode and the GIF's own bytes.
 */

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const CORPUS = resolve(import.meta.dirname, '../corpus/files');

let stack: TestStack;
let api: ApiClient;
let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-gif-webm-'));
  const [started] = await Promise.all([startTestStack(), makeInputs()]);
  stack = started;
  api = new ApiClient(stack.gatewayUrl);
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function makeInputs(): Promise<void> {
  // Noise makes every frame differ: a GIF of it is large, so a size budget has work to do.
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-vf', 'noise=alls=30:allf=t'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', p('noisy.mp4')],
  );
  // 70 s, but tiny and at 1 fps: cheap to make and upload, too long for a GIF.
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'color=c=gray:size=64x64:rate=1:duration=70'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', p('long.mp4')],
  );
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', p('silent.mp4')],
  );
  // Left half transparent, right half red for 0.2 s; then blue over green for 0.5 s.
  await writeFile(
    p('sticker.gif'),
    writeGif(63, 47, [
      { delayCs: 20, pixel: (x) => (x < 32 ? 0 : 1) },
      { delayCs: 50, pixel: (_x, y) => (y < 24 ? 2 : 3) },
    ]),
  );
  await writeFile(p('still.gif'), writeGif(40, 30, [{ delayCs: 10, pixel: () => 2 }]));
  // Two frames of the longest delay a GIF can hold (655.35 s each): 21.8 minutes in 1 KB.
  const slow = { delayCs: 65535, pixel: () => 1 as const };
  await writeFile(p('slow.gif'), writeGif(16, 16, [slow, slow]));
}

async function upload(path: string, name: string): Promise<string> {
  const { status, body } = await api.upload([path], [name]);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.files[0].id;
}

/** Runs a job to its end: the final event's data, and the output's bytes when it succeeded. */
async function runJob(tool: string, path: string, name: string, params: Record<string, unknown> = {}) {
  const created = await api.json('POST', '/jobs', { tool, inputs: [await upload(path, name)], params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await api.events(created.body.id);
  const final = events[events.length - 1];
  if (final.event !== 'succeeded') return { final, events };
  expect(final.data.outputs).toHaveLength(1);
  const output = final.data.outputs[0];
  const download = await api.download(`/files/${output.id}/content`);
  expect(download.status).toBe(200);
  const local = p(`out-${final.data.id}-${output.name}`);
  await writeFile(local, download.bytes);
  return { final, events, output, bytes: download.bytes, local };
}

describe('video-to-gif', () => {
  it('turns a part of an upright phone video into a GIF with the asked rate, width and loop', async () => {
    // The corpus's phone file: 320×180 stored, shown 180×320 (a display matrix), 30 fps, 2 s.
    const job = await runJob('video-to-gif', join(CORPUS, 'baseline/phone-portrait-h264.mov'), 'phone.mov', {
      start: 0.5,
      end: 1.5,
      fps: 12,
      width: 90,
      loop: 3,
      dither: 'bayer',
    });
    expect(job.final.event, JSON.stringify(job.final.data)).toBe('succeeded');
    expect(job.output.name).toBe('phone.gif');
    const gif = readGif(job.bytes as Buffer);
    expect(gif.width).toBe(90);
    expect(gif.height).toBe(160); // upright: the height follows the shown 9:16 frame
    expect(gif.frames).toBeGreaterThanOrEqual(11);
    expect(gif.frames).toBeLessThanOrEqual(13); // 1 s × 12 fps
    expect(gif.loop).toBe(2); // three plays: the first and two repeats
    for (const size of [gif.globalColours, ...gif.localColours]) expect(size).toBeLessThanOrEqual(256);
    expect(Math.max(gif.globalColours, ...gif.localColours)).toBeGreaterThan(16); // a palette made for the clip
    const probed = await readVideo(job.local as string);
    expect(probed).toMatchObject({ videoCodec: 'gif', width: 90, height: 160, frames: gif.frames });
  });

  it('meets a size budget by lowering the width and frame rate, and says so', async () => {
    const budgetMB = 0.6;
    const job = await runJob('video-to-gif', p('noisy.mp4'), 'noisy.mp4', {
      width: 320,
      fps: 15,
      maxSizeMB: budgetMB,
    });
    expect(job.final.event, JSON.stringify(job.final.data)).toBe('succeeded');
    expect((job.bytes as Buffer).length).toBeLessThanOrEqual(budgetMB * 1_000_000);
    const gif = readGif(job.bytes as Buffer);
    expect(gif.width).toBeLessThan(320);
    expect(job.final.data.notes).toHaveLength(1);
    expect(job.final.data.notes[0]).toMatch(new RegExp(`under 0.6 MB.*${gif.width} px wide`));
    const progress = job.events.filter((e) => e.event === 'progress').map((e) => e.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('fails with the smallest size reached when even the floor does not fit', async () => {
    const job = await runJob('video-to-gif', p('noisy.mp4'), 'noisy.mp4', { maxSizeMB: 0.02 });
    expect(job.final.event).toBe('failed');
    const message = job.final.data.error.message as string;
    expect(message).toMatch(
      /^Could not make this GIF smaller than 0\.02 MB: the smallest reached was 0\.\d+ MB\./,
    );
    expect(rawToolText(message)).toBeUndefined();
  });

  it('refuses a part longer than a minute before any job is queued', async () => {
    const created = await api.json('POST', '/jobs', {
      tool: 'video-to-gif',
      inputs: [await upload(p('long.mp4'), 'long.mp4')],
      params: {},
    });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).toContain(
      'A GIF can be at most 60 seconds long, and this part is 70 seconds: set end to at most 60',
    );
  });
});

/** When each frame of a video is shown, in seconds (ms precision), in order. */
async function frameTimes(path: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', path],
  ]);
  return stdout
    .trim()
    .split('\n')
    .map((t) => Math.round(Number(t) * 1000) / 1000)
    .sort((a, b) => a - b);
}

describe('gif-to-mp4', () => {
  it('converts a gifsicle-optimised ImageMagick GIF, keeping its frames and timing', async () => {
    const source = join(CORPUS, 'anim/gifsicle-42-frames.gif');
    const job = await runJob('gif-to-mp4', source, 'dance.gif');
    expect(job.final.event, JSON.stringify(job.final.data)).toBe('succeeded');
    expect(job.output.name).toBe('dance.mp4');
    const facts = await readVideo(job.local as string);
    expect(facts).toMatchObject({
      videoCodec: 'h264',
      audioCodec: null,
      pixFmt: 'yuv420p',
      width: 160,
      height: 120,
    });
    // 42 frames of 0.1 s, then the last one once more at 4.2 s so that it keeps its own delay.
    expect(await frameTimes(job.local as string)).toEqual(Array.from({ length: 43 }, (_, i) => i / 10));
    expect(facts.frames).toBe(43);
    const [mp4, gif] = await Promise.all([
      firstFrameRgba(job.local as string, 'mp4', 160, 120),
      firstFrameRgba(source, 'gif', 160, 120),
    ]);
    expect(meanDifference(mp4, gif)).toBeLessThan(8);
  });

  it('puts a transparent GIF on white, pads it to an even size and keeps uneven delays', async () => {
    const job = await runJob('gif-to-mp4', p('sticker.gif'), 'sticker.gif');
    expect(job.final.event, JSON.stringify(job.final.data)).toBe('succeeded');
    const facts = await readVideo(job.local as string);
    expect(facts).toMatchObject({ width: 64, height: 48, frames: 3, audioCodec: null });
    // The second frame after the first one's 0.2 s, the end after its own 0.5 s.
    expect(await frameTimes(job.local as string)).toEqual([0, 0.2, 0.7]);
    const frame = await firstFrameRgba(job.local as string, 'mp4', 64, 48);
    const at = (x: number, y: number) => [...frame.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 3)];
    for (const v of at(8, 24)) expect(v).toBeGreaterThan(235); // transparent → white
    const red = at(50, 24);
    expect(red[0]).toBeGreaterThan(200);
    expect(red[1]).toBeLessThan(60);
  });

  it('refuses a GIF that plays for over 10 minutes before decoding it, in a sentence', async () => {
    const job = await runJob('gif-to-mp4', p('slow.gif'), 'slow.gif');
    expect(job.final.event).toBe('failed');
    const message = job.final.data.error.message as string;
    expect(message).toBe('slow.gif plays for 21.8 min; GIFs of up to 10 min are converted');
    expect(rawToolText(message)).toBeUndefined();
  });

  it('gives a one-frame GIF as a one-second still video', async () => {
    const job = await runJob('gif-to-mp4', p('still.gif'), 'still.gif');
    expect(job.final.event, JSON.stringify(job.final.data)).toBe('succeeded');
    expect(await readVideo(job.local as string)).toMatchObject({ width: 40, height: 30, frames: 2 });
    expect(await frameTimes(job.local as string)).toEqual([0, 1]);
  });
});

describe('WebM', () => {
  it('video-to-webm encodes a phone 3G2 to VP9 and Opus that decode cleanly', async () => {
    const job = await runJob('video-to-webm', join(CORPUS, 'video/phone-h264-aac.3g2'), 'phone.3g2', {
      quality: 40,
    });
    expect(job.final.event, JSON.stringify(job.final.data)).toBe('succeeded');
    expect(job.output.name).toBe('phone.webm');
    const facts = await readVideo(job.local as string);
    expect(facts).toMatchObject({
      format: 'matroska,webm',
      videoCodec: 'vp9',
      audioCodec: 'opus',
      width: 320,
      height: 240,
    });
    expect(facts.durationSec).toBeGreaterThan(3.9);
    expect(facts.durationSec).toBeLessThan(4.1);
  });

  it('mp4-to-webm gives a silent MP4 a WebM without an audio track, upright phone video stays upright', async () => {
    const silent = await runJob('mp4-to-webm', p('silent.mp4'), 'silent.mp4');
    expect(silent.final.event, JSON.stringify(silent.final.data)).toBe('succeeded');
    expect(await readVideo(silent.local as string)).toMatchObject({ videoCodec: 'vp9', audioCodec: null });

    const phone = await runJob(
      'video-to-webm',
      join(CORPUS, 'baseline/phone-portrait-h264.mov'),
      'phone.mov',
    );
    expect(phone.final.event, JSON.stringify(phone.final.data)).toBe('succeeded');
    expect(await readVideo(phone.local as string)).toMatchObject({
      videoCodec: 'vp9',
      audioCodec: 'opus',
      width: 180,
      height: 320,
    });
  });

  it('mp4-to-webm refuses a file that is not an MP4, naming both formats', async () => {
    const created = await api.json('POST', '/jobs', {
      tool: 'mp4-to-webm',
      inputs: [await upload(p('sticker.gif'), 'sticker.mp4')],
      params: {},
    });
    expect(created.status).toBe(415);
    expect(created.body.message).toMatch(/MP4/);
    expect(created.body.message).toMatch(/GIF/);
  });
});
