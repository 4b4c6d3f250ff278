import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffprobe } from '@mediakit/ffmpeg';
import { inspectFile } from '@mediakit/media';
import type { JobInput, ToolContext } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4Converter } from './convert-to-mp4.ts';
import { converterHandlers } from './converters.ts';
import { handlers } from './index.ts';
import { trimVideo } from './trim-video.ts';
import { webmToMp4 } from './webm-to-mp4.ts';

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const AV5 = [
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=320x240:rate=25',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440',
  '-t',
  '5',
];

let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-transcoder-'));
  await Promise.all([
    ffmpeg(
      ...AV5,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      p('clip.mp4'),
    ),
    ffmpeg(
      ...AV5,
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-c:a',
      'libopus',
      p('clip.webm'),
    ),
    // Deliberately unlike our defaults (ultrafast, CRF 35) so a re-encode could not produce the same packets.
    ffmpeg(...AV5, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-c:a', 'aac', p('h264.mkv')),
    writeFile(p('garbage.webm'), Buffer.alloc(4096, 7)),
    // Phone-style HEVC with audio MP4 cannot copy: the video is copied, only the audio encoded.
    ffmpeg(
      ...AV5,
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-c:a',
      'libopus',
      p('hevc-opus.mkv'),
    ),
    // H.264 with B-frames in AVI: the container stores no presentation times.
    ffmpeg(
      ...AV5,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-bf',
      '3',
      '-c:a',
      'libmp3lame',
      p('bframes.avi'),
    ),
    // A TV recording: interlaced MPEG-2 (two fields of a fast horizontal scroll per frame).
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=50:duration=1',
      '-vf',
      'scroll=h=0.02,format=yuv420p,tinterlace=interleave_top,fieldorder=tff',
      '-c:v',
      'mpeg2video',
      '-q:v',
      '2',
      '-flags',
      '+ilme+ildct',
      '-top',
      '1',
      p('interlaced.ts'),
    ),
  ]);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function jobInput(path: string, name: string): Promise<JobInput> {
  const info = await inspectFile(path);
  if (!info) throw new Error(`test input ${path} not recognised`);
  return { ...info, fileId: name, path, name };
}

let jobs = 0;
async function fakeCtx<P>(
  tool: string,
  inputs: JobInput[],
  params: P,
  signal = new AbortController().signal,
) {
  const outDir = p(`out-${++jobs}`);
  await mkdir(outDir);
  const progress: number[] = [];
  const ctx: ToolContext<P> = {
    tool,
    inputs,
    params,
    outDir,
    signal,
    progress: (percent) => progress.push(percent),
    log: pino({ level: 'silent' }),
  };
  return { ctx, progress };
}

const videoPackets = async (path: string) =>
  (
    await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=size',
      '-of',
      'csv=p=0',
      path,
    ])
  ).stdout;

describe('handlers', () => {
  it('registers the seven video converters by catalog name, next to the tools', () => {
    const converters = ['mov', 'avi', 'wmv', 'mkv', 'flv', 'mpeg-ts', 'webm'].map((f) => `${f}-to-mp4`);
    expect(Object.keys(converterHandlers).sort()).toEqual([...converters].sort());
    for (const name of [...converters, 'trim-video']) expect(handlers[name], name).toBeTypeOf('function');
  });
});

describe('trim-video', () => {
  it('cuts 1.0 → 3.0 of a 5 s clip into a 2 s H.264/AAC MP4', async () => {
    const { ctx, progress } = await fakeCtx('trim-video', [await jobInput(p('clip.mp4'), 'holiday.mp4')], {
      start: 1,
      end: 3,
    });
    const [out, ...rest] = await trimVideo(ctx);
    expect(rest).toEqual([]);
    expect(out.name).toBe('holiday-trimmed.mp4');
    expect(out.path.startsWith(ctx.outDir)).toBe(true);

    const probe = await ffprobe(out.path);
    expect(probe.format.format_name).toContain('mp4');
    expect(Number(probe.format.duration)).toBeCloseTo(2, 1);
    expect(Math.abs(Number(probe.format.duration) - 2)).toBeLessThanOrEqual(0.1);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(probe.streams.find((s) => s.codec_type === 'video')?.pix_fmt).toBe('yuv420p');
    // +faststart: the index comes before the media data.
    const bytes = await readFile(out.path);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(progress.at(-1)).toBe(100);
  });

  it('fails as the input’s fault, with ffmpeg’s log, on a file ffmpeg cannot read', async () => {
    const fake: JobInput = {
      fileId: 'g',
      path: p('garbage.webm'),
      name: 'garbage.webm',
      format: 'webm',
      mime: 'video/webm',
      media: 'video',
      duration: 5,
      hasAudio: true,
    };
    const { ctx } = await fakeCtx('trim-video', [fake], { start: 1, end: 2 });
    const err = await trimVideo(ctx).catch((e) => e);
    expect(err).toBeInstanceOf(JobFailure);
    expect(err.message).toMatch(/^garbage\.webm is damaged or incomplete .*so trimming could not finish\./);
    expect(err.message).not.toMatch(/Invalid data|@ 0x|\/tmp/);
    expect(err.log).toMatch(/Invalid data found/);
  });

  it('stops and rejects with AbortError when the job is canceled', async () => {
    const controller = new AbortController();
    const { ctx } = await fakeCtx(
      'trim-video',
      [await jobInput(p('clip.webm'), 'c.webm')],
      { start: 0, end: 5 },
      controller.signal,
    );
    controller.abort();
    const err = await trimVideo(ctx).catch((e) => e);
    expect(err.name).toBe('AbortError');
  });
});

describe('webm-to-mp4', () => {
  it('re-encodes VP9/Opus to H.264/AAC of the same duration', async () => {
    const input = await jobInput(p('clip.webm'), 'screen recording.webm');
    expect(input).toMatchObject({ videoCodec: 'vp9', audioCodec: 'opus' });
    const { ctx, progress } = await fakeCtx('webm-to-mp4', [input], {});
    const [out] = await webmToMp4(ctx);
    expect(out.name).toBe('screen recording.mp4');

    const probe = await ffprobe(out.path);
    expect(probe.format.format_name).toContain('mp4');
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(Number(probe.format.duration) - (input.duration ?? 0))).toBeLessThanOrEqual(0.1);
    expect(progress.at(-1)).toBe(100);
  });
});

describe('convert to MP4 (shared by the converters)', () => {
  it('remuxes H.264/AAC from MKV: the video packets are copied byte for byte', async () => {
    const input = await jobInput(p('h264.mkv'), 'movie.mkv');
    const { ctx } = await fakeCtx('mkv-to-mp4', [input], { quality: 10 });
    const started = performance.now();
    const [out] = await makeMp4Converter()(ctx);
    const elapsed = performance.now() - started;

    const probe = await ffprobe(out.path);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(await videoPackets(out.path)).toBe(await videoPackets(p('h264.mkv')));
    expect(Math.abs(Number(probe.format.duration) - (input.duration ?? 0))).toBeLessThanOrEqual(0.1);
    // A copy of 5 s of 320x240 takes a few tens of ms plus process start.
    expect(elapsed).toBeLessThan(2000);
  });

  it('probes codecs itself when the stored MediaInfo lacks them', async () => {
    const { videoCodec: _v, audioCodec: _a, ...old } = await jobInput(p('h264.mkv'), 'old.mkv');
    const { ctx } = await fakeCtx('mkv-to-mp4', [old], {});
    const [out] = await makeMp4Converter()(ctx);
    expect(await videoPackets(out.path)).toBe(await videoPackets(p('h264.mkv')));
  });
});

describe('convert to MP4: real-world inputs', () => {
  it('copies HEVC (tagged hvc1) and encodes only its Opus to AAC', async () => {
    const input = await jobInput(p('hevc-opus.mkv'), 'phone.mkv');
    const { ctx } = await fakeCtx('mkv-to-mp4', [input], {});
    const [out] = await converterHandlers['mkv-to-mp4'](ctx);
    expect(out.name).toBe('phone.mp4');
    const probe = await ffprobe(out.path);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'hevc', codec_tag_string: 'hvc1' });
    expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(await videoPackets(out.path)).toBe(await videoPackets(p('hevc-opus.mkv')));
  });

  it('copies H.264 with B-frames out of AVI with real presentation times', async () => {
    const input = await jobInput(p('bframes.avi'), 'old.avi');
    expect(input).toMatchObject({ format: 'avi', videoCodec: 'h264', audioCodec: 'mp3' });
    const { ctx } = await fakeCtx('avi-to-mp4', [input], {});
    const [out] = await converterHandlers['avi-to-mp4'](ctx);
    // Copied, not encoded: the same pictures come out (AVI's in-band parameter sets move into the
    // MP4 header, so packet sizes differ by a few bytes and are no proof here).
    expect(await decodedFrames(out.path)).toEqual(await decodedFrames(p('bframes.avi')));
    expect(await ffprobe(out.path).then((r) => r.streams.map((st) => st.codec_name))).toEqual([
      'h264',
      'mp3',
    ]);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts,dts',
      '-of',
      'csv=p=0',
      out.path,
    ]);
    const packets = stdout
      .trim()
      .split('\n')
      .map((line) => line.split(',').map(Number));
    // B-frames are shown after the frames decoded before them: pts ≠ dts for some, and every frame
    // has its own time. Without rebuilt times the muxer writes pts = dts and plays them out of order.
    expect(packets.some(([pts, dts]) => pts !== dts)).toBe(true);
    expect(new Set(packets.map(([pts]) => pts)).size).toBe(packets.length);
    expect(packets.every(([pts]) => Number.isFinite(pts))).toBe(true);
  });

  it('deinterlaces an interlaced TV recording while encoding it', async () => {
    const input = await jobInput(p('interlaced.ts'), 'tv.ts');
    const { ctx } = await fakeCtx('mpeg-ts-to-mp4', [input], {});
    const [out] = await converterHandlers['mpeg-ts-to-mp4'](ctx);
    // Combing: neighbouring rows (different fields, different moments) differ far more than rows two
    // apart (same field). The source shows it; the output must not.
    const source = await rowDifferences(p('interlaced.ts'));
    expect(source.adjacent).toBeGreaterThan(2 * source.twoApart);
    const output = await rowDifferences(out.path);
    expect(output.adjacent).toBeLessThan(output.twoApart);
  });
});

/** Mean absolute luma difference between rows 1 and 2 apart, in the frame at 0.5 s. */
async function rowDifferences(path: string): Promise<{ adjacent: number; twoApart: number }> {
  const { stdout: gray } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      '0.5',
      '-i',
      path,
      '-frames:v',
      '1',
      '-pix_fmt',
      'gray',
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  );
  const width = 320;
  const height = gray.length / width;
  let adjacent = 0;
  let twoApart = 0;
  for (let y = 0; y < height - 2; y++) {
    for (let x = 0; x < width; x++) {
      const here = gray[y * width + x];
      adjacent += Math.abs(here - gray[(y + 1) * width + x]);
      twoApart += Math.abs(here - gray[(y + 2) * width + x]);
    }
  }
  return { adjacent, twoApart };
}

/** The MD5 of every decoded picture, in output order, without their timestamps. */
async function decodedFrames(path: string): Promise<string[]> {
  const { stdout } = await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    path,
    '-map',
    '0:v:0',
    '-fps_mode',
    'passthrough',
    '-f',
    'framemd5',
    'pipe:1',
  ]);
  return stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)?.trim() ?? '');
}
