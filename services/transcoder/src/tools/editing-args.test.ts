import { JobFailure } from '@mediakit/worker';
import { describe, expect, it } from 'vitest';
import { atempoChain } from './atempo.ts';
import { buildFramerateArgs } from './change-video-framerate.ts';
import { SDR_BT709_TAGS as SDR_TAGS } from './colour.ts';
import {
  BYTES_PER_MB,
  buildCompressLevelArgs,
  buildTwoPassArgs,
  COMPRESS_LEVELS,
  correctedVideoKbps,
  halfProgress,
  MIN_VIDEO_KBPS,
  muxOverheadBytes,
  planTargetSize,
  smallestReachableMB,
} from './compress-video.ts';
import { buildCropArgs, cropBox } from './crop-video.ts';
import { frameRateArg } from './editing-frame-rate.ts';
import { describeSeconds, requireDuration } from './editing-limits.ts';
import { buildLoopArgs } from './loop-video.ts';
import { buildResizeArgs, resizeFilters } from './resize-video.ts';
import { buildReverseArgs, checkReversible, reverseMaxSeconds } from './reverse-video.ts';
import { buildRotateFlipArgs, orientationFilters } from './rotate-flip-video.ts';
import { buildSpeedArgs } from './speed-up-down-video.ts';

const IO = { input: '/in/clip.webm', output: '/out/o.mp4' };
const MAP_AV = ['-i', '/in/clip.webm', '-map', '0:v:0', '-map', '0:a:0?'];
const MAP_V = ['-i', '/in/clip.webm', '-map', '0:v:0', '-an'];
const EVEN = 'crop=trunc(iw/2)*2:trunc(ih/2)*2';
/** H.264 by CRF, BT.709-tagged; 23 unless a tier says otherwise. */
const LIBX264 = ['-c:v', 'libx264', '-preset', 'veryfast'];
const x264 = (crf: string) => [...LIBX264, '-crf', crf, '-pix_fmt', 'yuv420p', ...SDR_TAGS];
const H264 = x264('23');
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
/** Each frame keeps its own time: no constant rate guessed from r_frame_rate. */
const KEEP = ['-fps_mode:v', 'vfr', '-enc_time_base:v', '-1'];
const TAIL = ['-movflags', '+faststart', '/out/o.mp4'];

describe('compress-video', () => {
  it('has documented CRF tiers, high giving the smallest file', () => {
    expect(COMPRESS_LEVELS).toEqual({
      low: { crf: 23, audioKbps: 128 },
      medium: { crf: 28, audioKbps: 96 },
      high: { crf: 33, audioKbps: 64 },
    });
  });

  it.each([
    { level: 'medium', hasAudio: true, map: MAP_AV, crf: '28', audio: ['-c:a', 'aac', '-b:a', '96k'] },
    { level: 'high', hasAudio: false, map: MAP_V, crf: '33', audio: [] },
  ] as const)('level mode is one CRF pass at the tier’s CRF and audio bitrate ($level)', (c) => {
    expect(buildCompressLevelArgs({ ...IO, hasAudio: c.hasAudio, level: c.level })).toEqual([
      ...c.map,
      '-vf',
      EVEN,
      ...x264(c.crf),
      ...KEEP,
      ...c.audio,
      ...TAIL,
    ]);
  });

  it('target mode is two passes sharing a stats file in the job dir', () => {
    const [pass1, pass2] = buildTwoPassArgs({
      ...IO,
      hasAudio: true,
      videoKbps: 315,
      audioKbps: 64,
      passLogFile: '/out/x264-pass',
    });
    const abr = (pass: string) => [
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      '315k',
      '-pass',
      pass,
      '-passlogfile',
      '/out/x264-pass',
      '-pix_fmt',
      'yuv420p',
      ...SDR_TAGS,
    ];
    expect(pass1).toEqual([
      '-i',
      '/in/clip.webm',
      '-map',
      '0:v:0',
      '-an',
      '-vf',
      EVEN,
      ...abr('1'),
      ...KEEP,
      '-f',
      'null',
      '/dev/null',
    ]);
    expect(pass2).toEqual([
      ...MAP_AV,
      '-vf',
      EVEN,
      ...abr('2'),
      ...KEEP,
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      ...TAIL,
    ]);
  });

  it('plans the bitrate: (target × 8 × 0.97 − overhead − audio × duration) / duration', () => {
    // 0.3 MB over 6.008 s at 25 fps: overhead ⌈1024 + 6.008 × 72 × 12⌉ = 6215 bytes.
    expect(muxOverheadBytes(6.008, 25, true)).toBe(6215);
    const plan = planTargetSize({ targetBytes: 300_000, durationSeconds: 6.008, hasAudio: true, fps: 25 });
    const total = (300_000 * 8 * 0.97 - 6215 * 8) / 6.008 / 1000; // 379.2 kb/s
    expect(plan).toEqual({ audioKbps: 64, videoKbps: Math.floor(total - 64), capped: false });
    expect(plan.videoKbps).toBe(315);
  });

  it('gives audio at most a fifth of the budget, between 32k and 128k', () => {
    const at = (mb: number, hasAudio = true) =>
      planTargetSize({ targetBytes: mb * BYTES_PER_MB, durationSeconds: 60, hasAudio, fps: 30 });
    expect(at(100).audioKbps).toBe(128);
    expect(at(5).audioKbps).toBe(96); // ~640 kb/s in all
    expect(at(1).audioKbps).toBe(32); // ~120 kb/s in all: the floor
    expect(at(1, false)).toEqual({ audioKbps: 0, videoKbps: expect.any(Number), capped: false });
    expect(at(1, false).videoKbps).toBeGreaterThan(at(1).videoKbps);
  });

  it('never plans more video bitrate than the whole input had', () => {
    const plan = planTargetSize({
      targetBytes: 50 * BYTES_PER_MB,
      durationSeconds: 10,
      hasAudio: true,
      fps: 30,
      inputBytes: 1_000_000, // 800 kb/s in all
    });
    expect(plan).toEqual({ videoKbps: 800, audioKbps: 128, capped: true });
  });

  it('corrects the video bitrate in proportion when a pass misses the window', () => {
    const base = {
      videoKbps: 312,
      audioKbps: 64,
      capped: false,
      targetBytes: 100_000,
      durationSeconds: 2,
      fps: 25,
      hasAudio: true,
    };
    // In [95 000, 100 000]: accepted.
    expect(correctedVideoKbps({ ...base, outputBytes: 95_000 })).toBeUndefined();
    expect(correctedVideoKbps({ ...base, outputBytes: 100_000 })).toBeUndefined();
    // 92 598 bytes: 16 000 of audio and 1 024 + 2 × 72 × 12 = 2 752 of index leave 73 846 of video;
    // 97 500 wanted leaves 78 748: 312 × 78 748 / 73 846 = 332.7.
    expect(correctedVideoKbps({ ...base, outputBytes: 92_598 })).toBe(332);
    expect(correctedVideoKbps({ ...base, outputBytes: 104_000 })).toBeLessThan(312);
    // Meant to be small (the input's own bitrate was lower): anything under the target is fine.
    expect(correctedVideoKbps({ ...base, capped: true, outputBytes: 40_000 })).toBeUndefined();
    expect(correctedVideoKbps({ ...base, capped: true, outputBytes: 101_000 })).toBeLessThan(312);
  });

  it('refuses an unreachable target, naming the smallest reachable size, which is then accepted', () => {
    const smallest = smallestReachableMB(60, true, 30);
    // ((50 + 32) kb/s × 60 s = 615 kB, + 56 kB of index) / 0.97, + 1 kb/s of slack.
    expect(smallest).toBe(0.7);
    let err: unknown;
    try {
      planTargetSize({ targetBytes: 0.5 * BYTES_PER_MB, durationSeconds: 60, hasAudio: true, fps: 30 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JobFailure);
    expect((err as Error).message).toBe(
      '0.5 MB is too small for this 60 s video: the smallest size that still leaves a watchable picture is 0.7 MB',
    );
    const ok = planTargetSize({
      targetBytes: smallest * BYTES_PER_MB,
      durationSeconds: 60,
      hasAudio: true,
      fps: 30,
    });
    expect(ok.videoKbps).toBeGreaterThanOrEqual(MIN_VIDEO_KBPS);
    expect(() =>
      planTargetSize({ targetBytes: 0.69 * BYTES_PER_MB, durationSeconds: 60, hasAudio: true, fps: 30 }),
    ).toThrow(JobFailure);
  });

  it('maps two passes onto the two halves of the progress bar', () => {
    const seen: number[] = [];
    const ctx = {
      signal: new AbortController().signal,
      log: {} as never,
      progress: (p: number) => seen.push(p),
    };
    halfProgress(ctx, 0).progress(0);
    halfProgress(ctx, 0).progress(100);
    halfProgress(ctx, 1).progress(50);
    halfProgress(ctx, 1).progress(100);
    // Pass 2 stops at 99: the handler says 100 once the size is accepted.
    expect(seen).toEqual([0, 50, 75, 99]);
  });
});

describe('resize-video', () => {
  it('contain scales inside to even sizes and pads black to exactly W×H', () => {
    expect(buildResizeArgs({ ...IO, width: 200, height: 150, fit: 'contain', hasAudio: true })).toEqual([
      ...MAP_AV,
      '-vf',
      'scale=200:150:force_original_aspect_ratio=decrease:force_divisible_by=2,' +
        'pad=200:150:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1',
      ...H264,
      ...KEEP,
      ...AAC,
      ...TAIL,
    ]);
  });

  it('cover scales to fill then crops the centre; fill stretches', () => {
    expect(resizeFilters(640, 360, 'cover')).toEqual([
      'scale=640:360:force_original_aspect_ratio=increase',
      'crop=640:360',
      'setsar=1',
    ]);
    expect(buildResizeArgs({ ...IO, width: 16, height: 7680, fit: 'fill', hasAudio: false })).toEqual([
      ...MAP_V,
      '-vf',
      'scale=16:7680,setsar=1',
      ...H264,
      ...KEEP,
      ...TAIL,
    ]);
  });
});

describe('crop-video', () => {
  it('crops exactly at x, y with width and height rounded down to even', () => {
    const box = cropBox({ x: 11, y: 7, width: 101, height: 81 }, { width: 320, height: 240 });
    expect(box).toEqual({ x: 11, y: 7, width: 100, height: 80 });
    expect(buildCropArgs({ ...IO, ...box, hasAudio: true })).toEqual([
      ...MAP_AV,
      '-vf',
      'crop=100:80:11:7:exact=1',
      ...H264,
      ...KEEP,
      ...AAC,
      ...TAIL,
    ]);
  });

  it('clamps a box that pokes out of the frame back inside it', () => {
    expect(cropBox({ x: 300, y: 0, width: 100, height: 500 }, { width: 320, height: 241 })).toEqual({
      x: 220,
      y: 0,
      width: 100,
      height: 240,
    });
    expect(cropBox({ width: 64, height: 48 })).toEqual({ x: 0, y: 0, width: 64, height: 48 });
    expect(() => cropBox({ x: 0, y: 0, width: 1, height: 40 })).toThrow(JobFailure);
  });
});

describe('rotate-flip-video', () => {
  it('uses transpose for quarter turns and hflip,vflip for a half turn', () => {
    expect(orientationFilters(90, 'none')).toEqual(['transpose=1']);
    expect(orientationFilters(270, 'none')).toEqual(['transpose=2']);
    expect(orientationFilters(180, 'none')).toEqual(['hflip', 'vflip']);
    expect(orientationFilters(0, 'horizontal')).toEqual(['hflip']);
    expect(orientationFilters(0, 'vertical')).toEqual(['vflip']);
    expect(orientationFilters(0, 'none')).toEqual([]);
  });

  it('folds a turn plus a mirror into one filter', () => {
    expect(orientationFilters(90, 'horizontal')).toEqual(['transpose=0']);
    expect(orientationFilters(90, 'vertical')).toEqual(['transpose=3']);
    expect(orientationFilters(180, 'horizontal')).toEqual(['vflip']);
    expect(orientationFilters(180, 'vertical')).toEqual(['hflip']);
    expect(orientationFilters(270, 'horizontal')).toEqual(['transpose=3']);
    expect(orientationFilters(270, 'vertical')).toEqual(['transpose=0']);
    expect(() => orientationFilters(45 as never, 'none')).toThrow(JobFailure);
  });

  it('clears the rotation tag on the output', () => {
    expect(buildRotateFlipArgs({ ...IO, rotate: 90, flip: 'none', hasAudio: true })).toEqual([
      ...MAP_AV,
      '-vf',
      `transpose=1,${EVEN}`,
      ...H264,
      ...KEEP,
      ...AAC,
      '-metadata:s:v:0',
      'rotate=0',
      ...TAIL,
    ]);
    expect(buildRotateFlipArgs({ ...IO, rotate: 0, flip: 'none', hasAudio: false })).toEqual([
      ...MAP_V,
      '-vf',
      EVEN,
      ...H264,
      ...KEEP,
      '-metadata:s:v:0',
      'rotate=0',
      ...TAIL,
    ]);
  });
});

describe('speed-up-down-video', () => {
  it('chains atempo so every stage stays within 0.5..2', () => {
    expect(atempoChain(4)).toEqual(['atempo=2', 'atempo=2']);
    expect(atempoChain(0.25)).toEqual(['atempo=0.5', 'atempo=0.5']);
    expect(atempoChain(3)).toEqual(['atempo=2', 'atempo=1.5']);
    expect(atempoChain(0.3)).toEqual(['atempo=0.5', 'atempo=0.6']);
    expect(atempoChain(2)).toEqual(['atempo=2']);
    expect(atempoChain(0.5)).toEqual(['atempo=0.5']);
    expect(atempoChain(1.25)).toEqual(['atempo=1.25']);
    for (let f = 0.25; f <= 4; f += 0.05) {
      const stages = atempoChain(f).map((s) => Number(s.slice('atempo='.length)));
      expect(stages.every((s) => s >= 0.5 && s <= 2)).toBe(true);
      expect(stages.reduce((a, b) => a * b, 1)).toBeCloseTo(f, 3);
    }
  });

  it('retimes video, keeps the input frame rate, and tempo-shifts audio', () => {
    expect(buildSpeedArgs({ ...IO, factor: 4, fps: 29.97, hasAudio: true })).toEqual([
      ...MAP_AV,
      '-vf',
      `setpts=PTS/4,fps=30000/1001,${EVEN}`,
      '-af',
      'atempo=2,atempo=2',
      ...H264,
      ...AAC,
      ...TAIL,
    ]);
    expect(buildSpeedArgs({ ...IO, factor: 0.5, hasAudio: false })).toEqual([
      ...MAP_V,
      '-vf',
      `setpts=PTS/0.5,${EVEN}`,
      ...H264,
      ...KEEP,
      ...TAIL,
    ]);
  });
});

describe('change-video-framerate', () => {
  it('resamples with the fps filter', () => {
    expect(buildFramerateArgs({ ...IO, fps: 15, hasAudio: true })).toEqual([
      ...MAP_AV,
      '-vf',
      `fps=15,${EVEN}`,
      ...H264,
      ...AAC,
      ...TAIL,
    ]);
  });

  it('writes NTSC rates as their exact rationals', () => {
    expect(frameRateArg(29.97)).toBe('30000/1001');
    expect(frameRateArg(23.976)).toBe('24000/1001');
    expect(frameRateArg(59.94)).toBe('60000/1001');
    expect(frameRateArg(30)).toBe('30');
    expect(frameRateArg(12.5)).toBe('12.5');
    expect(frameRateArg(1 / 3)).toBe('0.333');
  });
});

describe('reverse-video', () => {
  it('reverses video only, buffering yuv420p frames', () => {
    expect(buildReverseArgs(IO)).toEqual([
      ...MAP_V,
      '-vf',
      `${EVEN},format=yuv420p,reverse`,
      ...H264,
      ...KEEP,
      ...TAIL,
    ]);
  });

  it('refuses clips whose frames would not fit the memory budget, naming the limit', () => {
    expect(reverseMaxSeconds(320, 240, 25)).toBe(600);
    expect(Math.floor(reverseMaxSeconds(1920, 1080, 30))).toBe(23);
    const hd = { name: 'a.mp4', width: 1920, height: 1080, fps: 30 };
    expect(() => checkReversible({ ...hd, duration: 20 })).not.toThrow();
    expect(() => checkReversible({ ...hd, duration: 30 })).toThrow(
      'Reversing keeps every frame in memory, so at 1920×1080 and 30 fps it takes at most 23 s of video; ' +
        'this one is 30 s. Trim it or make it smaller first',
    );
    expect(() => checkReversible({ name: 'a.mp4', width: 320, height: 240, fps: 25, duration: 601 })).toThrow(
      'Reverse takes videos up to 10 min long; this one is 10 min. Trim it first',
    );
    expect(() => checkReversible({ name: 'a.mp4', width: 320, height: 240 })).toThrow(JobFailure);
  });
});

describe('loop-video', () => {
  it('loops the demuxer count − 1 more times and cuts at count × duration', () => {
    expect(buildLoopArgs({ ...IO, count: 3, durationSeconds: 4.008, hasAudio: true })).toEqual([
      '-stream_loop',
      '2',
      ...MAP_AV,
      '-vf',
      EVEN,
      ...H264,
      ...KEEP,
      ...AAC,
      '-t',
      '12.024',
      ...TAIL,
    ]);
    expect(buildLoopArgs({ ...IO, count: 50, hasAudio: false })).toEqual([
      '-stream_loop',
      '49',
      ...MAP_V,
      '-vf',
      EVEN,
      ...H264,
      ...KEEP,
      ...TAIL,
    ]);
  });
});

describe('editing helpers', () => {
  it('describeSeconds', () => {
    expect(describeSeconds(6.008)).toBe('6 s');
    expect(describeSeconds(95.25)).toBe('95.3 s');
    expect(describeSeconds(600)).toBe('10 min');
    expect(describeSeconds(14_400)).toBe('4 h');
  });

  it('requireDuration fails as the input’s fault when the duration is unknown', () => {
    expect(requireDuration({ name: 'a.mp4', duration: 3 }, 'x')).toBe(3);
    expect(() => requireDuration({ name: 'a.mp4' }, 'to aim for a file size')).toThrow(
      'Could not read the duration of a.mp4, which is needed to aim for a file size',
    );
  });
});
