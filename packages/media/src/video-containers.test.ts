import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScanArgs, demuxerOf, PacketSpan, scanDuration } from './duration-scan.ts';
import { inspectFile } from './inspect.ts';
import { parseClock, probeDuration } from './inspect-av.ts';

/**
 * Every kind of file the seven video converters take (mov, avi, wmv, mkv, flv, mpeg-ts, webm), as
 * the cameras, recorders and old tools that make them write them, made here with ffmpeg: each must
 * be read as its catalog format under the MIME type the converter accepts.
 */

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

// 1 s of 320x240 @ 25 fps with a tone; 44.1 kHz because FLV's MP3 allows no 48 kHz.
const VIDEO = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1'];
const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=1'];
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const VP9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'];
const VP8 = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'];
const X265 = ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'];

/** [file, ffmpeg codec args, expected format, MIME, video codec, audio codec]. */
const CASES: readonly (readonly [string, string[], string, string, string, string])[] = [
  ['h264-aac.mov', [...X264, '-c:a', 'aac'], 'mov', 'video/quicktime', 'h264', 'aac'],
  [
    'prores-pcm.mov',
    ['-c:v', 'prores_ks', '-c:a', 'pcm_s16le'],
    'mov',
    'video/quicktime',
    'prores',
    'pcm_s16le',
  ],
  ['mpeg4-mp3.avi', ['-c:v', 'mpeg4', '-c:a', 'libmp3lame'], 'avi', 'video/x-msvideo', 'mpeg4', 'mp3'],
  ['mjpeg-pcm.avi', ['-c:v', 'mjpeg', '-c:a', 'pcm_s16le'], 'avi', 'video/x-msvideo', 'mjpeg', 'pcm_s16le'],
  ['wmv2-wmav2.wmv', ['-c:v', 'wmv2', '-c:a', 'wmav2'], 'wmv', 'video/x-ms-wmv', 'wmv2', 'wmav2'],
  ['h264-aac.mkv', [...X264, '-c:a', 'aac'], 'mkv', 'video/x-matroska', 'h264', 'aac'],
  ['hevc-opus.mkv', [...X265, '-c:a', 'libopus'], 'mkv', 'video/x-matroska', 'hevc', 'opus'],
  ['vp9-vorbis.mkv', [...VP9, '-c:a', 'libvorbis'], 'mkv', 'video/x-matroska', 'vp9', 'vorbis'],
  ['h264-aac.flv', [...X264, '-c:a', 'aac'], 'flv', 'video/x-flv', 'h264', 'aac'],
  ['flv1-mp3.flv', ['-c:v', 'flv1', '-c:a', 'libmp3lame'], 'flv', 'video/x-flv', 'flv1', 'mp3'],
  ['h264-aac.ts', [...X264, '-c:a', 'aac'], 'mpeg-ts', 'video/mp2t', 'h264', 'aac'],
  ['mpeg2-mp2.ts', ['-c:v', 'mpeg2video', '-c:a', 'mp2'], 'mpeg-ts', 'video/mp2t', 'mpeg2video', 'mp2'],
  ['vp8-vorbis.webm', [...VP8, '-c:a', 'libvorbis'], 'webm', 'video/webm', 'vp8', 'vorbis'],
  ['vp9-opus.webm', [...VP9, '-c:a', 'libopus'], 'webm', 'video/webm', 'vp9', 'opus'],
];

let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-media-containers-'));
  await Promise.all(
    CASES.map(([name, codecs]) => ffmpeg(...VIDEO, ...TONE, ...codecs, '-shortest', p(name))),
  );
  await Promise.all([
    // Blu-ray / AVCHD: MPEG-TS with 192-byte packets (a 4-byte timestamp before each).
    ffmpeg('-i', p('h264-aac.ts'), '-c', 'copy', '-f', 'mpegts', '-mpegts_m2ts_mode', '1', p('bluray.m2ts')),
    // A browser recording (MediaRecorder): written as it goes, so no length in the headers.
    run(
      'ffmpeg',
      ['-v', 'error', ...VIDEO, ...TONE, ...VP8, '-c:a', 'libopus', '-shortest', '-f', 'webm', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 64 << 20 },
    ).then(({ stdout }) => writeFile(p('recorded.webm'), stdout)),
  ]);
  // Old QuickTime files start with `wide`/`mdat`/`moov` atoms and no `ftyp`: drop ffmpeg's.
  const mov = await readFile(p('h264-aac.mov'));
  await writeFile(p('no-ftyp.mov'), mov.subarray(mov.readUInt32BE(0)));
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('inspectFile: what the video converters take', () => {
  it.each(CASES)('%s', async (name, _codecs, format, mime, videoCodec, audioCodec) => {
    const info = await inspectFile(p(name));
    expect(info).toMatchObject({
      format,
      mime,
      media: 'video',
      width: 320,
      height: 240,
      hasAudio: true,
      videoCodec,
      audioCodec,
    });
    expect(info?.duration).toBeGreaterThan(0.9);
    expect(info?.duration).toBeLessThan(1.2);
  });

  it('M2TS (192-byte packets) is MPEG-TS', async () => {
    expect(await inspectFile(p('bluray.m2ts'))).toMatchObject({
      format: 'mpeg-ts',
      mime: 'video/mp2t',
      videoCodec: 'h264',
    });
  });

  it('a QuickTime file without an ftyp atom is MOV', async () => {
    expect(await inspectFile(p('no-ftyp.mov'))).toMatchObject({
      format: 'mov',
      mime: 'video/quicktime',
      videoCodec: 'h264',
    });
  });

  it('a WebM with no length in its headers gets one from its packets', async () => {
    // The premise: ffprobe alone finds no duration anywhere in this file.
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=duration',
      '-of',
      'csv=p=0',
      p('recorded.webm'),
    ]);
    expect(stdout).not.toMatch(/\d/);
    const info = await inspectFile(p('recorded.webm'));
    expect(info).toMatchObject({ format: 'webm', mime: 'video/webm', videoCodec: 'vp8' });
    expect(info?.duration).toBeGreaterThan(0.95);
    expect(info?.duration).toBeLessThan(1.1);
  });
});

describe('scanDuration', () => {
  it('reads the span of the packets, and only for containers that can lack a length', async () => {
    expect(await scanDuration(p('recorded.webm'), 'matroska')).toBeCloseTo(1, 1);
    expect(await scanDuration(p('h264-aac.mov'), 'mov')).toBeUndefined();
    expect(await scanDuration(p('recorded.webm'), 'hls')).toBeUndefined();
  });

  it('is undefined when ffprobe fails, and throws when aborted', async () => {
    expect(await scanDuration(p('recorded.webm'), 'mpegts')).toBeUndefined();
    const controller = new AbortController();
    controller.abort();
    await expect(
      scanDuration(p('recorded.webm'), 'matroska', { signal: controller.signal }),
    ).rejects.toThrow();
  });

  it('forces the demuxer and allows local files only', () => {
    expect(buildScanArgs('-x.webm', 'matroska')).toEqual([
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      'matroska',
      '-show_entries',
      'packet=pts_time,dts_time,duration_time',
      '-of',
      'csv=p=0',
      join(process.cwd(), '-x.webm'),
    ]);
    expect(demuxerOf({ format: { format_name: 'matroska,webm' } })).toBe('matroska');
  });

  it('PacketSpan: first start to last end, skipping N/A, falling back to dts', () => {
    const span = new PacketSpan();
    expect(span.seconds).toBeUndefined();
    for (const line of [
      '1.400000,1.400000,0.021333',
      'N/A,N/A,N/A',
      '1.421333,1.380000,0.040000',
      'N/A,3.380000,0.040000',
      '3.000000,2.980000,N/A',
    ])
      span.add(line);
    expect(span.seconds).toBe(2.02);
  });
});

describe('probeDuration from Matroska DURATION tags', () => {
  it('uses the longest tag when the container has no duration', () => {
    expect(parseClock('00:01:02.500000000')).toBe(62.5);
    expect(parseClock('1:00:00')).toBe(3600);
    expect(parseClock('00:61:00')).toBeUndefined();
    expect(parseClock(undefined)).toBeUndefined();
    expect(
      probeDuration({
        format: { format_name: 'matroska,webm' },
        streams: [
          { index: 0, tags: { DURATION: '00:00:09.960000000' } },
          { index: 1, tags: { DURATION: '00:00:10.007000000' } },
        ],
      }),
    ).toBe(10.007);
  });
});
