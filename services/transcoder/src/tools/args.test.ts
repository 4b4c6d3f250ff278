import { FfmpegError } from '@mediakit/ffmpeg';
import { JobFailure } from '@mediakit/worker';
import { describe, expect, it } from 'vitest';
import {
  buildConvertToMp4Args,
  buildReencodeToMp4Args,
  buildRemuxToMp4Args,
  canRemuxToMp4,
} from './convert-to-mp4.ts';
import { formatSeconds, qualityToCrf } from './encoding.ts';
import { ffmpegTimeoutMs, toJobError } from './ffmpeg-step.ts';
import { baseName } from './output-name.ts';
import { buildTrimArgs, trimRange } from './trim-video.ts';

const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];
const EVEN = ['-vf', 'crop=trunc(iw/2)*2:trunc(ih/2)*2'];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];

describe('buildTrimArgs', () => {
  it('seeks before the input and re-encodes to H.264/AAC', () => {
    expect(
      buildTrimArgs({ input: '/in/a.mov', output: '/out/t.mp4', start: 1, end: 3.5, hasAudio: true }),
    ).toEqual([
      '-ss',
      '1',
      '-i',
      '/in/a.mov',
      '-t',
      '2.5',
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...EVEN,
      ...ENCODE,
      ...AAC,
      ...FASTSTART,
      '/out/t.mp4',
    ]);
  });

  it('leaves audio out for a silent video and keeps millisecond precision', () => {
    expect(
      buildTrimArgs({ input: '/in/a.mp4', output: '/out/t.mp4', start: 0.1, end: 0.3, hasAudio: false }),
    ).toEqual([
      '-ss',
      '0.1',
      '-i',
      '/in/a.mp4',
      '-t',
      '0.2',
      '-map',
      '0:v:0',
      ...EVEN,
      ...ENCODE,
      ...FASTSTART,
      '/out/t.mp4',
    ]);
  });
});

describe('trimRange', () => {
  it('clamps end to the duration', () => {
    expect(trimRange({ start: 1, end: 12 }, 10)).toEqual({ start: 1, end: 10 });
    expect(trimRange({ start: 1, end: 12 }, undefined)).toEqual({ start: 1, end: 12 });
  });
  it('rejects impossible ranges as the input/params fault', () => {
    expect(() => trimRange({ start: 3, end: 2 }, 10)).toThrow(JobFailure);
    expect(() => trimRange({ start: -1, end: 2 }, 10)).toThrow(JobFailure);
    expect(() => trimRange({ start: 10, end: 12 }, 10)).toThrow(/past the end/);
  });
});

describe('convert to MP4', () => {
  const base = { input: '/in/v', output: '/out/v.mp4' };
  const REMUX_HEAD = ['-i', '/in/v', '-map', '0:v:0', '-map', '0:a:0?', '-dn', '-sn', '-c', 'copy'];

  it('remuxes H.264 with AAC, MP3 or no audio', () => {
    for (const audio of [
      { hasAudio: true, audioCodec: 'aac' },
      { hasAudio: true, audioCodec: 'mp3' },
      { hasAudio: false },
    ]) {
      expect(buildConvertToMp4Args({ ...base, videoCodec: 'h264', ...audio })).toEqual([
        ...REMUX_HEAD,
        ...FASTSTART,
        '/out/v.mp4',
      ]);
    }
  });

  it('tags remuxed HEVC as hvc1', () => {
    expect(buildConvertToMp4Args({ ...base, videoCodec: 'hevc', audioCodec: 'aac', hasAudio: true })).toEqual(
      [...REMUX_HEAD, '-tag:v', 'hvc1', ...FASTSTART, '/out/v.mp4'],
    );
  });

  it('re-encodes VP9/Opus with the defaults', () => {
    expect(buildConvertToMp4Args({ ...base, videoCodec: 'vp9', audioCodec: 'opus', hasAudio: true })).toEqual(
      [
        '-i',
        '/in/v',
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-dn',
        '-sn',
        ...EVEN,
        ...ENCODE,
        ...AAC,
        ...FASTSTART,
        '/out/v.mp4',
      ],
    );
  });

  it('re-encodes H.264 whose audio MP4 cannot take as is, or is unknown', () => {
    expect(canRemuxToMp4({ videoCodec: 'h264', audioCodec: 'opus', hasAudio: true })).toBe(false);
    expect(canRemuxToMp4({ videoCodec: 'h264', audioCodec: undefined, hasAudio: true })).toBe(false);
    expect(canRemuxToMp4({ videoCodec: undefined, hasAudio: false })).toBe(false);
  });

  it('maps quality to CRF when re-encoding, silent input gets no audio encoder', () => {
    expect(buildReencodeToMp4Args({ ...base, videoCodec: 'mpeg4', hasAudio: false, quality: 100 })).toEqual([
      '-i',
      '/in/v',
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-dn',
      '-sn',
      ...EVEN,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '18',
      '-pix_fmt',
      'yuv420p',
      ...FASTSTART,
      '/out/v.mp4',
    ]);
  });

  it('the explicit remux builder ignores quality', () => {
    expect(buildRemuxToMp4Args({ ...base, videoCodec: 'h264', hasAudio: false, quality: 1 })).toEqual([
      ...REMUX_HEAD,
      ...FASTSTART,
      '/out/v.mp4',
    ]);
  });
});

describe('qualityToCrf', () => {
  it('maps 1..100 onto 40..18, default 23', () => {
    expect(qualityToCrf(undefined)).toBe(23);
    expect(qualityToCrf(100)).toBe(18);
    expect(qualityToCrf(1)).toBe(40);
    expect(qualityToCrf(78)).toBe(23);
    expect(qualityToCrf(500)).toBe(18);
    for (let q = 2; q <= 100; q++) expect(qualityToCrf(q)).toBeLessThanOrEqual(qualityToCrf(q - 1));
  });
});

describe('helpers', () => {
  it('formatSeconds', () => {
    expect(formatSeconds(0.1 + 0.2)).toBe('0.3');
    expect(formatSeconds(2)).toBe('2');
  });

  it('baseName strips folders, the extension and control characters', () => {
    expect(baseName('holiday.final.webm')).toBe('holiday.final');
    expect(baseName('../../etc/passwd')).toBe('passwd');
    expect(baseName('C:\\Users\\me\\clip.MOV')).toBe('clip');
    expect(baseName('a\u0000b\n.mp4')).toBe('ab');
    expect(baseName('..')).toBe('video');
    expect(baseName('')).toBe('video');
  });

  it('ffmpegTimeoutMs is max(60 s, 10 × duration)', () => {
    expect(ffmpegTimeoutMs(undefined)).toBe(60_000);
    expect(ffmpegTimeoutMs(2)).toBe(60_000);
    expect(ffmpegTimeoutMs(600)).toBe(6_000_000);
  });

  it('toJobError blames the input only when ffmpeg rejected it', () => {
    const rejected = new FfmpegError('x', {
      exitCode: 1,
      stderrTail: 'in.webm: Invalid data found when processing input\n',
    });
    const asJob = toJobError(rejected, 'Trimming', 60_000) as JobFailure;
    expect(asJob).toBeInstanceOf(JobFailure);
    expect(asJob.message).toBe('Trimming failed: in.webm: Invalid data found when processing input');
    expect(asJob.log).toContain('Invalid data');

    const timedOut = toJobError(new FfmpegError('t', { timedOut: true }), 'Trimming', 60_000);
    expect(timedOut).toBeInstanceOf(JobFailure);

    const diskFull = new FfmpegError('x', {
      exitCode: 1,
      stderrTail: 'av_interleaved_write_frame(): No space left on device',
    });
    expect(toJobError(diskFull, 'Trimming', 60_000)).toBe(diskFull);
    const oomKilled = new FfmpegError('x', { exitCode: null, exitSignal: 'SIGKILL' });
    expect(toJobError(oomKilled, 'Trimming', 60_000)).toBe(oomKilled);
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    expect(toJobError(abort, 'Trimming', 60_000)).toBe(abort);
  });
});
