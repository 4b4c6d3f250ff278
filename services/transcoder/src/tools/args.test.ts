import type { ProbeResult } from '@mediakit/ffmpeg';
import { FfmpegError } from '@mediakit/ffmpeg';
import { JobFailure } from '@mediakit/worker';
import { describe, expect, it } from 'vitest';
import { SDR_BT709_TAGS as SDR_TAGS } from './colour.ts';
import {
  buildConvertToMp4Args,
  buildReencodeToMp4Args,
  buildRemuxToMp4Args,
  canCopyVideoToMp4,
  canRemuxToMp4,
  planMp4Conversion,
  sourceStreamsFromProbe,
} from './convert-to-mp4.ts';
import { formatSeconds, qualityToCrf } from './encoding.ts';
import { ffmpegTimeoutMs, toJobError } from './ffmpeg-step.ts';
import { baseName } from './output-name.ts';
import { buildTrimArgs, trimRange } from './trim-video.ts';

const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...SDR_TAGS];
const EVEN = ['-vf', 'crop=trunc(iw/2)*2:trunc(ih/2)*2'];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];
/** Each frame keeps its own time: no constant rate guessed from r_frame_rate. */
const KEEP = ['-fps_mode:v', 'vfr', '-enc_time_base:v', '-1'];

describe('buildTrimArgs', () => {
  it.each([
    [
      'seeks before the input and re-encodes to H.264/AAC',
      { input: '/in/a.mov', output: '/out/t.mp4', start: 1, end: 3.5, hasAudio: true },
      ['-ss', '1', '-i', '/in/a.mov', '-t', '2.5', '-map', '0:v:0', '-map', '0:a:0?'],
      AAC,
    ],
    [
      'leaves audio out for a silent video and keeps millisecond precision',
      { input: '/in/a.mp4', output: '/out/t.mp4', start: 0.1, end: 0.3, hasAudio: false },
      ['-ss', '0.1', '-i', '/in/a.mp4', '-t', '0.2', '-map', '0:v:0'],
      [],
    ],
  ])('%s', (_what, options, head, audio) => {
    expect(buildTrimArgs(options)).toEqual([
      ...head,
      ...EVEN,
      ...ENCODE,
      ...KEEP,
      ...audio,
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

describe('planMp4Conversion: the remux decision', () => {
  const h264 = { videoCodec: 'h264', pixFmt: 'yuv420p', width: 1920, height: 1080 };
  const hevc10 = { videoCodec: 'hevc', pixFmt: 'yuv420p10le', width: 3840, height: 2160 };

  it.each([
    // Everything copied: what phones, cameras and most MKV/TS/FLV downloads hold.
    ['H.264 + AAC', { ...h264, hasAudio: true, audioCodec: 'aac' }, 'copy', 'copy'],
    ['H.264 + MP3', { ...h264, hasAudio: true, audioCodec: 'mp3' }, 'copy', 'copy'],
    ['H.264, silent', { ...h264, hasAudio: false }, 'copy', 'none'],
    [
      'full-range H.264 + AAC',
      { ...h264, pixFmt: 'yuvj420p', hasAudio: true, audioCodec: 'aac' },
      'copy',
      'copy',
    ],
    ['HEVC 10-bit + AAC', { ...hevc10, hasAudio: true, audioCodec: 'aac' }, 'copy', 'copy'],
    // Video copied, audio encoded: the "partial remux".
    ['HEVC + Opus', { ...hevc10, hasAudio: true, audioCodec: 'opus' }, 'copy', 'encode'],
    ['H.264 + PCM (camera MOV)', { ...h264, hasAudio: true, audioCodec: 'pcm_s16le' }, 'copy', 'encode'],
    ['H.264 + AC-3', { ...h264, hasAudio: true, audioCodec: 'ac3' }, 'copy', 'encode'],
    ['H.264 + unknown audio', { ...h264, hasAudio: true }, 'copy', 'encode'],
    // Video encoded: then audio is encoded too, whatever it is.
    [
      'VP9 + Opus',
      { videoCodec: 'vp9', pixFmt: 'yuv420p', width: 320, height: 240, hasAudio: true, audioCodec: 'opus' },
      'encode',
      'encode',
    ],
    [
      'MPEG-4 Part 2 + MP3',
      { videoCodec: 'mpeg4', pixFmt: 'yuv420p', width: 320, height: 240, hasAudio: true, audioCodec: 'mp3' },
      'encode',
      'encode',
    ],
    [
      'ProRes, silent',
      { videoCodec: 'prores', pixFmt: 'yuv422p10le', width: 320, height: 240, hasAudio: false },
      'encode',
      'none',
    ],
    [
      'H.264 4:4:4 (does not play in browsers)',
      { ...h264, pixFmt: 'yuv444p', hasAudio: true, audioCodec: 'aac' },
      'encode',
      'encode',
    ],
    ['H.264 High 10', { ...h264, pixFmt: 'yuv420p10le', hasAudio: false }, 'encode', 'none'],
    ['H.264 of odd width', { ...h264, width: 321, hasAudio: false }, 'encode', 'none'],
    ['H.264 of odd height', { ...h264, height: 241, hasAudio: false }, 'encode', 'none'],
    ['H.264 of unknown size', { videoCodec: 'h264', pixFmt: 'yuv420p', hasAudio: false }, 'encode', 'none'],
    [
      'H.264 of unknown pixel format',
      { videoCodec: 'h264', width: 2, height: 2, hasAudio: false },
      'encode',
      'none',
    ],
    ['no video stream found', { hasAudio: true, audioCodec: 'aac' }, 'encode', 'encode'],
  ] as const)('%s → video %s, audio %s', (_what, streams, video, audio) => {
    expect(planMp4Conversion(streams)).toEqual({ video, audio });
    expect(canRemuxToMp4(streams)).toBe(video === 'copy' && audio !== 'encode');
  });

  it('canCopyVideoToMp4 needs a known, playable codec and pixel format at an even size', () => {
    expect(canCopyVideoToMp4(h264)).toBe(true);
    expect(canCopyVideoToMp4({ ...h264, videoCodec: 'av1' })).toBe(false);
    expect(canCopyVideoToMp4({ ...h264, width: 0 })).toBe(false);
    expect(canCopyVideoToMp4({ ...hevc10, pixFmt: 'yuv422p10le' })).toBe(false);
  });
});

describe('buildConvertToMp4Args', () => {
  const io = { input: '/in/v', output: '/out/v.mp4' };
  const h264 = { videoCodec: 'h264', pixFmt: 'yuv420p', width: 320, height: 240 };
  const IN = ['-i', '/in/v'];
  const MAP_VIDEO = ['-map', '0:V:0'];
  const MAP_BOTH = [...MAP_VIDEO, '-map', '0:a:0'];
  const COPY_VIDEO = ['-c:v', 'copy'];
  const COPY_AUDIO = ['-c:a', 'copy'];
  const HVC1 = ['-tag:v', 'hvc1'];
  const TAIL = ['-write_tmcd', '0', ...FASTSTART, '/out/v.mp4'];
  const FILTERS = ['-vf', 'yadif=deint=interlaced,crop=trunc(iw/2)*2:trunc(ih/2)*2'];
  const ENCODE_VIDEO = [...FILTERS, ...ENCODE, ...KEEP];
  const hevc = { videoCodec: 'hevc', pixFmt: 'yuv420p', width: 320, height: 240 };

  it.each([
    [
      'remuxes H.264 + AAC, AAC through aac_adtstoasc (ADTS in MPEG-TS)',
      { ...h264, hasAudio: true, audioCodec: 'aac', format: 'mpeg-ts' },
      [...IN, ...MAP_BOTH, ...COPY_VIDEO, ...COPY_AUDIO, '-bsf:a', 'aac_adtstoasc', ...TAIL],
    ],
    [
      'remuxes H.264 + MP3, ignoring quality',
      { ...h264, hasAudio: true, audioCodec: 'mp3', quality: 1 },
      [...IN, ...MAP_BOTH, ...COPY_VIDEO, ...COPY_AUDIO, ...TAIL],
    ],
    ['remuxes a silent H.264', { ...h264, hasAudio: false }, [...IN, ...MAP_VIDEO, ...COPY_VIDEO, ...TAIL]],
    [
      'rebuilds presentation times when copying out of AVI',
      { ...h264, hasAudio: false, format: 'avi' },
      ['-fflags', '+genpts', ...IN, ...MAP_VIDEO, ...COPY_VIDEO, ...TAIL],
    ],
    [
      'copies HEVC tagged hvc1 and encodes its Opus to AAC (partial remux)',
      { ...hevc, hasAudio: true, audioCodec: 'opus' },
      [...IN, ...MAP_BOTH, ...COPY_VIDEO, ...HVC1, ...AAC, ...TAIL],
    ],
    [
      'encodes VP9 + Opus with the defaults: deinterlace if flagged, even size, H.264/AAC',
      { videoCodec: 'vp9', pixFmt: 'yuv420p', width: 321, height: 241, hasAudio: true, audioCodec: 'opus' },
      [...IN, ...MAP_BOTH, ...ENCODE_VIDEO, ...AAC, ...TAIL],
    ],
  ] as const)('%s', (_what, streams, expected) => {
    expect(buildConvertToMp4Args({ ...io, ...streams })).toEqual(expected);
  });

  it('needs no rebuilt presentation times when encoding out of AVI: encoding reorders frames', () => {
    expect(buildConvertToMp4Args({ ...io, videoCodec: 'mpeg4', hasAudio: false, format: 'avi' })[0]).toBe(
      '-i',
    );
  });

  it('maps quality to CRF when encoding; a silent input gets no audio map or encoder', () => {
    const crf18 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p'];
    expect(buildReencodeToMp4Args({ ...io, videoCodec: 'mpeg4', hasAudio: false, quality: 100 })).toEqual([
      ...IN,
      ...MAP_VIDEO,
      ...FILTERS,
      ...crf18,
      ...SDR_TAGS,
      ...KEEP,
      ...TAIL,
    ]);
  });

  it('the explicit builders do what they say whatever the streams', () => {
    const tiny = { ...io, ...hevc, width: 2, height: 2, hasAudio: true, audioCodec: 'opus' };
    expect(buildReencodeToMp4Args(tiny)).toEqual([...IN, ...MAP_BOTH, ...ENCODE_VIDEO, ...AAC, ...TAIL]);
    expect(buildRemuxToMp4Args(tiny)).toEqual([
      ...IN,
      ...MAP_BOTH,
      ...COPY_VIDEO,
      ...HVC1,
      ...COPY_AUDIO,
      ...TAIL,
    ]);
  });
});

describe('sourceStreamsFromProbe', () => {
  it('takes the first video that is not cover art and the first audio track', () => {
    const probe: ProbeResult = {
      format: { format_name: 'matroska,webm' },
      streams: [
        {
          index: 0,
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 600,
          height: 600,
          disposition: { attached_pic: 1 },
        },
        { index: 1, codec_type: 'audio', codec_name: 'opus' },
        {
          index: 2,
          codec_type: 'video',
          codec_name: 'hevc',
          pix_fmt: 'yuv420p10le',
          width: 3840,
          height: 2160,
        },
        { index: 3, codec_type: 'audio', codec_name: 'aac' },
        { index: 4, codec_type: 'subtitle', codec_name: 'subrip' },
      ],
    };
    expect(sourceStreamsFromProbe(probe)).toEqual({
      videoCodec: 'hevc',
      pixFmt: 'yuv420p10le',
      width: 3840,
      height: 2160,
      hasAudio: true,
      audioCodec: 'opus',
      videoIndex: 2,
      audioIndex: 1,
    });
    expect(sourceStreamsFromProbe({ format: { format_name: 'mov' }, streams: [] })).toEqual({
      hasAudio: false,
    });
  });
});

describe('streams that hold nothing', () => {
  // ffprobe 5.1 on an HLS segment cut before the live encoder's audio started (corpus hls-empty-audio).
  const segment: ProbeResult = {
    format: { format_name: 'mpegts' },
    streams: [
      {
        index: 0,
        codec_type: 'video',
        codec_name: 'h264',
        pix_fmt: 'yuv420p',
        width: 426,
        height: 240,
        time_base: '1/90000',
      },
      { index: 1, codec_type: 'audio', codec_name: 'aac', sample_rate: '0', channels: 0 },
      { index: 2, codec_type: 'audio', codec_name: 'mp3', sample_rate: '44100', channels: 2 },
    ],
  };

  it('are not mapped: the audio is the first track that holds sound, by its index', () => {
    const streams = sourceStreamsFromProbe(segment);
    expect(streams).toMatchObject({ hasAudio: true, audioCodec: 'mp3', audioIndex: 2, videoIndex: 0 });
    expect(buildConvertToMp4Args({ ...streams, input: '/in/v', output: '/out/v.mp4' })).toContain('copy');
    const args = buildReencodeToMp4Args({ ...streams, input: '/in/v', output: '/out/v.mp4' });
    expect(args.slice(0, 6)).toEqual(['-i', '/in/v', '-map', '0:0', '-map', '0:2']);
    // The encoder keeps the input's 90 kHz clock, so no frame is moved onto a guessed rate's grid.
    expect(args.join(' ')).toContain('-fps_mode:v vfr -enc_time_base:v 1/90000');
  });

  it('leave a file whose only audio is empty silent', () => {
    const streams = sourceStreamsFromProbe({ ...segment, streams: segment.streams.slice(0, 2) });
    expect(streams.hasAudio).toBe(false);
    const args = buildConvertToMp4Args({ ...streams, input: '/in/v', output: '/out/v.mp4' });
    expect(args).not.toContain('0:1');
    expect(args.filter((a) => a === '-map')).toHaveLength(1);
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
    const asJob = toJobError(rejected, 'Trimming', 60_000, { name: 'holiday.webm' }) as JobFailure;
    expect(asJob).toBeInstanceOf(JobFailure);
    expect(asJob.message).toMatch(
      /^holiday\.webm is damaged or incomplete .*Upload the complete original file\.$/,
    );
    expect(asJob.message).not.toContain('Invalid data');
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
