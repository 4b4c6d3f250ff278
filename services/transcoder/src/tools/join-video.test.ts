import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobFailure } from '@mediakit/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCtx, jobInput, makeClip, near, pixelAt, probeFile } from '../../test/composition-media.ts';
import { SDR_BT709_TAGS as SDR_TAGS } from './colour.ts';
import { buildJoinVideoArgs, joinTargetSize, joinVideo } from './join-video.ts';

const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...SDR_TAGS];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];
const FIT = (w: number, h: number) =>
  `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`;

describe('buildJoinVideoArgs', () => {
  it('letterboxes every clip, gives a silent clip silence of its length, and uses the concat filter', () => {
    const args = buildJoinVideoArgs({
      clips: [
        { path: '/in/0.webm', hasAudio: true, duration: 3 },
        { path: '/in/1.mp4', hasAudio: false, duration: 2.5 },
        { path: '/in/2.mov', hasAudio: true, duration: 1 },
      ],
      width: 1280,
      height: 720,
      fps: '30000/1001',
      output: '/out/joined.mp4',
    });
    const audio = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
    expect(args).toEqual([
      '-i',
      '/in/0.webm',
      '-i',
      '/in/1.mp4',
      '-i',
      '/in/2.mov',
      '-filter_complex',
      [
        `[0:v:0]${FIT(1280, 720)},fps=30000/1001[v0]`,
        `[0:a:0]${audio}[a0]`,
        `[1:v:0]${FIT(1280, 720)},fps=30000/1001[v1]`,
        'anullsrc=r=48000:cl=stereo,atrim=duration=2.5[a1]',
        `[2:v:0]${FIT(1280, 720)},fps=30000/1001[v2]`,
        `[2:a:0]${audio}[a2]`,
        '[v0][a0][v1][a1][v2][a2]concat=n=3:v=1:a=1[v][a]',
      ].join(';'),
      '-map',
      '[v]',
      '-map',
      '[a]',
      ...ENCODE,
      ...AAC,
      ...FASTSTART,
      '/out/joined.mp4',
    ]);
    // No list file, no concat demuxer.
    expect(args).not.toContain('concat');
    expect(args.join(' ')).not.toMatch(/-f concat|\.txt/);
  });
});

describe('joinTargetSize', () => {
  const first = { width: 321, height: 241, name: 'a.mp4' };
  it('takes the resolution param, else the first clip’s size made even', () => {
    expect(joinTargetSize('1920x1080', first)).toEqual({ width: 1920, height: 1080 });
    expect(joinTargetSize(undefined, first)).toEqual({ width: 320, height: 240 });
  });
  it('fails clearly without a size', () => {
    expect(() => joinTargetSize(undefined, { name: 'a.mp4' })).toThrow(JobFailure);
    expect(() => joinTargetSize('big', first)).toThrow(/1920x1080/);
  });
});

describe('joinVideo handler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-join-'));
    await Promise.all([
      makeClip(join(dir, 'a.mp4'), { seconds: 1, size: '320x240', rate: 25 }),
      makeClip(join(dir, 'b.mp4'), { seconds: 1.2, size: '160x160', rate: 30, audio: false }),
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('joins a clip with sound and a silent one of another size and rate', async () => {
    const inputs = [
      await jobInput(join(dir, 'a.mp4'), 'first.mp4'),
      await jobInput(join(dir, 'b.mp4'), 'b.mp4'),
    ];
    const { ctx, progress } = await fakeCtx(dir, 'join-video', inputs, {});
    const [out, ...rest] = await joinVideo(ctx);
    expect(rest).toEqual([]);
    expect(out.name).toBe('first-joined.mp4');
    const info = await probeFile(out.path);
    expect(Math.abs(info.duration - 2.2)).toBeLessThanOrEqual(0.2);
    const video = info.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 320, height: 240, pix_fmt: 'yuv420p' });
    expect(video?.avg_frame_rate).toBe('25/1');
    expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    // The square clip is letterboxed: black bars left and right, picture in the middle.
    expect(near(await pixelAt(out.path, 1.6, 10, 120), [0, 0, 0], 20)).toBe(true);
    expect(near(await pixelAt(out.path, 0.5, 10, 120), [0, 0, 0], 20)).toBe(false);
    expect(progress.at(-1)).toBe(100);
  });

  it('refuses a single clip', async () => {
    const { ctx } = await fakeCtx(dir, 'join-video', [await jobInput(join(dir, 'a.mp4'), 'a.mp4')], {});
    await expect(joinVideo(ctx)).rejects.toThrow(/2 to 20 videos/);
  });
});
