import { describe, expect, it } from 'vitest';
import { ProgressParser, ProgressTracker, progressPercent, progressSeconds } from './progress.ts';

// Shape of a real ffmpeg 5.1 `-progress` block.
const block = (outTimeUs: string, progress = 'continue') =>
  [
    'frame=50',
    'fps=0.00',
    'bitrate=N/A',
    'total_size=48',
    `out_time_us=${outTimeUs}`,
    `out_time_ms=${outTimeUs}`,
    'out_time=00:00:01.000000',
    'dup_frames=0',
    'drop_frames=0',
    'speed=1.99x',
    `progress=${progress}`,
    '',
  ].join('\n');

describe('ProgressParser', () => {
  it('emits one block per progress= line', () => {
    const parser = new ProgressParser();
    const blocks = parser.push(block('1000000') + block('2000000', 'end'));
    expect(blocks).toHaveLength(2);
    expect(blocks[0].out_time_us).toBe('1000000');
    expect(blocks[1].progress).toBe('end');
  });

  it('reassembles lines cut across chunks', () => {
    const parser = new ProgressParser();
    const text = block('1500000');
    const cut = text.indexOf('out_time_us=') + 15;
    expect(parser.push(text.slice(0, cut))).toEqual([]);
    const [b] = parser.push(text.slice(cut));
    expect(b.out_time_us).toBe('1500000');
    expect(b.frame).toBe('50');
  });

  it('ignores blank and malformed lines and tolerates CRLF', () => {
    const parser = new ProgressParser();
    const [b] = parser.push('garbage\r\n\r\nout_time_us=5\r\nprogress=continue\r\n');
    expect(b).toEqual({ out_time_us: '5', progress: 'continue' });
  });
});

describe('progressSeconds', () => {
  it('prefers out_time_us', () => {
    expect(progressSeconds({ out_time_us: '2500000', out_time_ms: '1' })).toBe(2.5);
  });
  it('reads out_time_ms as microseconds (ffmpeg naming bug)', () => {
    expect(progressSeconds({ out_time_us: 'N/A', out_time_ms: '3000000' })).toBe(3);
  });
  it('falls back to out_time clock', () => {
    expect(progressSeconds({ out_time: '01:02:03.500000' })).toBe(3723.5);
    expect(progressSeconds({ out_time: '-00:00:00.040000' })).toBeCloseTo(-0.04);
  });
  it('is undefined while ffmpeg reports N/A', () => {
    expect(progressSeconds({ out_time_us: 'N/A', out_time_ms: 'N/A', out_time: 'N/A' })).toBeUndefined();
  });
});

describe('progressPercent', () => {
  it('is relative to the duration', () => {
    expect(progressPercent({ out_time_us: '1000000' }, 4)).toBe(25);
  });
  it('clamps to 0..99.9', () => {
    expect(progressPercent({ out_time_us: '-40000' }, 4)).toBe(0);
    expect(progressPercent({ out_time_us: '9000000', progress: 'end' }, 4)).toBe(99.9);
  });
  it('is undefined without a usable duration', () => {
    expect(progressPercent({ out_time_us: '1000000' }, undefined)).toBeUndefined();
    expect(progressPercent({ out_time_us: '1000000' }, 0)).toBeUndefined();
  });
});

describe('ProgressTracker', () => {
  it('only reports forward movement', () => {
    const t = new ProgressTracker(10);
    expect(t.update({ out_time_us: 'N/A' })).toBeUndefined();
    expect(t.update({ out_time_us: '0' })).toBe(0);
    expect(t.update({ out_time_us: '2000000' })).toBe(20);
    expect(t.update({ out_time_us: '1900000' })).toBeUndefined();
    expect(t.update({ out_time_us: '2000000' })).toBeUndefined();
    expect(t.update({ out_time_us: '5000000' })).toBe(50);
  });
});
