import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_VIDEO_LIMITS } from '@mediakit/catalog';
import type { JobInput, ToolHandler } from '@mediakit/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCtx, jobInput, makeImage } from '../../test/composition-media.ts';
import { guardHandler } from '../guard.ts';
import { changeVideoFramerate } from './change-video-framerate.ts';
import { cropVideo } from './crop-video.ts';
import { overlayImageOnVideo } from './overlay-image-on-video.ts';
import { reverseVideo } from './reverse-video.ts';
import { rotateFlipVideo } from './rotate-flip-video.ts';

const run = promisify(execFile);

/**
 * Variable-frame-rate input keeps its timing through every tool that does not set a rate. The
 * files are the corpus's (tests/corpus/make/video.sh): a MediaRecorder-like WebM, 36 frames at
 * irregular times over 3.4 s (ffprobe guesses 30.3 fps), and a Windows ASF capture, 60 frames
 * with jittery 1 ms times (ffprobe guesses 80 fps). ffmpeg's default constant-rate MP4 output
 * made 101 and 325 frames of them.
 */
const corpus = (name: string) =>
  fileURLToPath(new URL(`../../../../tests/corpus/files/video/${name}`, import.meta.url));

let dir: string;
let webm: JobInput;
let wmv: JobInput;
let logo: JobInput;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-keep-timing-'));
  webm = await jobInput(corpus('mediarecorder-vfr.webm'), 'mediarecorder-vfr.webm');
  wmv = await jobInput(corpus('webcam-wmv2-jitter.wmv'), 'webcam-wmv2-jitter.wmv');
  await makeImage(join(dir, 'logo.png'), { size: '32x32', color: 'red' });
  logo = await jobInput(join(dir, 'logo.png'), 'logo.png');
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Frames and duration of the output's video, counted by decoding it. */
async function videoFacts(path: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_frames', '-print_format', 'json'],
    ...['-show_entries', 'stream=nb_read_frames,avg_frame_rate:format=duration', path],
  ]);
  const probe = JSON.parse(stdout) as {
    streams: { nb_read_frames: string; avg_frame_rate: string }[];
    format: { duration: string };
  };
  return {
    frames: Number(probe.streams[0].nb_read_frames),
    rate: probe.streams[0].avg_frame_rate,
    duration: Number(probe.format.duration),
  };
}

async function runTool<P>(handler: ToolHandler<P>, tool: string, inputs: JobInput[], params: P) {
  const { ctx } = await fakeCtx(dir, tool, inputs, params);
  const [out] = await guardHandler(handler, DEFAULT_VIDEO_LIMITS)(ctx);
  return videoFacts(out.path);
}

describe('tools keep a variable-rate input’s frames and length', () => {
  it('rotate-flip-video on the browser recording', async () => {
    const facts = await runTool(rotateFlipVideo, 'rotate-flip-video', [webm], { rotate: 90 });
    expect(facts.frames).toBe(36);
    expect(facts.duration).toBeCloseTo(3.4, 1);
  });

  it('crop-video on the ASF capture', async () => {
    const facts = await runTool(cropVideo, 'crop-video', [wmv], { x: 0, y: 0, width: 160, height: 120 });
    expect(facts.frames).toBe(60);
    expect(Math.abs(facts.duration - 4.1)).toBeLessThan(0.15);
  });

  it('reverse-video', async () => {
    expect((await runTool(reverseVideo, 'reverse-video', [webm], {})).frames).toBe(36);
  });

  it('overlay-image-on-video keeps the base video’s times', async () => {
    const facts = await runTool(overlayImageOnVideo, 'overlay-image-on-video', [webm, logo], {});
    expect(facts.frames).toBe(36);
  });

  it('change-video-framerate still gives exactly the rate asked for', async () => {
    const facts = await runTool(changeVideoFramerate, 'change-video-framerate', [webm], { fps: 10 });
    expect(facts.rate).toBe('10/1');
    expect(facts.frames).toBeGreaterThanOrEqual(33);
    expect(facts.frames).toBeLessThanOrEqual(35);
  });
});
