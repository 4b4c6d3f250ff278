import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_VIDEO_LIMITS } from '@mediakit/catalog';
import type { JobInput } from '@mediakit/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCtx, jobInput } from '../../test/composition-media.ts';
import { guardHandler } from '../guard.ts';
import { inputStreams } from './input-streams.ts';
import { resizeVideo } from './resize-video.ts';
import { speedVideo } from './speed-up-down-video.ts';

const run = promisify(execFile);

/**
 * A live HLS stream whose sound reaches the segmenter 2 s after the picture: the first 1 s segment
 * declares an AAC track that holds no packet (ffprobe: sample_rate 0, 0 channels). Players play
 * the picture; the tools used to map the track and fail with "Error configuring filter graph".
 */
let dir: string;
let segment: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-input-streams-'));
  await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-itsoffset', '2'],
      ...['-f', 'lavfi', '-i', 'sine=sample_rate=48000', '-t', '3', '-map', '0:v', '-map', '1:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-sc_threshold', '0', '-c:a', 'aac'],
      ...['-f', 'hls', '-hls_time', '1', '-hls_segment_filename', 'live%d.ts', 'live.m3u8'],
    ],
    { cwd: dir },
  );
  segment = join(dir, 'live0.ts');
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function probeOutput(path: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-count_frames', '-print_format', 'json', '-show_streams', '-show_format', path],
  ]);
  return JSON.parse(stdout) as {
    streams: { codec_type: string; nb_read_frames?: string }[];
    format: { duration: string };
  };
}

/** The input as a record written before the files service skipped empty tracks: "has audio". */
async function staleInput(path: string): Promise<JobInput> {
  return { ...(await jobInput(path, 'live0.ts')), hasAudio: true, audioCodec: 'aac' };
}

describe('inputStreams', () => {
  it('without the guard’s probe follows the stored record', async () => {
    expect(inputStreams(await staleInput(segment))).toEqual({ hasAudio: true });
    expect(inputStreams({ ...(await staleInput(segment)), hasAudio: undefined }, false)).toEqual({
      hasAudio: false,
    });
  });

  it('after the guard, takes the video by index and no audio from a track that holds none', async () => {
    const input = await staleInput(segment);
    const { ctx } = await fakeCtx(dir, 'resize-video', [input], {});
    let seen: unknown;
    await guardHandler(async () => {
      seen = inputStreams(input);
      return [];
    }, DEFAULT_VIDEO_LIMITS)(ctx);
    expect(seen).toEqual({ hasAudio: false, videoStream: '0', videoTimeBase: '1/90000' });
  });
});

describe('tools on a segment whose audio track is empty', () => {
  it('resize-video gives the picture, silent, every frame kept', async () => {
    const input = await staleInput(segment);
    const { ctx } = await fakeCtx(dir, 'resize-video', [input], { width: 80, height: 60 });
    const [out] = await guardHandler(resizeVideo, DEFAULT_VIDEO_LIMITS)(ctx);
    const probe = await probeOutput(out.path);
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(probe.streams[0].nb_read_frames).toBe('25');
  });

  it('speed-up-down-video too', async () => {
    const input = await staleInput(segment);
    const { ctx } = await fakeCtx(dir, 'speed-up-down-video', [input], { factor: 2 });
    const [out] = await guardHandler(speedVideo, DEFAULT_VIDEO_LIMITS)(ctx);
    const probe = await probeOutput(out.path);
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(Number(probe.format.duration)).toBeCloseTo(0.5, 1);
  });
});

describe('a stream after an empty one', () => {
  it('is the sound that is kept', async () => {
    // A second, real audio track (a commentary or a second language) after the empty one.
    await run(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-itsoffset', '2'],
        ...['-f', 'lavfi', '-i', 'sine=sample_rate=48000'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=44100'],
        ...['-t', '3', '-map', '0:v', '-map', '1:a', '-map', '2:a'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-sc_threshold', '0', '-c:a', 'aac'],
        ...['-f', 'hls', '-hls_time', '1', '-hls_segment_filename', 'two%d.ts', 'two.m3u8'],
      ],
      { cwd: dir },
    );
    const input = await jobInput(join(dir, 'two0.ts'), 'two0.ts');
    expect(input).toMatchObject({ hasAudio: true, audioCodec: 'aac' });
    const { ctx } = await fakeCtx(dir, 'resize-video', [input], { width: 80, height: 60 });
    const [out] = await guardHandler(resizeVideo, DEFAULT_VIDEO_LIMITS)(ctx);
    const probe = await probeOutput(out.path);
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video', 'audio']);
  });
});
