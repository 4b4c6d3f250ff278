import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { probe } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The audio editing tools through the public API, on sound made by other encoders (sox, lame), each
 * output read back independently: ffprobe for format and length, ffmpeg's ebur128 and volumedetect
 * for loudness and gain, and the decoded PCM for fades, pitch and the trimmed samples.
 */

const run = promisify(execFile);
const sox = (...args: string[]) => run('sox', ['-n', '-b', '16', ...args]);

let stack: TestStack;
let api: ApiClient;
let dir: string;
const p = (name: string) => join(dir, name);
/** Uploaded file ids by file name. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-audio-tools-'));
  const [started] = await Promise.all([
    startTestStack(),
    (async () => {
      await Promise.all([
        // Music-like: two plucked strings with a tremolo, 44.1 kHz stereo, then an MP3 by LAME with tags.
        sox(
          '-r',
          '44100',
          '-c',
          '2',
          p('music.wav'),
          'synth',
          '10',
          'pluck',
          '220',
          'pluck',
          '330',
          'tremolo',
          '3',
          '40',
        ),
        // Speech-like: band-limited pink noise in syllable-rate bursts, 16 kHz mono.
        sox(
          '-r',
          '16000',
          '-c',
          '1',
          p('speech.wav'),
          'synth',
          '8',
          'pinknoise',
          'tremolo',
          '4',
          '95',
          'lowpass',
          '3500',
          'gain',
          '-18',
        ),
        // A pure 1 kHz tone (pitch is countable) and hiss 80 dB down (nothing to normalise).
        sox('-r', '44100', '-c', '1', p('tone.wav'), 'synth', '4', 'sine', '1000', 'gain', '-6'),
        sox('-r', '48000', '-c', '2', p('stereo48.wav'), 'synth', '3', 'whitenoise', 'gain', '-20'),
        sox('-r', '44100', '-c', '1', p('hiss.wav'), 'synth', '3', 'whitenoise', 'gain', '-80'),
      ]);
      await run('lame', [
        '--quiet',
        '-b',
        '192',
        '--tt',
        'Song',
        '--ta',
        'Artist',
        p('music.wav'),
        p('music.mp3'),
      ]);
    })(),
  ]);
  stack = started;
  api = new ApiClient(stack.gatewayUrl);
  const names = ['music.mp3', 'speech.wav', 'tone.wav', 'stereo48.wav', 'hiss.wav'];
  const uploaded = await api.upload(names.map(p));
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  for (const [i, f] of uploaded.body.files.entries()) ids[names[i] as string] = f.id;
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Result {
  path: string;
  name: string;
  notes: string[];
  duration: number;
  sampleRate: number;
  channels: number;
  codec: string;
  tags: Record<string, string>;
}

let outputs = 0;

async function submit(tool: string, inputs: string[], params: Record<string, unknown>) {
  const created = await api.json('POST', '/jobs', { tool, inputs: inputs.map((n) => ids[n]), params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await api.events(created.body.id);
  return { events, final: events[events.length - 1] };
}

/** Runs a tool, checks it succeeded with monotonic progress, downloads and probes the one output. */
async function edit(tool: string, inputs: string[], params: Record<string, unknown> = {}): Promise<Result> {
  const { events, final } = await submit(tool, inputs, params);
  expect(final.event, JSON.stringify(final.data)).toBe('succeeded');
  const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.progress);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  const download = await api.download(`/files/${final.data.outputs[0].id}/content`);
  expect(download.status).toBe(200);
  const name = decodeURIComponent(
    download.headers.get('content-disposition')?.match(/filename\*=UTF-8''([^;]+)/)?.[1] ?? '',
  );
  const path = p(`out-${++outputs}-${name}`);
  await writeFile(path, download.bytes);
  const info = (await probe(path)) as unknown as {
    format: { duration: string; tags?: Record<string, string> };
    streams: { codec_type: string; codec_name: string; sample_rate: string; channels: number }[];
  };
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  if (!audio) throw new Error(`${tool} wrote no audio`);
  return {
    path,
    name,
    notes: final.data.notes ?? [],
    duration: Number(info.format.duration),
    sampleRate: Number(audio.sample_rate),
    channels: audio.channels,
    codec: audio.codec_name,
    tags: Object.fromEntries(Object.entries(info.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
  };
}

/** The job failed with a sentence (not ffmpeg's text); returns it. */
async function refused(tool: string, inputs: string[], params: Record<string, unknown>): Promise<string> {
  const { final } = await submit(tool, inputs, params);
  expect(final.event).toBe('failed');
  const message = String(final.data.error?.message);
  expect(message).not.toMatch(/\[\w+ @ 0x|\/tmp\//);
  return message;
}

/** Decoded samples, mono float at the file's rate. */
async function pcm(path: string): Promise<Float32Array> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-f', 'f32le', '-'], {
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
  });
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.length / 4);
}

/** What ffmpeg's filters measure, from its log. */
async function measure(path: string, filter: string): Promise<string> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    path,
    '-af',
    filter,
    '-f',
    'null',
    '-',
  ]);
  return stderr;
}
const num = (log: string, re: RegExp) => Number(log.match(re)?.[1]);

async function loudness(path: string): Promise<{ lufs: number; truePeak: number }> {
  const log = await measure(path, 'ebur128=peak=true');
  const summary = log.slice(log.lastIndexOf('Summary:'));
  return { lufs: num(summary, /I:\s+(-?[\d.]+) LUFS/), truePeak: num(summary, /Peak:\s+(-?[\d.]+) dBFS/) };
}

async function volumes(path: string): Promise<{ mean: number; max: number }> {
  const log = await measure(path, 'volumedetect');
  return { mean: num(log, /mean_volume: (-?[\d.]+) dB/), max: num(log, /max_volume: (-?[\d.]+) dB/) };
}

const rmsDb = (s: Float32Array) => 10 * Math.log10(s.reduce((sum, x) => sum + x * x, 0) / s.length + 1e-20);

describe('normalize-audio', () => {
  it('lands each preset within 1 LU of its target under the true-peak limit, at the input’s rate', async () => {
    const cases = [
      { file: 'music.mp3', params: { preset: 'streaming' }, lufs: -14, peak: -1 },
      { file: 'speech.wav', params: { preset: 'podcast', truePeak: -2 }, lufs: -16, peak: -2 },
      { file: 'music.mp3', params: { preset: 'broadcast', format: 'flac' }, lufs: -23, peak: -1 },
    ];
    const results = await Promise.all(cases.map((c) => edit('normalize-audio', [c.file], c.params)));
    for (const [i, out] of results.entries()) {
      const c = cases[i] as (typeof cases)[number];
      const measured = await loudness(out.path);
      expect(Math.abs(measured.lufs - c.lufs), `${c.file} ${measured.lufs} LUFS`).toBeLessThanOrEqual(1);
      expect(measured.truePeak, c.file).toBeLessThanOrEqual(c.peak + 0.5);
      expect(out.sampleRate).toBe(c.file === 'speech.wav' ? 16_000 : 44_100);
    }
    expect(results[0]?.name).toBe('music-normalized.mp3');
    expect(results[0]?.tags).toMatchObject({ title: 'Song', artist: 'Artist' });
    expect(results[1]?.codec).toBe('pcm_s16le');
    expect(results[2]?.codec).toBe('flac');
  });

  it('refuses a near-silent file with a sentence', async () => {
    expect(await refused('normalize-audio', ['hiss.wav'], {})).toMatch(/hiss\.wav is almost silent/);
  });
});

describe('change-audio-volume', () => {
  it('applies the gain exactly without the limiter, and keeps peaks under 0 dBFS with it', async () => {
    const [half, loud] = await Promise.all([
      edit('change-audio-volume', ['speech.wav'], { volume: 50, limit: false }),
      edit('change-audio-volume', ['music.mp3'], { volume: 400 }),
    ]);
    const [before, after] = await Promise.all([volumes(p('speech.wav')), volumes(half.path)]);
    expect(Math.abs(after.mean - before.mean - 20 * Math.log10(0.5))).toBeLessThanOrEqual(0.2);
    expect((await volumes(loud.path)).max).toBeLessThan(0);
    expect(loud.notes.join(' ')).toMatch(/limiter/);
  });
});

describe('fade-audio, change-audio-speed, trim-audio', () => {
  it('fades: the first and last 100 ms are far quieter than the middle', async () => {
    const out = await edit('fade-audio', ['stereo48.wav'], { fadeIn: 1, fadeOut: 1 });
    const s = await pcm(out.path);
    const tenth = 4_800;
    const middle = rmsDb(s.subarray(s.length / 2 - tenth / 2, s.length / 2 + tenth / 2));
    expect(rmsDb(s.subarray(0, tenth))).toBeLessThan(middle - 15);
    expect(rmsDb(s.subarray(s.length - tenth))).toBeLessThan(middle - 15);
    expect(Math.abs(out.duration - 3)).toBeLessThanOrEqual(0.01);
  });

  it('changes speed keeping the pitch: half the length, still 1 kHz', async () => {
    const out = await edit('change-audio-speed', ['tone.wav'], { factor: 2 });
    expect(out.name).toBe('tone-2x.wav');
    expect(Math.abs(out.duration - 2)).toBeLessThanOrEqual(0.05);
    const s = await pcm(out.path);
    let crossings = 0;
    for (let i = 1; i < s.length; i++) if ((s[i - 1] as number) < 0 !== (s[i] as number) < 0) crossings++;
    const hz = crossings / 2 / (s.length / out.sampleRate);
    expect(Math.abs(hz - 1000)).toBeLessThanOrEqual(20);
  });

  it('trims on the sample: the output is the source from start to end', async () => {
    const out = await edit('trim-audio', ['speech.wav'], { start: 1.25, end: 2.5 });
    expect(out.name).toBe('speech-trimmed.wav');
    const [source, trimmed] = await Promise.all([pcm(p('speech.wav')), pcm(out.path)]);
    expect(trimmed.length).toBe(20_000);
    expect(Array.from(trimmed.subarray(0, 64))).toEqual(Array.from(source.subarray(20_000, 20_064)));
  });
});

describe('join-audio', () => {
  it('joins 44.1 kHz mono and 48 kHz stereo, back to back or crossfaded', async () => {
    const [plain, blended] = await Promise.all([
      edit('join-audio', ['tone.wav', 'stereo48.wav'], {}),
      edit('join-audio', ['tone.wav', 'stereo48.wav', 'tone.wav'], { crossfade: 1, format: 'mp3' }),
    ]);
    expect(Math.abs(plain.duration - 7)).toBeLessThanOrEqual(0.02);
    expect([plain.sampleRate, plain.channels]).toEqual([48_000, 2]);
    expect(Math.abs(blended.duration - (4 + 3 + 4 - 2))).toBeLessThanOrEqual(0.1);
    expect(blended.codec).toBe('mp3');
  });

  it('refuses a crossfade longer than a file, naming it', async () => {
    expect(await refused('join-audio', ['tone.wav', 'hiss.wav'], { crossfade: 3.5 })).toMatch(/hiss\.wav/);
  });
});
