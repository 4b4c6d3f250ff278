import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffprobe } from '@mediakit/ffmpeg';
import { inspectFile } from '@mediakit/media';
import type { JobInput, ToolContext } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressVideo } from './compress-video.ts';
import { cropVideo } from './crop-video.ts';
import { editingHandlers } from './editing.ts';
import { loopVideo } from './loop-video.ts';
import { type ResizeFit, type ResizeVideoParams, resizeVideo } from './resize-video.ts';
import { reverseVideo } from './reverse-video.ts';
import {
  type Flip,
  orientationFilters,
  type RotateFlipVideoParams,
  type Rotation,
  rotateFlipVideo,
} from './rotate-flip-video.ts';
import { speedVideo } from './speed-up-down-video.ts';

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-editing-'));
  await Promise.all([
    // Red left quarter, blue rest for 2 s, then green for 1 s: position and time are both readable from pixels.
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=80x240:r=25:d=2,pad=320:240:0:0:blue',
      '-f',
      'lavfi',
      '-i',
      'color=c=green:s=320x240:r=25:d=1',
      '-filter_complex',
      '[0][1]concat=n=2:v=1:a=0',
      ...X264,
      p('quarter.mp4'),
    ),
    // An asymmetric still, losslessly, for comparing orientation filters pixel for pixel.
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=64x48', '-frames:v', '1', p('still.png')),
    // Landscape pixels with a "display rotated 90°" flag, as phones store portrait video.
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1', ...X264, p('landscape.mp4')).then(
      () => ffmpeg('-i', p('landscape.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', p('flagged.mp4')),
    ),
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=25:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000:duration=2',
      ...X264,
      '-c:a',
      'aac',
      p('av.mp4'),
    ),
  ]);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function jobInput(path: string, name = 'clip.mp4'): Promise<JobInput> {
  const info = await inspectFile(path);
  if (!info) throw new Error(`test input ${path} not recognised`);
  return { ...info, fileId: name, path, name };
}

let jobs = 0;
async function fakeCtx<P>(tool: string, inputs: JobInput[], params: P) {
  const outDir = p(`out-${++jobs}`);
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

/** One decoded frame as packed RGB, read by ffmpeg independently of the code under test. */
async function frameRgb(path: string, where: { at?: number; fromEnd?: number } = {}): Promise<Buffer> {
  const seek =
    where.fromEnd !== undefined
      ? ['-sseof', String(-where.fromEnd)]
      : where.at !== undefined
        ? ['-ss', String(where.at)]
        : [];
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      ...seek,
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

type Rgb = [number, number, number];
const pixel = (frame: Buffer, width: number, x: number, y: number): Rgb => {
  const i = (y * width + x) * 3;
  return [frame[i], frame[i + 1], frame[i + 2]];
};
/** Which of black/red/green/blue a sampled pixel is (H.264 shifts colors a little, never this much). */
function colorName([r, g, b]: Rgb): string {
  if (r < 40 && g < 40 && b < 40) return 'black';
  if (r > 180 && g < 80 && b < 80) return 'red';
  if (g > 100 && r < 80 && b < 80) return 'green';
  if (b > 180 && r < 80 && g < 80) return 'blue';
  return `rgb(${r},${g},${b})`;
}

describe('registry', () => {
  it('registers the nine single-clip tools by catalog name', () => {
    expect(Object.keys(editingHandlers).sort()).toEqual([
      'change-video-framerate',
      'compress-video',
      'crop-video',
      'loop-video',
      'resize-video',
      'reverse-video',
      'rotate-flip-video',
      'speed-up-down-video',
      'trim-video',
    ]);
  });
});

describe('rotate-flip-video', () => {
  // The folded filters must give the same pixels as literally turning clockwise, then mirroring.
  const literal = (rotate: Rotation, flip: Flip) => {
    const turns = Array<string>(rotate / 90).fill('transpose=1');
    const mirror = flip === 'horizontal' ? ['hflip'] : flip === 'vertical' ? ['vflip'] : [];
    return [...turns, ...mirror, 'null'].join(',');
  };
  const rgbOf = async (filters: string) =>
    (
      await run(
        'ffmpeg',
        [
          '-v',
          'error',
          '-i',
          p('still.png'),
          '-vf',
          filters,
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          'pipe:1',
        ],
        { encoding: 'buffer' },
      )
    ).stdout;

  for (const rotate of [0, 90, 180, 270] as const) {
    for (const flip of ['none', 'horizontal', 'vertical'] as const) {
      it(`rotate ${rotate} + flip ${flip} matches turning then mirroring`, async () => {
        const folded = await rgbOf([...orientationFilters(rotate, flip), 'null'].join(','));
        expect(folded.equals(await rgbOf(literal(rotate, flip)))).toBe(true);
      });
    }
  }

  it('turns the picture as displayed and leaves no rotation flag for players to apply again', async () => {
    const input = await jobInput(p('flagged.mp4'), 'portrait.mp4');
    expect(input).toMatchObject({ width: 240, height: 320 });
    const { ctx } = await fakeCtx<RotateFlipVideoParams>('rotate-flip-video', [input], {
      rotate: 90,
      flip: 'none',
    });
    const [out] = await rotateFlipVideo(ctx);
    expect(out.name).toBe('portrait-rotated.mp4');
    const probe = await ffprobe(out.path);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ width: 320, height: 240 });
    expect(video?.side_data_list ?? []).toEqual([]);
    expect(video?.tags?.rotate).toBeUndefined();
  });

  it('mirrors horizontally: the red quarter moves from the left to the right edge', async () => {
    const { ctx } = await fakeCtx<RotateFlipVideoParams>(
      'rotate-flip-video',
      [await jobInput(p('quarter.mp4'))],
      {
        rotate: 0,
        flip: 'horizontal',
      },
    );
    const [out] = await rotateFlipVideo(ctx);
    expect(out.name).toBe('clip-flipped.mp4');
    const frame = await frameRgb(out.path);
    expect(colorName(pixel(frame, 320, 10, 120))).toBe('blue');
    expect(colorName(pixel(frame, 320, 310, 120))).toBe('red');
  });
});

describe('resize-video', () => {
  // 320×240 with a red left quarter into a tall 160×240 box: each fit leaves a different picture.
  const resized = async (fit: ResizeFit) => {
    const { ctx } = await fakeCtx<ResizeVideoParams>('resize-video', [await jobInput(p('quarter.mp4'))], {
      width: 160,
      height: 240,
      fit,
    });
    const [out] = await resizeVideo(ctx);
    const video = (await ffprobe(out.path)).streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ width: 160, height: 240, sample_aspect_ratio: '1:1' });
    return frameRgb(out.path);
  };

  it('contain letterboxes: black bars above and below a 160×120 picture', async () => {
    const frame = await resized('contain');
    expect(colorName(pixel(frame, 160, 80, 20))).toBe('black');
    expect(colorName(pixel(frame, 160, 80, 220))).toBe('black');
    expect(colorName(pixel(frame, 160, 10, 120))).toBe('red');
    expect(colorName(pixel(frame, 160, 120, 120))).toBe('blue');
  });

  it('cover fills the box and crops the sides: the red quarter is cut away', async () => {
    const frame = await resized('cover');
    for (const [x, y] of [
      [2, 2],
      [2, 120],
      [80, 238],
      [157, 120],
    ])
      expect(colorName(pixel(frame, 160, x, y))).toBe('blue');
  });

  it('fill stretches: the red quarter is squeezed to the left 40 columns', async () => {
    const frame = await resized('fill');
    expect(colorName(pixel(frame, 160, 20, 10))).toBe('red');
    expect(colorName(pixel(frame, 160, 60, 10))).toBe('blue');
  });
});

describe('crop-video', () => {
  it('keeps exactly the box, its size rounded down to even', async () => {
    const { ctx } = await fakeCtx('crop-video', [await jobInput(p('quarter.mp4'))], {
      x: 40,
      y: 10,
      width: 81,
      height: 61,
    });
    const [out] = await cropVideo(ctx);
    const video = (await ffprobe(out.path)).streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ width: 80, height: 60 });
    const frame = await frameRgb(out.path);
    expect(colorName(pixel(frame, 80, 10, 30))).toBe('red'); // x 50 of the source
    expect(colorName(pixel(frame, 80, 70, 30))).toBe('blue'); // x 110 of the source
  });
});

describe('reverse-video', () => {
  it('plays backwards: the clip now starts green and ends on the red quarter, with no sound', async () => {
    const { ctx, progress } = await fakeCtx('reverse-video', [await jobInput(p('quarter.mp4'))], {});
    const [out] = await reverseVideo(ctx);
    expect(out.name).toBe('clip-reversed.mp4');
    expect(colorName(pixel(await frameRgb(out.path), 320, 10, 120))).toBe('green');
    expect(colorName(pixel(await frameRgb(out.path, { fromEnd: 0.1 }), 320, 10, 120))).toBe('red');
    const probe = await ffprobe(out.path);
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(Math.abs(Number(probe.format.duration) - 3)).toBeLessThanOrEqual(0.1);
    expect(progress.at(-1)).toBe(100);
  });

  it('refuses, before running ffmpeg, a clip too long to hold in memory', async () => {
    const input = { ...(await jobInput(p('quarter.mp4'))), width: 3840, height: 2160, fps: 60, duration: 30 };
    const { ctx } = await fakeCtx('reverse-video', [input], {});
    await expect(reverseVideo(ctx)).rejects.toThrow(/at most 2.8 s of video; this one is 30 s/);
  });
});

describe('compress-video', () => {
  it('hits a target size within 5 % under, progress split over the two passes, leaving one file', async () => {
    const { ctx, progress } = await fakeCtx('compress-video', [await jobInput(p('av.mp4'), 'a.mp4')], {
      targetSizeMB: 0.1,
    });
    const [out] = await compressVideo(ctx);
    expect(out.name).toBe('a-compressed.mp4');
    const { size } = await stat(out.path);
    expect(size).toBeLessThanOrEqual(100_000);
    expect(size).toBeGreaterThanOrEqual(95_000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress).toContain(50);
    expect(progress.some((x) => x > 0 && x < 50)).toBe(true);
    expect(progress.some((x) => x > 50 && x < 100)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    // Other tries and x264's stats file are cleaned up.
    expect(await readdir(ctx.outDir)).toEqual(['compressed.mp4']);
  });

  it('refuses an unreachable target with the smallest reachable size', async () => {
    const { ctx } = await fakeCtx('compress-video', [await jobInput(p('av.mp4'))], { targetSizeMB: 0.01 });
    const err = await compressVideo(ctx).catch((e) => e);
    expect(err).toBeInstanceOf(JobFailure);
    expect(err.message).toMatch(/^0.01 MB is too small for this 2 s video: .* is 0.03 MB$/);
    expect(await readdir(ctx.outDir)).toEqual([]);
  });
});

describe('speed-up-down-video and loop-video', () => {
  it('4× keeps the input frame rate and reports progress against the output length', async () => {
    const { ctx, progress } = await fakeCtx('speed-up-down-video', [await jobInput(p('av.mp4'))], {
      factor: 4,
    });
    const [out] = await speedVideo(ctx);
    expect(out.name).toBe('clip-4x.mp4');
    const probe = await ffprobe(out.path);
    expect(Math.abs(Number(probe.format.duration) - 0.5)).toBeLessThanOrEqual(0.1);
    expect(probe.streams.find((s) => s.codec_type === 'video')?.avg_frame_rate).toBe('25/1');
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(progress.at(-1)).toBe(100);
  });

  it('loops a silent clip', async () => {
    const { ctx } = await fakeCtx('loop-video', [await jobInput(p('quarter.mp4'))], { count: 2 });
    const [out] = await loopVideo(ctx);
    const probe = await ffprobe(out.path);
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(Math.abs(Number(probe.format.duration) - 6)).toBeLessThanOrEqual(0.15);
    // The second pass starts over: red quarter again right after the green second.
    expect(colorName(pixel(await frameRgb(out.path, { at: 3.5 }), 320, 10, 120))).toBe('red');
  });

  it('refuses loops longer than the output cap, saying how many fit', async () => {
    const input = { ...(await jobInput(p('quarter.mp4'))), duration: 600 };
    const { ctx } = await fakeCtx('loop-video', [input], { count: 50 });
    await expect(loopVideo(ctx)).rejects.toThrow(
      'Looping gives at most 4 h of video: this 10 min clip can play at most 24 times',
    );
  });
});
