import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The audio converters, audio-converter and extract-audio through the public API, fed files made by
 * the encoders people use (SoX, LAME, flac, oggenc, opusenc; phone and browser recordings of
 * tests/corpus), each output read back with ffprobe.
 */

const run = promisify(execFile);
const tool = (cmd: string, ...args: string[]) => run(cmd, args);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const corpus = (name: string) => resolve(import.meta.dirname, '../corpus/files', name);

/** Audio longer than this is refused at submit (MAX_VIDEO_DURATION_SECONDS, set for this stack). */
const LIMIT_SECONDS = 30;

let stack: TestStack;
let api: ApiClient;
let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-audio-converters-'));
  const [started] = await Promise.all([
    startTestStack({
      serviceEnv: {
        jobs: { MAX_VIDEO_DURATION_SECONDS: String(LIMIT_SECONDS) },
        transcoder: { MAX_VIDEO_DURATION_SECONDS: String(LIMIT_SECONDS) },
      },
    }),
    makeInputs(),
  ]);
  stack = started;
  api = new ApiClient(stack.gatewayUrl);
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Noise, so that encoders spend the bits asked for (a pure tone would come out far below). */
async function makeInputs(): Promise<void> {
  const sox = (...args: string[]) => tool('sox', '-n', '-b', '16', ...args);
  await Promise.all([
    sox('-r', '44100', '-c', '2', p('music.wav'), 'synth', '4', 'pinknoise', 'vol', '0.5'),
    sox('-r', '48000', '-c', '6', p('surround.wav'), 'synth', '3', 'pinknoise', 'vol', '0.5'),
    sox('-r', '44100', '-c', '2', p('studio.aiff'), 'synth', '2', 'sine', '440'),
    sox('-r', '8000', '-c', '1', p('long.wav'), 'synth', String(LIMIT_SECONDS + 10), 'sine', '300'),
    sharp({ create: { width: 64, height: 64, channels: 3, background: '#c00' } })
      .jpeg()
      .toFile(p('cover.jpg')),
    // A video without any sound track.
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=1', '-c:v', 'libx264', p('clip.mp4')),
    // The phone's MOV as MP4 (the same AAC sound, another container).
    ffmpeg('-i', corpus('baseline/phone-portrait-h264.mov'), '-c', 'copy', '-f', 'mp4', p('phone.mp4')),
  ]);
  const tags = ['--tt', 'Song Title', '--ta', 'Song Artist'];
  await Promise.all([
    tool('lame', '--quiet', '-b', '192', ...tags, '--ti', p('cover.jpg'), p('music.wav'), p('tagged.mp3')),
    tool(
      'flac',
      '-s',
      `--picture=${p('cover.jpg')}`,
      '-T',
      'TITLE=Flac Title',
      '-T',
      'ARTIST=Flac Artist',
      p('music.wav'),
      '-o',
      p('album.flac'),
    ),
    tool('oggenc', '-Q', '-t', 'Ogg Title', '-a', 'Ogg Artist', p('music.wav'), '-o', p('game.ogg')),
    tool('opusenc', '--quiet', '--title', 'Voice', p('music.wav'), p('voice.opus')),
  ]);
}

// ---- talking to the API ----

async function upload(...names: string[]): Promise<string[]> {
  const { status, body } = await api.upload(names.map(p), names);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.files.map((f: { id: string }) => f.id);
}

/** Submits a job and follows it to the end: the final event and every progress value. */
async function runJob(name: string, files: string[], params: Record<string, unknown> = {}) {
  const created = await api.json('POST', '/jobs', { tool: name, inputs: await upload(...files), params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await api.events(created.body.id);
  const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.progress as number);
  return { final: events[events.length - 1], progress };
}

interface Read {
  path: string;
  name: string;
  format: { duration: string; bit_rate?: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    sample_rate?: string;
    channels?: number;
    bit_rate?: string;
    tags?: Record<string, string>;
    disposition?: { attached_pic: number };
  }[];
}

/** Runs a job that must succeed; each output downloaded and read back with ffprobe. */
async function convert(name: string, files: string[], params: Record<string, unknown> = {}) {
  const { final, progress } = await runJob(name, files, params);
  expect(final.event, JSON.stringify(final.data)).toBe('succeeded');
  const outputs: Read[] = [];
  for (const output of final.data.outputs as { id: string; name: string }[]) {
    const download = await api.download(`/files/${output.id}/content`);
    expect(download.status).toBe(200);
    const path = p(`out-${output.id}-${output.name}`);
    await writeFile(path, download.bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-of',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ]);
    outputs.push({ path, name: output.name, ...JSON.parse(stdout) });
  }
  return { job: final.data, outputs, progress };
}

const audio = (r: Read) => r.streams.find((s) => s.codec_type === 'audio');
const cover = (r: Read) => r.streams.find((s) => s.disposition?.attached_pic === 1);
/** Title and artist, whatever the container's tag case. */
const tags = (r: Read) => {
  const all = Object.fromEntries(
    Object.entries({ ...audio(r)?.tags, ...r.format.tags }).map(([k, v]) => [k.toLowerCase(), v]),
  );
  return { title: all.title, artist: all.artist };
};
/** The audio packets' checksum: equal for two files only when the sound was copied, not encoded. */
const packets = async (path: string) =>
  (await run('ffmpeg', ['-v', 'error', '-i', path, '-map', '0:a:0', '-c', 'copy', '-f', 'md5', '-'])).stdout;

describe('audio converters', () => {
  it('encodes MP3 at the asked constant bitrate, keeping length, channels and rate', async () => {
    const { outputs } = await convert('wav-to-mp3', ['music.wav'], { bitrate: 128 });
    const [mp3] = outputs;
    expect(mp3.name).toBe('music.mp3');
    expect(audio(mp3)).toMatchObject({ codec_name: 'mp3', channels: 2, sample_rate: '44100' });
    expect(Number(audio(mp3)?.bit_rate)).toBeGreaterThan(128_000 * 0.9);
    expect(Number(audio(mp3)?.bit_rate)).toBeLessThan(128_000 * 1.1);
    expect(Number(mp3.format.duration)).toBeCloseTo(4, 0);
  });

  it('sets sample rate and channels, and mixes 5.1 down to stereo for MP3', async () => {
    const { outputs } = await convert('wav-to-m4a', ['music.wav'], {
      bitrate: 96,
      sampleRate: 22050,
      channels: 'mono',
    });
    expect(audio(outputs[0])).toMatchObject({ codec_name: 'aac', channels: 1, sample_rate: '22050' });
    expect(Number(audio(outputs[0])?.bit_rate)).toBeGreaterThan(96_000 * 0.9);
    expect(Number(audio(outputs[0])?.bit_rate)).toBeLessThan(96_000 * 1.1);
    const surround = await convert('wav-to-mp3', ['surround.wav']);
    expect(audio(surround.outputs[0])).toMatchObject({
      codec_name: 'mp3',
      channels: 2,
      sample_rate: '48000',
    });
  });

  it('keeps title, artist and cover in MP3, M4A and FLAC', async () => {
    const toM4a = (await convert('mp3-to-m4a', ['tagged.mp3'])).outputs[0];
    const toMp3 = (await convert('flac-to-mp3', ['album.flac'])).outputs[0];
    const toFlac = (await convert('audio-converter', ['tagged.mp3'], { format: 'flac' })).outputs[0];
    expect(tags(toM4a)).toEqual({ title: 'Song Title', artist: 'Song Artist' });
    expect(tags(toMp3)).toEqual({ title: 'Flac Title', artist: 'Flac Artist' });
    expect(tags(toFlac)).toEqual({ title: 'Song Title', artist: 'Song Artist' });
    for (const out of [toM4a, toMp3, toFlac]) expect(cover(out)?.codec_name, out.name).toBe('mjpeg');
    expect(toFlac.name).toBe('tagged.flac');
  });

  it('strips tags and cover on request', async () => {
    const { outputs } = await convert('flac-to-mp3', ['album.flac'], { tags: 'strip' });
    expect(tags(outputs[0])).toEqual({ title: undefined, artist: undefined });
    expect(outputs[0].streams.map((s) => s.codec_type)).toEqual(['audio']);
  });

  it('copies a stream that already is the target codec: the same packets, bitrate and tags', async () => {
    const mp3 = (await convert('audio-converter', ['tagged.mp3'], { format: 'mp3' })).outputs[0];
    expect(await packets(mp3.path)).toBe(await packets(p('tagged.mp3')));
    expect(audio(mp3)?.bit_rate).toBe('192000');
    expect(tags(mp3).title).toBe('Song Title');
    // A phone video's AAC goes into M4A as it is.
    const m4a = (await convert('extract-audio', ['phone.mp4'], { format: 'm4a' })).outputs[0];
    expect(await packets(m4a.path)).toBe(await packets(p('phone.mp4')));
    expect(m4a.streams.map((s) => s.codec_type)).toEqual(['audio']);
  });

  it('gives the sound of phone and browser recordings as MP3', async () => {
    await copyFile(corpus('baseline/phone-portrait-h264.mov'), p('phone.mov'));
    await copyFile(corpus('video/mediarecorder-vfr.webm'), p('recording.webm'));
    for (const [converter, file] of [
      ['mp4-to-mp3', 'phone.mp4'],
      ['mov-to-mp3', 'phone.mov'],
      ['webm-to-mp3', 'recording.webm'],
    ]) {
      const { outputs } = await convert(converter, [file]);
      expect(
        outputs[0].streams.map((s) => s.codec_name),
        converter,
      ).toEqual(['mp3']);
      expect(Number(outputs[0].format.duration), converter).toBeGreaterThan(0.5);
    }
  });

  it('converts a batch of three files to three outputs, with honest progress', async () => {
    const { job, outputs, progress } = await convert(
      'audio-converter',
      ['game.ogg', 'voice.opus', 'studio.aiff'],
      {
        format: 'mp3',
      },
    );
    expect(outputs.map((o) => o.name)).toEqual(['game.mp3', 'voice.mp3', 'studio.mp3']);
    for (const out of outputs) expect(audio(out)?.codec_name).toBe('mp3');
    expect(job.archive?.name).toMatch(/\.zip$/);
    // Vorbis comments become the MP3's ID3 tags.
    expect(tags(outputs[0])).toEqual({ title: 'Ogg Title', artist: 'Ogg Artist' });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.slice(0, -1).every((v) => v < 100)).toBe(true);
  });
});

describe('audio refusals', () => {
  it('answers 400 with the sentence for a sample rate Opus does not take', async () => {
    const [id] = await upload('tagged.mp3');
    const { status, body } = await api.json('POST', '/jobs', {
      tool: 'mp3-to-opus',
      inputs: [id],
      params: { sampleRate: 44100 },
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('sampleRate for Opus must be 8000, 16000, 24000 or 48000 Hz');
  });

  it('fails a video without sound, and one whose sound track is declared but empty, with a sentence', async () => {
    const silent = await runJob('extract-audio', ['clip.mp4']);
    expect(silent.final.event).toBe('failed');
    expect(silent.final.data.error.message).toBe('clip.mp4 has no sound to convert.');
    await copyFile(corpus('video/hls-empty-audio-segment.ts'), p('segment.ts'));
    const empty = await runJob('extract-audio', ['segment.ts']);
    expect(empty.final.data.error.message).toBe('segment.ts has no sound to convert.');
  });

  it('refuses audio longer than the limit at submit, before anything is queued', async () => {
    const [id] = await upload('long.wav');
    const { status, body } = await api.json('POST', '/jobs', {
      tool: 'wav-to-mp3',
      inputs: [id],
      params: {},
    });
    expect(status).toBe(422);
    expect(body.message).toBe(`long.wav is 40 s long; the limit is ${LIMIT_SECONDS} s.`);
  });
});
