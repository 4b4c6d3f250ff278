import { describe, expect, it } from 'vitest';
import { delaysFromFramemd5 } from './image-sequence.ts';

describe('delaysFromFramemd5', () => {
  it('takes each delay from the gap to the next timestamp, the last from its duration', () => {
    // What ffmpeg 5.1 writes with -enc_time_base -1 for a track of time base 1/1000.
    const text = [
      '#format: frame checksums',
      '#tb 0: 1/1000',
      '#media_type 0: video',
      '#stream#, dts,        pts, duration,     size, hash',
      '0,          0,          0,      100,    76800, 3b0b',
      '0,        100,        100,      250,    76800, 309e',
      '0,        350,        350,       40,    76800, 1a2b',
    ].join('\n');
    expect(delaysFromFramemd5(text, 3)).toEqual([100, 250, 40]);
  });

  it('gives the default 100 ms where a frame has no time', () => {
    expect(delaysFromFramemd5('#tb 0: 1/10\n0, 0, 0, 0, 76800, ab\n', 2)).toEqual([100, 100]);
  });
});
