import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRateScanArgs, PacketRate } from './frame-rate-scan.ts';
import { inspectFile } from './inspect.ts';

/**
 * Files a player plays that the platform used to refuse or misread (issue 24): phone 3GP/3G2, an
 * HLS segment whose declared audio track holds no packet, and an ASF capture with jittery times.
 * Made here by ffmpeg's own muxers as phones, segmenters and Windows write them.
 */

const run = promisify(execFile);
const ffmpeg = (cwd: string, ...args: string[]) =>
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd });

let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-media-phone-'));
  const qcif = ['-f', 'lavfi', '-i', 'testsrc2=size=176x144:rate=15:duration=1'];
  const tone = ['-f', 'lavfi', '-i', 'sine=sample_rate=8000:duration=1'];
  await Promise.all([
    ffmpeg(dir, ...qcif, ...tone, '-c:v', 'h263', '-c:a', 'aac', '-ac', '1', '-f', '3gp', p('phone.3gp')),
    ffmpeg(dir, ...qcif, ...tone, '-c:v', 'libx264', '-c:a', 'aac', '-f', '3g2', p('phone.3g2')),
    // A live stream whose sound starts 2 s late: the first 1 s segment declares AAC but holds none.
    ffmpeg(
      dir,
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-itsoffset', '2'],
      ...['-f', 'lavfi', '-i', 'sine=sample_rate=48000', '-t', '3', '-map', '0:v', '-map', '1:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-sc_threshold', '0', '-c:a', 'aac'],
      ...['-f', 'hls', '-hls_time', '1', '-hls_segment_filename', 'live%d.ts', 'live.m3u8'],
    ),
    // Windows ASF: 1 ms time base, frame times off the 15 fps grid by up to 18 ms, no average rate.
    ffmpeg(
      dir,
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=15:duration=2'],
      ...['-vf', 'settb=1/1000,setpts=(N*1000/15+9*mod(N*7\\,3))/1000/TB', '-fps_mode', 'passthrough'],
      ...['-enc_time_base:v', '1/1000', '-c:v', 'wmv2', '-f', 'asf', p('capture.wmv')],
    ),
  ]);
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('phone videos', () => {
  it('reads a 3GP and a 3G2 as video formats of their own', async () => {
    expect(await inspectFile(p('phone.3gp'))).toMatchObject({
      format: '3gp',
      mime: 'video/3gpp',
      media: 'video',
      width: 176,
      height: 144,
      videoCodec: 'h263',
      hasAudio: true,
    });
    expect(await inspectFile(p('phone.3g2'))).toMatchObject({
      format: '3g2',
      mime: 'video/3gpp2',
      media: 'video',
      videoCodec: 'h264',
    });
  });
});

describe('streams that hold nothing', () => {
  it('an HLS segment whose declared audio never got a packet has no audio', async () => {
    const info = await inspectFile(p('live0.ts'));
    expect(info).toMatchObject({ format: 'mpeg-ts', media: 'video', videoCodec: 'h264', hasAudio: false });
    expect(info).not.toHaveProperty('audioCodec');
    // The segment after it, once the sound arrived, has it.
    expect(await inspectFile(p('live2.ts'))).toMatchObject({ hasAudio: true, audioCodec: 'aac' });
  });
});

describe('frame rates ffprobe only guesses', () => {
  it('measures the rate of a jittery ASF capture instead of taking the guess (40 fps for 15)', async () => {
    const info = await inspectFile(p('capture.wmv'));
    expect(info).toMatchObject({ format: 'wmv', videoCodec: 'wmv2' });
    expect(info?.fps).toBeGreaterThan(14.5);
    expect(info?.fps).toBeLessThan(15.5);
  });
});

describe('PacketRate', () => {
  it('counts intervals over the span, skipping N/A, and needs two distinct times', () => {
    const rate = new PacketRate();
    for (const line of ['0.046', '0.121', 'N/A', '0.197', '', '0.246']) rate.add(line);
    expect(rate.fps).toBe(15);
    const one = new PacketRate();
    one.add('1.0');
    expect(one.fps).toBeUndefined();
  });

  it('reads one stream of the local file only, with the demuxer the header probe chose', () => {
    const args = buildRateScanArgs('-x.wmv', 'asf', 0);
    expect(args).toEqual(expect.arrayContaining(['-protocol_whitelist', 'file', '-f', 'asf']));
    expect(args.slice(args.indexOf('-select_streams'), args.indexOf('-select_streams') + 2)).toEqual([
      '-select_streams',
      '0',
    ]);
    expect(args.at(-1)).toMatch(/^\/.*\/-x\.wmv$/);
  });
});
