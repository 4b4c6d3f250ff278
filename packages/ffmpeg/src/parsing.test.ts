import { describe, expect, it } from 'vitest';
import { FfmpegError, summarizeStderr } from './errors.ts';
import { parseProbeJson } from './ffprobe.ts';
import { parseFrameRate, streamFps } from './frame-rate.ts';
import { displayedSize, streamRotation } from './rotation.ts';
import { buildFfmpegArgs } from './run-ffmpeg.ts';
import { TailBuffer } from './tail-buffer.ts';

describe('parseFrameRate / streamFps', () => {
  it('parses rationals', () => {
    expect(parseFrameRate('30000/1001')).toBeCloseTo(29.97, 2);
    expect(parseFrameRate('25/1')).toBe(25);
    expect(parseFrameRate('24')).toBe(24);
  });
  it('rejects 0/0 and junk', () => {
    expect(parseFrameRate('0/0')).toBeUndefined();
    expect(parseFrameRate('1/0')).toBeUndefined();
    expect(parseFrameRate('abc')).toBeUndefined();
    expect(parseFrameRate(undefined)).toBeUndefined();
  });
  it('prefers avg_frame_rate and rounds to 3 decimals', () => {
    expect(streamFps({ avg_frame_rate: '30000/1001', r_frame_rate: '60/1' })).toBe(29.97);
  });
  it('falls back to r_frame_rate, but not to a timebase', () => {
    expect(streamFps({ avg_frame_rate: '0/0', r_frame_rate: '25/1' })).toBe(25);
    expect(streamFps({ avg_frame_rate: '0/0', r_frame_rate: '90000/1' })).toBeUndefined();
  });
  it('does not believe a guessed rate above 60 fps (a jittery ASF capture says 80/1 or 120/1)', () => {
    expect(streamFps({ avg_frame_rate: '0/0', r_frame_rate: '80/1' })).toBeUndefined();
    expect(streamFps({ avg_frame_rate: '0/0', r_frame_rate: '60/1' })).toBe(60);
    expect(streamFps({ avg_frame_rate: '120/1', r_frame_rate: '120/1' })).toBe(120);
  });
});

describe('streamRotation / displayedSize', () => {
  const matrix = (rotation: number) => [{ side_data_type: 'Display Matrix', rotation }];
  it('reads the display matrix, negative included', () => {
    expect(streamRotation({ side_data_list: matrix(90) })).toBe(90);
    expect(streamRotation({ side_data_list: matrix(-90) })).toBe(270);
    expect(streamRotation({ side_data_list: matrix(180) })).toBe(180);
  });
  it('falls back to the legacy rotate tag', () => {
    expect(streamRotation({ tags: { rotate: '270' } })).toBe(270);
    expect(streamRotation({})).toBe(0);
  });
  it('swaps width and height on quarter turns only', () => {
    expect(displayedSize({ width: 320, height: 240, side_data_list: matrix(-90) })).toEqual({
      width: 240,
      height: 320,
    });
    expect(displayedSize({ width: 320, height: 240, side_data_list: matrix(180) })).toEqual({
      width: 320,
      height: 240,
    });
    expect(displayedSize({ width: 0, height: 240 })).toBeUndefined();
  });
});

describe('TailBuffer', () => {
  it('keeps only the last bytes', () => {
    const t = new TailBuffer(10);
    t.push('0123456789');
    t.push('abc');
    expect(t.toString()).toBe('3456789abc');
    t.push('this is longer than ten');
    expect(t.toString()).toBe('r than ten');
  });
});

describe('summarizeStderr / FfmpegError', () => {
  it('skips the generic trailer lines', () => {
    const stderr =
      'Input #0...\n/tmp/x.mp4: Invalid data found when processing input\nConversion failed!\n\n';
    expect(summarizeStderr(stderr)).toBe('/tmp/x.mp4: Invalid data found when processing input');
    expect(summarizeStderr('')).toBeUndefined();
  });
  it('names the cause, not the encoder statistics printed after it (a damaged MP4, from the hostile corpus)', () => {
    const stderr = [
      '[h264 @ 0x5638e4ae1040] Invalid NAL unit size (1074724864 > 1276).',
      '[h264 @ 0x5638e4ae1040] Error splitting the input into NAL units.',
      'Error while decoding stream #0:0: Invalid data found when processing input',
      '    Last message repeated 2 times',
      'frame=   25 fps=0.0 q=-1.0 Lsize=      13kB time=00:00:01.00 bitrate= 105.6kbits/s',
      'video:7kB audio:4kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: 17%',
      '[libx264 @ 0x5638e4aa6e40] frame I:1     Avg QP:23.30  size:  2367',
      '[libx264 @ 0x5638e4aa6e40] kb/s:55.36',
      '[aac @ 0x5638e4aa5bc0] Qavg: 5241.810',
      'Conversion failed!',
    ].join('\n');
    expect(summarizeStderr(stderr)).toBe('[h264] Error splitting the input into NAL units.');
  });
  it('names an oversized frame rather than the filter graph giving up (MJPEG frames claiming 30000×30000)', () => {
    const stderr = [
      '[mjpeg @ 0x55a915e01900] [IMGUTILS @ 0x7ffd3c1faa60] Picture size 30000x30000 is invalid',
      'Error while decoding stream #0:0: Invalid data found when processing input',
      'Cannot determine format of input stream 0:0 after EOF',
      'Error marking filters as finished',
      'Conversion failed!',
    ].join('\n');
    expect(summarizeStderr(stderr)).toBe('[mjpeg] Picture size 30000x30000 is invalid');
  });
  it('exposes the tail and a reason', () => {
    const err = new FfmpegError('ffmpeg exited with code 1', { stderrTail: 'boom\n', exitCode: 1 });
    expect(err.name).toBe('FfmpegError');
    expect(err.reason).toBe('boom');
    expect(err.stderrTail).toBe('boom\n');
    expect(err.exitCode).toBe(1);
  });
});

describe('buildFfmpegArgs', () => {
  it('puts the fixed prefix first', () => {
    expect(buildFfmpegArgs(['-i', 'in.mp4', 'out.mp4'])).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-progress',
      'pipe:1',
      '-nostats',
      '-i',
      'in.mp4',
      'out.mp4',
    ]);
  });
});

describe('parseProbeJson', () => {
  it('defaults missing streams to []', () => {
    expect(parseProbeJson('{"format":{"format_name":"mp3"}}')).toEqual({
      streams: [],
      format: { format_name: 'mp3' },
    });
  });
  it('rejects junk with an FfmpegError', () => {
    expect(() => parseProbeJson('not json')).toThrow(FfmpegError);
    expect(() => parseProbeJson('{}')).toThrow(/no container format/);
  });
});
