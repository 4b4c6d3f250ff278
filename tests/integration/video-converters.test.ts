import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FORMATS, type FormatName } from '@mediakit/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { moovBeforeMdat } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The seven video converters through the public API, fed the files real cameras, recorders and old
 * tools write (made here with ffmpeg's lavfi sources), each output read back with ffprobe/ffmpeg.
 */

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

let stack: TestStack;
let api: ApiClient;
let dir: string;
const p = (name: string) => join(dir, name);

const SECONDS = 2;
const VIDEO = ['-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${SECONDS}`];
const TONE = (rate = 48000) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=${rate}:duration=${SECONDS}`,
];
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const VP9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'];
const X265 = ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'];

/** How one input must come out. */
interface Case {
  /** Upload name; the output must be `<name without extension>.mp4`. */
  file: string;
  converter: `${FormatName}-to-mp4`;
  /** Makes the file: ffmpeg arguments before the output path. */
  make: string[];
  /** Streams copied as they are (proved by decoding both to identical pictures). */
  copiesVideo: boolean;
  videoCodec: 'h264' | 'hevc';
  audio: 'aac' | null;
  size?: [number, number];
}

const av = (codecs: string[], rate?: number) => [...VIDEO, ...TONE(rate), ...codecs, '-shortest'];

const CASES: Case[] = [
  {
    file: 'iphone.mov',
    converter: 'mov-to-mp4',
    make: av([...X264, '-c:a', 'aac']),
    copiesVideo: true,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'edit master.mov',
    converter: 'mov-to-mp4',
    make: av(['-c:v', 'prores_ks', '-c:a', 'pcm_s16le']),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'divx.avi',
    converter: 'avi-to-mp4',
    make: av(['-c:v', 'mpeg4', '-c:a', 'libmp3lame'], 44100),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'camera.avi',
    converter: 'avi-to-mp4',
    make: av(['-c:v', 'mjpeg', '-c:a', 'pcm_s16le']),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'windows.wmv',
    converter: 'wmv-to-mp4',
    make: av(['-c:v', 'wmv2', '-c:a', 'wmav2'], 44100),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'download.mkv',
    converter: 'mkv-to-mp4',
    make: av([...X264, '-c:a', 'aac']),
    copiesVideo: true,
    videoCodec: 'h264',
    audio: 'aac',
  },
  // HEVC is copied (tagged hvc1); Opus, which MP4 players do not take, becomes AAC.
  {
    file: 'hevc.mkv',
    converter: 'mkv-to-mp4',
    make: av([...X265, '-c:a', 'libopus']),
    copiesVideo: true,
    videoCodec: 'hevc',
    audio: 'aac',
  },
  {
    file: 'vp9.mkv',
    converter: 'mkv-to-mp4',
    make: av([...VP9, '-c:a', 'libvorbis']),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'stream.flv',
    converter: 'flv-to-mp4',
    make: av([...X264, '-c:a', 'aac'], 44100),
    copiesVideo: true,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'flash.flv',
    converter: 'flv-to-mp4',
    make: av(['-c:v', 'flv1', '-c:a', 'libmp3lame'], 44100),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  // ADTS AAC in MPEG-TS is rewritten for MP4 by aac_adtstoasc while copied.
  {
    file: 'capture.ts',
    converter: 'mpeg-ts-to-mp4',
    make: av([...X264, '-c:a', 'aac']),
    copiesVideo: true,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'dvb.ts',
    converter: 'mpeg-ts-to-mp4',
    make: av(['-c:v', 'mpeg2video', '-c:a', 'mp2']),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'old.webm',
    converter: 'webm-to-mp4',
    make: av(['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libvorbis']),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  {
    file: 'screen.webm',
    converter: 'webm-to-mp4',
    make: av([...VP9, '-c:a', 'libopus']),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
  },
  // Odd sizes: libx264 refuses them; one row and one column are cropped.
  {
    file: 'odd.webm',
    converter: 'webm-to-mp4',
    make: av(['-vf', 'scale=321:241', ...VP9, '-c:a', 'libopus']),
    copiesVideo: false,
    videoCodec: 'h264',
    audio: 'aac',
    size: [320, 240],
  },
  // No audio track: none in the output, and no error.
  {
    file: 'silent.webm',
    converter: 'webm-to-mp4',
    make: [...VIDEO, ...VP9],
    copiesVideo: false,
    videoCodec: 'h264',
    audio: null,
  },
  {
    file: 'silent.mkv',
    converter: 'mkv-to-mp4',
    make: [...VIDEO, ...X264],
    copiesVideo: true,
    videoCodec: 'h264',
    audio: null,
  },
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-video-converters-'));
  const [started] = await Promise.all([startTestStack(), makeInputs()]);
  stack = started;
  api = new ApiClient(stack.gatewayUrl);
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Two at a time: the machine has two cores and the stack is booting next to it. */
async function makeInputs(): Promise<void> {
  const jobs: (() => Promise<unknown>)[] = CASES.map((c) => () => ffmpeg(...c.make, p(c.file)));
  jobs.push(
    () => makePortrait('portrait.mov', X264),
    () => makePortrait('portrait-prores.mov', ['-c:v', 'prores_ks']),
    // Two audio tracks: a mono one first, a stereo one second.
    () =>
      ffmpeg(
        ...VIDEO,
        ...TONE(),
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=880:sample_rate=48000:duration=${SECONDS}`,
        '-filter_complex',
        '[2:a]pan=stereo|c0=c0|c1=c0[stereo]',
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-map',
        '[stereo]',
        ...X264,
        '-c:a',
        'aac',
        '-shortest',
        p('two-tracks.mkv'),
      ),
    // Variable frame rate: 0.8 s of frames dropped from the middle, the rest keeping their times.
    () =>
      ffmpeg(
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x240:rate=25:duration=3',
        ...TONE(),
        '-t',
        '3',
        '-vf',
        "select='not(between(t,0.8,1.6))'",
        '-vsync',
        'vfr',
        ...VP9,
        '-c:a',
        'libopus',
        p('vfr.webm'),
      ),
  );
  const next = async (): Promise<void> => {
    const job = jobs.shift();
    if (!job) return;
    await job();
    await next();
  };
  await Promise.all([next(), next()]);
}

/**
 * A phone held upright, as an iPhone records it: shown as 240x320 with red on top and blue below,
 * stored as a 320x240 landscape picture (red left, blue right) with a display matrix saying "turn
 * 90° clockwise" (ffprobe: rotation -90). ffmpeg 5.1 writes that matrix for a `rotate=270` tag.
 */
async function makePortrait(name: string, codec: string[]): Promise<void> {
  const raw = p(`raw-${name}`);
  await ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `color=red:size=160x240:rate=25:duration=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `color=blue:size=160x240:rate=25:duration=${SECONDS}`,
    ...TONE(),
    '-filter_complex',
    '[0:v][1:v]hstack[v]',
    '-map',
    '[v]',
    '-map',
    '2:a',
    ...codec,
    '-c:a',
    'aac',
    '-shortest',
    raw,
  );
  await ffmpeg('-i', raw, '-c', 'copy', '-metadata:s:v:0', 'rotate=270', p(name));
}

// ---- talking to the API ----

async function upload(path: string, name: string) {
  const { status, body } = await api.upload([path], [name]);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.files[0];
}

/** Submits a job and follows its SSE stream to the end; the final Job. */
async function runJob(tool: string, fileId: string) {
  const created = await api.json('POST', '/jobs', { tool, inputs: [fileId], params: {} });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await api.events(created.body.id);
  const final = events[events.length - 1];
  expect(final.event, JSON.stringify(final.data)).toBe('succeeded');
  return final.data;
}

/** Uploads, converts, downloads: the input File, the final Job and the local path of the output. */
async function convert(file: string, converter: string, uploadName = file) {
  const input = await upload(p(file), uploadName);
  const job = await runJob(converter, input.id);
  expect(job.outputs).toHaveLength(1);
  const output = job.outputs[0];
  const download = await api.download(`/files/${output.id}/content`);
  expect(download.status).toBe(200);
  const path = p(`out-${job.id}.mp4`);
  await writeFile(path, download.bytes);
  return { input, job, output, path, bytes: download.bytes };
}

// ---- independent readers ----

interface Stream {
  codec_type: string;
  codec_name: string;
  codec_tag_string?: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  channels?: number;
  nb_read_packets?: string;
  side_data_list?: { rotation?: number }[];
}

async function probe(
  path: string,
): Promise<{ format: { duration: string; tags?: Record<string, string> }; streams: Stream[] }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-count_packets',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ]);
  return JSON.parse(stdout);
}

const videoOf = (info: { streams: Stream[] }) => info.streams.find((s) => s.codec_type === 'video');
const audiosOf = (info: { streams: Stream[] }) => info.streams.filter((s) => s.codec_type === 'audio');

/** The MD5 of every decoded picture in order, without timestamps: equal only for the same pictures. */
async function decodedFrames(path: string): Promise<string[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-map', '0:v:0', '-fps_mode', 'passthrough', '-f', 'framemd5', 'pipe:1'],
    { maxBuffer: 16 << 20 },
  );
  return stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)?.trim() ?? '');
}

/** The first frame as a player shows it (ffmpeg applies the display matrix): size and RGB sampler. */
async function shownFrame(path: string) {
  const { stdout: png } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
    {
      encoding: 'buffer',
      maxBuffer: 16 << 20,
    },
  );
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (Math.floor(y) * info.width + Math.floor(x)) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  };
  return { width: info.width, height: info.height, at };
}

/** MP4 proper, not a QuickTime file: ffmpeg's mp4 muxer writes the brand `isom`. */
function isMp4(bytes: Buffer): boolean {
  return (
    bytes.subarray(4, 8).toString('latin1') === 'ftyp' && bytes.subarray(8, 12).toString('latin1') === 'isom'
  );
}

describe('video converters: every source format the catalog lists', () => {
  it.each(CASES)('$converter: $file', async (c) => {
    const { input, output, path, bytes } = await convert(c.file, c.converter);

    // Sniffed from the bytes as the converter's format, under the catalog's own MIME type.
    const source = c.converter.replace(/-to-mp4$/, '') as FormatName;
    expect(input.mime).toBe(FORMATS[source].mimes[0]);
    expect(input.media).toBe('video');

    expect(output.name).toBe(`${c.file.replace(/\.[^.]+$/, '')}.mp4`);
    expect(output.mime).toBe('video/mp4');
    expect(isMp4(bytes)).toBe(true);
    expect(moovBeforeMdat(bytes)).toBe(true);

    const info = await probe(path);
    const video = videoOf(info);
    expect(video?.codec_name).toBe(c.videoCodec);
    if (c.videoCodec === 'hevc') expect(video?.codec_tag_string).toBe('hvc1');
    else expect(video?.pix_fmt).toBe('yuv420p');
    const [width, height] = c.size ?? [320, 240];
    expect([video?.width, video?.height]).toEqual([width, height]);

    const audios = audiosOf(info);
    expect(audios.map((a) => a.codec_name)).toEqual(c.audio ? [c.audio] : []);
    expect(output.hasAudio).toBe(c.audio !== null);
    expect(info.streams.filter((s) => s.codec_type !== 'video' && s.codec_type !== 'audio')).toEqual([]);

    const duration = Number(info.format.duration);
    expect(Math.abs(duration - SECONDS)).toBeLessThanOrEqual(0.15);
    expect(Math.abs(duration - input.duration)).toBeLessThanOrEqual(0.15);

    // A copy decodes to the very same pictures; an encode never does.
    const same = (await decodedFrames(path)).join() === (await decodedFrames(p(c.file))).join();
    expect(same).toBe(c.copiesVideo);
  });
});

describe('video converters: the remux path', () => {
  it('keeps a remuxed H.264 stream as it was, and remuxing is far faster than encoding', async () => {
    // 10 s of 640x360 at 60 fps (a screen or game recording) with B-frames and High profile, in
    // MKV; the same pictures in VP9 WebM. The jobs' times include the same fixed costs (fetching the
    // input, storing the output), so the encode must be long enough to stand out from them.
    const source = ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=60:duration=10', ...TONE(), '-t', '10'];
    await ffmpeg(
      ...source,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      p('long.mkv'),
    );
    await ffmpeg(...source, ...VP9, '-c:a', 'libopus', p('long.webm'));

    const remux = await convert('long.mkv', 'mkv-to-mp4');
    const encode = await convert('long.webm', 'webm-to-mp4');

    const before = videoOf(await probe(p('long.mkv')));
    const after = videoOf(await probe(remux.path));
    expect(after).toMatchObject({ codec_name: 'h264', profile: 'High', width: 640, height: 360 });
    expect(after?.profile).toBe(before?.profile);
    expect(after?.nb_read_packets).toBe(before?.nb_read_packets);
    expect(Number(after?.nb_read_packets)).toBe(600);

    const took = (job: { startedAt: string; finishedAt: string }) =>
      Date.parse(job.finishedAt) - Date.parse(job.startedAt);
    const remuxMs = took(remux.job);
    const encodeMs = took(encode.job);
    expect(remuxMs, `remux ${remuxMs} ms, encode ${encodeMs} ms`).toBeLessThan(0.5 * encodeMs);
  });

  it('keeps only the first audio track of a file with two', async () => {
    const { path } = await convert('two-tracks.mkv', 'mkv-to-mp4');
    const source = audiosOf(await probe(p('two-tracks.mkv')));
    expect(source.map((a) => a.channels)).toEqual([1, 2]);
    const audios = audiosOf(await probe(path));
    expect(audios.map((a) => [a.codec_name, a.channels])).toEqual([['aac', 1]]);
  });
});

describe('video converters: refusals', () => {
  it('a WebM sent to mov-to-mp4 answers 415 naming both formats', async () => {
    const input = await upload(p('screen.webm'), 'screen.webm');
    const created = await api.json('POST', '/jobs', { tool: 'mov-to-mp4', inputs: [input.id], params: {} });
    expect(created.status).toBe(415);
    expect(created.body.code).toBe('unsupported_media');
    expect(created.body.message).toMatch(/MOV/);
    expect(created.body.message).toMatch(/WebM/);
  });
});

describe('video converters: phone and recorder quirks', () => {
  it.each([
    ['portrait.mov', 'copied: the display matrix goes along'],
    ['portrait-prores.mov', 'encoded: the pictures are turned'],
  ])('a portrait phone clip displays upright (%s, %s)', async (file) => {
    // The premise: shown upright, the source is portrait with red on top.
    const shownSource = await shownFrame(p(file));
    expect([shownSource.width, shownSource.height]).toEqual([240, 320]);
    expect(isRed(shownSource.at(120, 40))).toBe(true);

    const { input, output, path } = await convert(file, 'mov-to-mp4');
    expect([input.width, input.height]).toEqual([240, 320]);
    // What the platform read back from the output, and what a player shows.
    expect(output.width).toBeLessThan(output.height);
    const shown = await shownFrame(path);
    expect([shown.width, shown.height]).toEqual([240, 320]);
    expect(isRed(shown.at(120, 40))).toBe(true);
    expect(isBlue(shown.at(120, 280))).toBe(true);

    const video = videoOf(await probe(path));
    const rotation = video?.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
    if (file === 'portrait.mov') {
      expect([video?.width, video?.height]).toEqual([320, 240]);
      expect(rotation).toBe(-90);
    } else {
      expect([video?.width, video?.height]).toEqual([240, 320]);
      expect(rotation ?? 0).toBe(0);
    }
  });

  it('a variable-frame-rate recording keeps its length', async () => {
    const { input, path } = await convert('vfr.webm', 'webm-to-mp4');
    const info = await probe(path);
    expect(Math.abs(Number(info.format.duration) - 3)).toBeLessThanOrEqual(0.15);
    expect(Math.abs(Number(info.format.duration) - input.duration)).toBeLessThanOrEqual(0.15);
    expect(videoOf(info)?.codec_name).toBe('h264');
  });
});

const isRed = ([r, g, b]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: number[]) => r < 60 && g < 60 && b > 200;
