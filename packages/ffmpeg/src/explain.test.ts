import { hasRawToolText } from '@mediakit/kit';
import { describe, expect, it } from 'vitest';
import { FfmpegError } from './errors.ts';
import {
  classifyFfmpegError,
  classifyStderr,
  describeCodec,
  type FailureKind,
  failureSentence,
} from './explain.ts';
import type { ProbeResult } from './probe-types.ts';

// Stderr tails as ffmpeg 5.1 prints them for each kind of input (captured from real runs).
const SAMPLES: [FailureKind, string][] = [
  [
    'damaged',
    '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55e90ce3f8c0] moov atom not found\n/tmp/mk-12-ab/in/0.mp4: Invalid data found when processing input\n',
  ],
  [
    'damaged',
    '[matroska,webm @ 0x5581] EBML header parsing failed\n/tmp/x.webm: Invalid data found when processing input',
  ],
  [
    'damaged',
    '[h264 @ 0x5561] Invalid NAL unit size (8412 > 3012).\n[h264 @ 0x5561] Error splitting the input into NAL units.\n',
  ],
  [
    'unsupported',
    'Stream mapping:\n  Stream #0:0 -> #0:0 (? (?) -> h264 (libx264))\nDecoder (codec none) not found for input stream #0:0\n',
  ],
  ['no-video', "Stream map '0:V:0' matches no streams.\nTo ignore this, add a trailing '?' to the map.\n"],
  [
    'filter',
    '[libx264 @ 0x55af9a538980] width not divisible by 2 (321x241)\nError initializing output stream 0:0 -- Error while opening encoder for output stream #0:0 - maybe incorrect parameters such as bit_rate, rate, width or height\nConversion failed!\n',
  ],
  [
    'filter',
    '[Parsed_crop_0 @ 0x55] Invalid too big or non positive size for width 1000 or height 1000\nError reinitializing filters!\nFailed to inject frame into filter network: Invalid argument\n',
  ],
  [
    'ours',
    "[AVFilterGraph @ 0x557f0eb99440] No such filter: 'zscale'\nError initializing complex filters.\nInvalid argument\n",
  ],
  ['ours', 'av_interleaved_write_frame(): No space left on device\n'],
  ['unknown', 'something ffmpeg never said before\n'],
];

const probeOf = (codec_name: string, codec_tag_string: string): ProbeResult => ({
  format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2' },
  streams: [{ index: 0, codec_type: 'video', codec_name, codec_tag_string }],
});

describe('explaining ffmpeg failures', () => {
  it.each(SAMPLES)('reads %s from stderr', (kind, stderr) => {
    expect(classifyStderr(stderr)).toBe(kind);
  });

  it.each(SAMPLES)('says %s in a sentence with no tool text, address or path', (kind, stderr) => {
    const sentence = failureSentence(classifyStderr(stderr), {
      name: 'holiday.mov',
      what: 'Resizing',
      probe: probeOf('unknown', 'aprn'),
    });
    expect(sentence, kind).toMatch(/^[A-Z0-9a-z].*\.$/);
    expect(hasRawToolText(sentence), sentence).toBe(false);
    expect(sentence).not.toMatch(/Invalid data|moov|NAL|Decoder|libx264/);
  });

  it('names the codec a camera wrote, or the unknown tag', () => {
    expect(describeCodec({ codec_name: 'unknown', codec_tag_string: 'aprn' })).toBe('the ProRes RAW codec');
    expect(describeCodec({ codec_name: 'unknown', codec_tag_string: 'zzzz' })).toBe(
      'a video codec we do not recognise (its tag is "zzzz")',
    );
    expect(describeCodec({ codec_name: 'hevc', codec_tag_string: 'hvc1' })).toBe('the HEVC (H.265) codec');
    const sentence = failureSentence('unsupported', {
      name: 'A001.mov',
      what: 'Reading it',
      probe: probeOf('unknown', 'aprn'),
    });
    expect(sentence).toMatch(/^A001\.mov uses the ProRes RAW codec, which we cannot decode\. Export it/);
  });

  it('tells the owner of a sound-only file to export audio, not video', () => {
    expect(failureSentence('unknown', { name: 'memo.m4a', what: 'Trimming', media: 'audio' })).toBe(
      'Trimming failed on memo.m4a: the file may be damaged or use a feature we do not support. Try exporting it again as MP3, WAV or FLAC and upload that.',
    );
    expect(failureSentence('unsupported', { name: 'old.wma', media: 'audio' })).toBe(
      'old.wma uses a sound codec we cannot decode. Export it again as MP3, WAV or FLAC and upload that.',
    );
    expect(failureSentence('unknown', { name: 'clip.mp4', media: 'video' })).toMatch(/as MP4 \(H\.264\)/);
  });

  it('blames us for kills we did not send and for a clean exit that still failed', () => {
    expect(classifyFfmpegError(new FfmpegError('x', { exitCode: null, exitSignal: 'SIGKILL' }))).toBe('ours');
    expect(
      classifyFfmpegError(new FfmpegError('x', { exitCode: 1, stderrTail: 'moov atom not found' })),
    ).toBe('damaged');
  });
});
