import { JobFailure } from '@mediakit/worker';
import { describe, expect, it } from 'vitest';
import { SDR_BT709_TAGS } from './colour.ts';
import { qualityToCrf } from './encoding.ts';
import {
  attemptProgress,
  buildGifArgs,
  GIF_FLOOR,
  type GifSize,
  gifMuxerLoop,
  MAX_GIF_ATTEMPTS,
  nextGifSize,
} from './gif-args.ts';
import { buildGifToMp4Args } from './gif-to-mp4.ts';
import { firstGifSize, gifRange } from './video-to-gif.ts';
import { buildWebmArgs, VP9_CRF_SCALE } from './webm.ts';

describe('buildGifArgs', () => {
  it('seeks, limits the length and builds the palette in one graph', () => {
    const args = buildGifArgs({
      input: '/in/a.mp4',
      output: '/out/a.gif',
      start: 1.5,
      seconds: 3,
      fps: 12,
      width: 320,
      loop: 0,
      dither: 'bayer',
    });
    expect(args).toEqual([
      ...['-ss', '1.5', '-t', '3', '-i', '/in/a.mp4', '-map', '0:v:0', '-an', '-sn', '-dn'],
      '-vf',
      'fps=12,scale=320:-1:flags=lanczos,split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:diff_mode=rectangle',
      ...['-loop', '0', '-f', 'gif', '/out/a.gif'],
    ]);
  });

  it('maps the chosen video stream and writes the loop count as repeats', () => {
    const args = buildGifArgs({
      input: '/in/a.mov',
      output: '/out/a.gif',
      start: 0,
      seconds: 2,
      fps: 10,
      width: 480,
      loop: 3,
      dither: 'none',
      videoStream: '1',
    });
    expect(args.slice(args.indexOf('-map'), args.indexOf('-map') + 2)).toEqual(['-map', '0:1']);
    expect(args.slice(args.indexOf('-loop'), args.indexOf('-loop') + 2)).toEqual(['-loop', '2']);
  });

  it('counts plays: 0 forever, 1 once (no loop extension), n plays n times', () => {
    expect([0, 1, 2, 5].map(gifMuxerLoop)).toEqual([0, -1, 1, 4]);
  });
});

describe('size budget', () => {
  it('shrinks width and frame rate by about the cube root of the miss', () => {
    // 8 MB for a 1 MB budget: 0.9 / 8 ≈ 0.1125, cube root ≈ 0.48.
    expect(nextGifSize({ width: 480, fps: 10 }, 8_000_000, 1_000_000)).toEqual({ width: 231, fps: 5 });
  });

  it('always lowers by at least 10 % per step, even for a near miss', () => {
    const next = nextGifSize({ width: 480, fps: 20 }, 1_010_000, 1_000_000) as GifSize;
    expect(next.width).toBeLessThanOrEqual(432);
    expect(next.fps).toBeLessThanOrEqual(18);
  });

  it('never goes under the floor nor above what the source had, and stops at the floor', () => {
    expect(nextGifSize({ width: 100, fps: 30 }, 9e9, 1)).toEqual({ width: 100, fps: GIF_FLOOR.fps });
    expect(nextGifSize({ ...GIF_FLOOR }, 9e9, 1)).toBeUndefined();
    expect(nextGifSize({ width: 100, fps: 4 }, 9e9, 1)).toBeUndefined();
  });

  it('goes straight to the floor on the last try', () => {
    expect(nextGifSize({ width: 480, fps: 10 }, 1_100_000, 1_000_000, true)).toEqual(GIF_FLOOR);
  });

  it('reaches the floor within the attempts from the largest size', () => {
    let size: GifSize | undefined = { width: 1920, fps: 30 };
    let last: GifSize = size;
    for (let attempt = 0; size && attempt < MAX_GIF_ATTEMPTS; attempt++) {
      last = size;
      size = nextGifSize(size, 1.05e6, 1e6, attempt === MAX_GIF_ATTEMPTS - 2);
    }
    expect(last).toEqual(GIF_FLOOR);
  });

  it('progress over the attempts only moves forward', () => {
    const marks = [0, 1, 2, 3, 4].flatMap((attempt) => [0, 50, 100].map((p) => attemptProgress(attempt, p)));
    for (let i = 1; i < marks.length; i++) expect(marks[i]).toBeGreaterThanOrEqual(marks[i - 1]);
    expect(attemptProgress(0, 100)).toBe(50);
    expect(attemptProgress(1, 100)).toBe(75);
    expect(marks.at(-1)).toBeLessThan(100);
  });
});

describe('gifRange and firstGifSize', () => {
  it('defaults the end to the end of the video and clamps it there', () => {
    expect(gifRange({}, 12)).toEqual({ start: 0, seconds: 12 });
    expect(gifRange({ start: 2, end: 20 }, 12)).toEqual({ start: 2, seconds: 10 });
  });

  it('refuses a part over a minute, a start past the end, and an unknown length without an end', () => {
    expect(() => gifRange({ start: 0, end: 61 }, 120)).toThrow(/at most 60 seconds long.*61 s/);
    expect(() => gifRange({}, 90)).toThrow(JobFailure);
    expect(() => gifRange({ start: 13 }, 12)).toThrow(/past the end/);
    expect(() => gifRange({}, undefined)).toThrow(/give an end time/);
  });

  it('never upscales the width nor raises the frame rate past the source', () => {
    expect(firstGifSize({}, { width: 1920, fps: 30 })).toEqual({ width: 480, fps: 10 });
    expect(firstGifSize({ width: 800, fps: 30 }, { width: 320, fps: 24 })).toEqual({ width: 320, fps: 24 });
    expect(firstGifSize({ fps: 15 }, {})).toEqual({ width: 480, fps: 15 });
  });
});

describe('buildWebmArgs', () => {
  const base = { input: '/in/a.mov', output: '/out/a.webm', crf: 32 };
  const VP9 = [
    ...['-c:v', 'libvpx-vp9', '-crf', '32', '-b:v', '0', '-deadline', 'good', '-cpu-used', '4'],
    ...['-row-mt', '1', '-pix_fmt', 'yuv420p', ...SDR_BT709_TAGS],
    ...['-fps_mode:v', 'vfr', '-enc_time_base:v', '-1'],
  ];

  it('encodes VP9 in constant quality and Opus, mono or stereo', () => {
    expect(buildWebmArgs({ ...base, hasAudio: true })).toEqual([
      ...['-i', '/in/a.mov', '-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'],
      ...VP9,
      ...['-c:a', 'libopus', '-b:a', '128k', '-af', 'aformat=channel_layouts=mono|stereo'],
      ...['-f', 'webm', '/out/a.webm'],
    ]);
  });

  it('writes no audio track for a silent input', () => {
    expect(buildWebmArgs({ ...base, hasAudio: false, videoStream: '0' })).toEqual([
      ...['-i', '/in/a.mov', '-map', '0:0', '-an', '-sn', '-dn'],
      ...VP9,
      ...['-f', 'webm', '/out/a.webm'],
    ]);
  });

  it('maps quality 1..100 onto CRF 50..15', () => {
    expect([1, 50, 100].map((q) => qualityToCrf(q, VP9_CRF_SCALE))).toEqual([50, 33, 15]);
    expect(qualityToCrf(undefined, VP9_CRF_SCALE)).toBe(32);
    expect(qualityToCrf(500, VP9_CRF_SCALE)).toBe(15);
  });
});

describe('buildGifToMp4Args', () => {
  const head = ['-i', '/in/a.gif', '-map', '0:v:0', '-an', '-sn', '-dn', '-vf'];
  const flatten = 'negate,premultiply=inplace=1,negate,pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white';
  const tail = [
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...SDR_BT709_TAGS],
    ...['-fps_mode:v', 'vfr', '-enc_time_base:v', '-1', '-movflags', '+faststart', '/out/a.mp4'],
  ];
  const args = (o: { frames?: number; seconds?: number }) =>
    buildGifToMp4Args({ input: '/in/a.gif', output: '/out/a.mp4', ...o });

  it('flattens on white, pads to even, no sound; the last frame cloned at the GIF end', () => {
    expect(args({ frames: 42, seconds: 4.2 })).toEqual([
      ...head,
      `${flatten},tpad=stop_mode=clone:stop=1,setpts=if(eq(N\\,42)\\,4.2/TB\\,PTS)`,
      ...tail,
    ]);
  });

  it('holds a one-frame GIF for a second', () => {
    expect(args({ frames: 1, seconds: 0.1 })).toEqual([
      ...head,
      `${flatten},tpad=stop_mode=clone:stop=1,setpts=if(eq(N\\,1)\\,1/TB\\,PTS)`,
      ...tail,
    ]);
  });

  it('adds nothing when the length is unknown', () => {
    expect(args({})).toEqual([...head, flatten, ...tail]);
  });
});
