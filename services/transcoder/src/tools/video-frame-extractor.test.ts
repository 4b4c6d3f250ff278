import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobFailure } from '@mediakit/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeCtx,
  frameDifference,
  frameRgb,
  jobInput,
  makeClip,
  probeFile,
} from '../../test/composition-media.ts';
import {
  buildAllFramesArgs,
  buildFrameAtArgs,
  buildIntervalFramesArgs,
  buildLastFrameArgs,
  estimateFrameCount,
  MAX_FRAMES,
  uniqueTimes,
  videoFrameExtractor,
} from './video-frame-extractor.ts';

describe('frame args', () => {
  it('interval: the first frame at or after each multiple, each written once, one past the cap', () => {
    expect(
      buildIntervalFramesArgs({ input: '/in/0.mp4', outDir: '/o', format: 'jpg', interval: 2.5 }),
    ).toEqual([
      '-i',
      '/in/0.mp4',
      '-map',
      '0:v:0',
      '-vf',
      "select='gte(t,selected_n*2.5)'",
      '-fps_mode',
      'passthrough',
      '-frames:v',
      '1001',
      '-start_number',
      '1',
      '-q:v',
      '2',
      '/o/frame-%05d.jpg',
    ]);
  });

  it('all: every frame as 8-bit PNG', () => {
    expect(buildAllFramesArgs({ input: '/in/0.mp4', outDir: '/o', format: 'png' })).toEqual([
      '-i',
      '/in/0.mp4',
      '-map',
      '0:v:0',
      '-fps_mode',
      'passthrough',
      '-frames:v',
      '1001',
      '-start_number',
      '1',
      '-pix_fmt',
      'rgb24',
      '/o/frame-%05d.png',
    ]);
  });

  it('times: an accurate seek and one frame; the last frame as fallback', () => {
    expect(
      buildFrameAtArgs({ input: '/in/0.mp4', output: '/o/at-00001.png', time: 0.1 + 0.2, format: 'png' }),
    ).toEqual([
      '-ss',
      '0.3',
      '-i',
      '/in/0.mp4',
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-pix_fmt',
      'rgb24',
      '/o/at-00001.png',
    ]);
    expect(buildLastFrameArgs({ input: '/in/0.mp4', output: '/o/at-00002.jpg', format: 'jpg' })).toEqual([
      '-sseof',
      '-1',
      '-i',
      '/in/0.mp4',
      '-map',
      '0:v:0',
      '-update',
      '1',
      '-q:v',
      '2',
      '/o/at-00002.jpg',
    ]);
  });

  it('estimates counts and dedupes times', () => {
    expect(estimateFrameCount('all', { duration: 10, fps: 29.97 })).toBe(300);
    expect(estimateFrameCount('all', { duration: 10 })).toBeUndefined();
    expect(estimateFrameCount('interval', { duration: 10 }, 3)).toBe(4);
    expect(estimateFrameCount('interval', {}, 3)).toBeUndefined();
    expect(uniqueTimes([1.5, 0.5, 1.5004, 0.5, 2])).toEqual([1.5, 0.5, 2]);
    expect(MAX_FRAMES).toBe(1000);
  });
});

describe('videoFrameExtractor handler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-frames-'));
    await makeClip(join(dir, 'clip.mp4'), { seconds: 3, size: '160x120', rate: 25, audio: false });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const extract = async (params: Record<string, unknown>, input?: object) => {
    const video = { ...(await jobInput(join(dir, 'clip.mp4'), 'my clip.mp4')), ...input };
    const { ctx, progress } = await fakeCtx(dir, 'video-frame-extractor', [video], params);
    return { outputs: await videoFrameExtractor(ctx), progress };
  };

  it('interval: one frame every 0.7 s of a 3 s clip, named and numbered', async () => {
    const { outputs, progress } = await extract({ mode: 'interval', interval: 0.7, format: 'jpg' });
    expect(outputs.map((o) => o.name)).toEqual([
      'my clip-frame-00001.jpg',
      'my clip-frame-00002.jpg',
      'my clip-frame-00003.jpg',
      'my clip-frame-00004.jpg',
      'my clip-frame-00005.jpg',
    ]);
    const bytes = await readFile(outputs[0].path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // Frame 3 is the first at or after 1.4 s (1.44 s at 25 fps): closer to it than to its neighbours.
    const clip = join(dir, 'clip.mp4');
    const third = await frameRgb(outputs[2].path, 0);
    const right = frameDifference(third, await frameRgb(clip, 1.4));
    expect(right).toBeLessThan(frameDifference(third, await frameRgb(clip, 1.36)));
    expect(right).toBeLessThan(frameDifference(third, await frameRgb(clip, 1.48)));
    expect(progress.at(-1)).toBe(100);
  });

  it('times: PNGs at the video’s size, the last frame for a time after it, names in seconds', async () => {
    const { outputs, progress } = await extract({
      mode: 'times',
      times: [1.5, 0.5, 2.99, 1.5, 0],
      format: 'png',
    });
    expect(outputs.map((o) => o.name)).toEqual([
      'my clip-1.5s.png',
      'my clip-0.5s.png',
      'my clip-2.99s.png',
      'my clip-0s.png',
    ]);
    for (const output of outputs) {
      const [stream] = (await probeFile(output.path)).streams;
      expect(stream).toMatchObject({ codec_name: 'png', width: 160, height: 120 });
    }
    // Each is the clip's own frame at that time: identical to it, unlike its neighbours (testsrc2 moves).
    const clip = join(dir, 'clip.mp4');
    const at15 = await frameRgb(outputs[0].path, 0);
    expect(frameDifference(at15, await frameRgb(clip, 1.5))).toBeLessThan(0.5);
    expect(frameDifference(at15, await frameRgb(clip, 1.46))).toBeGreaterThan(1);
    expect(frameDifference(at15, await frameRgb(clip, 1.54))).toBeGreaterThan(1);
    const last = await frameRgb(outputs[2].path, 0);
    expect(frameDifference(last, await frameRgb(clip, 2.96))).toBeLessThan(0.5);
    expect(frameDifference(last, await frameRgb(clip, 2.92))).toBeGreaterThan(1);
    expect(frameDifference(await frameRgb(outputs[3].path, 0), await frameRgb(clip, 0))).toBeLessThan(0.5);
    expect(progress.at(-1)).toBe(100);
  });

  it('all: every frame, and a refusal naming the limit beyond it', async () => {
    const { outputs } = await extract({ mode: 'all', format: 'jpg' });
    expect(outputs).toHaveLength(75);
    const err = await extract({ mode: 'all', format: 'jpg' }, { duration: 60, fps: 25 }).catch((e) => e);
    expect(err).toBeInstanceOf(JobFailure);
    expect(err.message).toMatch(/about 1500 frames.*at most 1000/);
    const tiny = await extract({ mode: 'interval', interval: 0.001 }).catch((e) => e);
    expect(tiny).toBeInstanceOf(JobFailure);
    expect(tiny.message).toMatch(/at most 1000 frames.*at least 0\.004 seconds/);
  });
});
