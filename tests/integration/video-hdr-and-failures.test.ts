import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { probe } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

const run = promisify(execFile);

/**
 * Issue 24, classes 4 (HDR video) and 6 (ffmpeg failures), through the public API like a browser:
 * the `video-hdr` corpus (tests/corpus/video-hdr.json, made by tests/corpus/make/video-hdr.sh) and
 * a few more broken inputs. HDR outputs are read back with ffprobe and their first frame compared
 * with a reference that ffmpeg's own zscale + tonemap made; every error message a user can read
 * must be a sentence without raw tool text, an address or a path.
 */

const CORPUS = resolve(import.meta.dirname, '../corpus');

interface CorpusCase {
  file: string;
  format: string;
  tool: string;
  params: Record<string, unknown>;
  expect: {
    error?: string;
    width?: number;
    height?: number;
    videoCodec?: string;
    audioCodec?: string | null;
    pixFmt?: string;
    colorTransfer?: string;
    durationSec?: number;
    durationTolerance?: number;
    reference?: string;
    referenceTolerance?: number;
    note?: string;
  };
}

/** What a user must never read: tool prefixes, addresses, our paths and temp names. */
const RAW_TEXT = [
  /@ 0x/i,
  /\[[\w,.:-]+ @/,
  /(^|\s)\[[a-z][\w,:-]*\] /,
  /0x[0-9a-f]{6,}/i,
  /\/(tmp|work|var|root)\//,
  /mk-\d+-/,
];

function expectSentence(message: unknown) {
  expect(typeof message).toBe('string');
  const text = message as string;
  expect(text, text).toMatch(/^[A-Za-z0-9"“].*[.!]$/s);
  for (const re of RAW_TEXT) expect(text, `${re} in: ${text}`).not.toMatch(re);
}

let stack: TestStack;
let dir: string;
let cases: CorpusCase[];

beforeAll(async () => {
  cases = JSON.parse(await readFile(join(CORPUS, 'video-hdr.json'), 'utf8')) as CorpusCase[];
  dir = await mkdtemp(join(tmpdir(), 'mk-hdr-it-'));
  stack = await startTestStack();
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  await rm(dir, { recursive: true, force: true });
});

/** Uploads, runs the tool and follows the job; the first message a user would read on failure. */
async function runCase(path: string, name: string, tool: string, params: Record<string, unknown>) {
  const api = new ApiClient(stack.gatewayUrl);
  const upload = await api.upload([path], [name]);
  if (upload.status !== 201) return { error: upload.body?.message as string, stage: 'upload' };
  const fileId = upload.body.files[0].id as string;
  const created = await api.json('POST', '/jobs', { tool, inputs: [fileId], params });
  if (created.status !== 202) return { error: created.body?.message as string, stage: 'job creation' };
  const events = await api.events(created.body.id, 90_000);
  const final = events.at(-1);
  if (final?.event !== 'succeeded') return { error: final?.data?.error?.message as string, stage: 'job' };
  const output = final.data.outputs[0];
  const download = await api.download(`/files/${output.id}/content`);
  expect(download.status).toBe(200);
  const out = join(dir, `${created.body.id}.mp4`);
  await writeFile(out, download.bytes);
  return { out, job: final.data as { notes?: string[] } };
}

async function probeVideo(path: string) {
  const data = (await probe(path)) as unknown as {
    format: { duration: string; format_name: string };
    streams: Record<string, string & number>[];
  };
  return {
    duration: Number(data.format.duration),
    video: data.streams.find((s) => s.codec_type === 'video'),
    audio: data.streams.find((s) => s.codec_type === 'audio'),
  };
}

/** Mean absolute difference per channel between the output's first frame (scaled) and the reference. */
async function differenceToReference(path: string, reference: string): Promise<number> {
  const { stdout: size } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0'],
    reference,
  ]);
  const [w, h] = size.trim().split(',');
  const rgb = async (file: string, scale: boolean) =>
    (
      await run(
        'ffmpeg',
        [
          ...['-hide_banner', '-loglevel', 'error', '-i', file, '-frames:v', '1'],
          ...(scale ? ['-vf', `scale=${w}:${h}`] : []),
          ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
        ],
        { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      )
    ).stdout;
  const [a, b] = await Promise.all([rgb(path, true), rgb(reference, false)]);
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe('the video-hdr corpus through the API', () => {
  it('converts each HDR and 10-bit clip as expected, and refuses each broken one with a sentence', async () => {
    const failures: string[] = [];
    const rows: string[] = [];
    for (const c of cases) {
      const label = `${c.file} → ${c.tool}`;
      const result = await runCase(
        join(CORPUS, 'files', c.file),
        c.file.split('/').pop() ?? c.file,
        c.tool,
        c.params,
      );
      if (c.expect.error) {
        rows.push(`${label}: ${result.out ? 'OUTPUT' : `${result.stage}: ${result.error}`}`);
        if (result.out) failures.push(`${label}: expected a failure, got an output`);
        else {
          expectSentence(result.error);
          if (!new RegExp(c.expect.error, 'i').test(result.error ?? ''))
            failures.push(`${label}: ${result.stage} said "${result.error}"`);
        }
        continue;
      }
      if (!result.out) {
        failures.push(`${label}: ${result.stage} failed: ${result.error}`);
        continue;
      }
      const e = c.expect;
      const notes = result.job?.notes ?? [];
      if (e.note && !notes.some((n) => new RegExp(e.note ?? '', 'i').test(n)))
        failures.push(`${label}: notes ${JSON.stringify(notes)}, expected /${e.note}/`);
      if (!e.note && notes.some((n) => /HDR/.test(n))) failures.push(`${label}: an SDR input got ${notes}`);
      for (const n of notes) expectSentence(n);
      const got = await probeVideo(result.out);
      const check = (what: string, actual: unknown, expected: unknown) => {
        if (expected !== undefined && actual !== expected)
          failures.push(`${label}: ${what} ${actual}, expected ${expected}`);
      };
      check('width', got.video?.width, e.width);
      check('height', got.video?.height, e.height);
      check('video codec', got.video?.codec_name, e.videoCodec);
      check('pixel format', got.video?.pix_fmt, e.pixFmt);
      check('colour transfer', got.video?.color_transfer, e.colorTransfer);
      if (e.audioCodec !== undefined) check('audio codec', got.audio?.codec_name ?? null, e.audioCodec);
      if (
        e.durationSec !== undefined &&
        Math.abs(got.duration - e.durationSec) > (e.durationTolerance ?? 0.1)
      )
        failures.push(`${label}: duration ${got.duration}, expected ${e.durationSec}`);
      if (e.reference) {
        const diff = await differenceToReference(result.out, join(CORPUS, 'files', e.reference));
        rows.push(
          `${label}: ${got.video?.codec_name} ${got.video?.pix_fmt} ${got.video?.color_transfer}, Δ ${diff.toFixed(1)}`,
        );
        if (diff > (e.referenceTolerance ?? 6))
          failures.push(`${label}: first frame differs by ${diff.toFixed(1)}`);
      }
    }
    console.info(rows.join('\n'));
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('failure inputs made at test time', () => {
  it('say what is wrong in a sentence, never with ffmpeg text, an address or a path', async () => {
    const ffmpeg = (...args: string[]) =>
      run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
    const base = join(dir, 'base.mkv');
    await ffmpeg(
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', base],
    );
    const bytes = await readFile(base);
    // Matroska cut after its header: the clusters are gone.
    const cutMkv = join(dir, 'cut.mkv');
    await writeFile(cutMkv, bytes.subarray(0, 600));
    // Matroska with its frames overwritten: headers fine, every frame garbage.
    const garbled = Buffer.from(bytes);
    for (let i = 1200; i < garbled.length; i += 7) garbled[i] = (garbled[i] ?? 0) ^ 0x5a;
    const garbledMkv = join(dir, 'garbled.mkv');
    await writeFile(garbledMkv, garbled);
    // Audio only, uploaded to a video tool.
    const audioOnly = join(dir, 'voice.webm');
    await ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libopus', audioOnly);

    const messages: string[] = [];
    for (const [path, tool, params] of [
      [cutMkv, 'mkv-to-mp4', {}],
      [garbledMkv, 'mkv-to-mp4', {}],
      [garbledMkv, 'resize-video', { width: 80, height: 60 }],
      [audioOnly, 'webm-to-mp4', {}],
    ] as const) {
      const result = await runCase(path, path.split('/').pop() ?? '', tool, params);
      if (result.out) continue; // ffmpeg concealed the damage: a result, not a message
      expect(result.error, `${path} → ${tool}`).toBeDefined();
      messages.push(result.error ?? '');
    }
    console.info(messages.join('\n'));
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expectSentence(message);
  }, 120_000);
});
