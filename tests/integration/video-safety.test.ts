import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { makeVideo, probe } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

const run = promisify(execFile);

/**
 * The transcoder's safety rules end to end, on a stack started with tiny limits:
 * - the jobs service refuses a clip over MAX_VIDEO_DURATION_SECONDS with 422 before queueing it;
 * - the transcoder, configured stricter on frame size than the jobs service, re-reads the file it
 *   got and fails the job itself (defence in depth), leaving no output record behind;
 * - playlists (HLS, ffconcat) are not media: refused at upload, and nothing they name is contacted;
 * - an MP4 cut in half is refused at upload or fails its job with a clear message, never hangs.
 */

/** Under 320×240: a 320×240 clip passes the jobs service (default pixel limit) but not the transcoder. */
const TRANSCODER_MAX_PIXELS = 320 * 240 - 1;

let stack: TestStack;
let dir: string;
let listener: Server;
let listenerPort: number;
let connections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-safety-media-'));
  // Anything that tries to fetch what a playlist names would connect here.
  listener = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.end('HTTP/1.0 404 Not Found\r\n\r\n');
  });
  await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
  listenerPort = (listener.address() as { port: number }).port;

  // The same limits for jobs (422 at submission) and the transcoder (its own check on the file).
  stack = await startTestStack({
    serviceEnv: {
      jobs: { MAX_VIDEO_DURATION_SECONDS: '2' },
      transcoder: { MAX_VIDEO_DURATION_SECONDS: '2', MAX_VIDEO_PIXELS: String(TRANSCODER_MAX_PIXELS) },
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
  for (const socket of sockets) socket.destroy();
  await new Promise((done) => listener?.close(done));
  await rm(dir, { recursive: true, force: true });
});

/** A new anonymous visitor, so each test sees only its own files and jobs. */
const visitor = () => new ApiClient(stack.gatewayUrl);

async function uploadOne(api: ApiClient, path: string, name?: string) {
  const response = await api.upload([path], name ? [name] : undefined);
  return { status: response.status, body: response.body, file: response.body?.files?.[0] };
}

/** Creates a job and follows its events to the final one, allowing at most 30 s. */
async function runToEnd(api: ApiClient, tool: string, inputs: string[], params: Record<string, unknown>) {
  const created = await api.json('POST', '/jobs', { tool, inputs, params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const started = Date.now();
  const events = await api.events(created.body.id, 30_000);
  const final = events.at(-1);
  expect(final, 'no event at all within 30 s').toBeDefined();
  expect(['succeeded', 'failed', 'canceled'], `stuck: last event ${final?.event}`).toContain(final?.event);
  expect(Date.now() - started).toBeLessThan(30_000);
  return { job: created.body, final: final as NonNullable<typeof final> };
}

async function expectWorkerTmpEmpty() {
  let left: string[] = [];
  for (let i = 0; i < 40; i++) {
    left = await readdir(stack.workerTmp);
    if (left.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(left).toEqual([]);
}

describe('video limits', () => {
  it('the jobs service refuses a 3 s clip over a 2 s limit with 422, and queues nothing', async () => {
    const api = visitor();
    const path = join(dir, 'clip.webm');
    await makeVideo(path, { seconds: 3, size: '160x120' });
    const { status, file } = await uploadOne(api, path);
    expect(status).toBe(201);
    expect(file.duration).toBeGreaterThan(2.9);

    const response = await api.json('POST', '/jobs', {
      tool: 'trim-video',
      inputs: [file.id],
      params: { start: 0, end: 1 },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.code).toBe('unprocessable');
    expect(response.body.message).toMatch(/^clip\.webm is 3(\.\d+)? s long; the limit is 2 s\.$/);
    expect(response.body.details).toEqual([{ field: 'inputs.0', message: response.body.message }]);
    expect((await api.json('GET', '/jobs')).body.items).toEqual([]);
  });

  it('the transcoder re-reads the file and fails the job itself; no output record is left', async () => {
    const api = visitor();
    const path = join(dir, 'wide.webm');
    await makeVideo(path, { seconds: 1, size: '320x240' });
    const { file } = await uploadOne(api, path);
    expect(file).toMatchObject({ width: 320, height: 240 });

    const { job, final } = await runToEnd(api, 'trim-video', [file.id], { start: 0, end: 1 });
    expect(final.event).toBe('failed');
    expect(final.data.status).toBe('failed');
    expect(final.data.error.message).toBe(
      'wide.webm is 320×240 (76,800 pixels); the limit is 76,799 pixels.',
    );
    expect(final.data.outputs).toEqual([]);
    expect(final.data.archive).toBeUndefined();

    // The only file this visitor has is the upload: the failed job registered nothing.
    const files = await api.json('GET', '/files');
    expect(files.body.items.map((f: { id: string }) => f.id)).toEqual([file.id]);
    expect((await api.json('GET', `/jobs/${job.id}`)).body.outputs).toEqual([]);
    await expectWorkerTmpEmpty();
  });

  it('a clip within every limit goes through the same guard and succeeds (the guard is not a wall)', async () => {
    const api = visitor();
    const path = join(dir, 'small.webm');
    await makeVideo(path, { seconds: 1.5, size: '160x120' });
    const { file } = await uploadOne(api, path);
    const { final } = await runToEnd(api, 'trim-video', [file.id], { start: 0, end: 1 });
    expect(final.event, JSON.stringify(final.data.error)).toBe('succeeded');
    const out = await api.download(`/files/${final.data.outputs[0].id}/content`);
    const outPath = join(dir, 'small-trimmed.mp4');
    await writeFile(outPath, out.bytes);
    const info = await probe(outPath);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 160, height: 120 });
    expect(Math.abs(Number(info.format.duration) - 1)).toBeLessThan(0.15);
  });
});

describe('playlists are not media', () => {
  it('refuses an HLS playlist with 415 and never contacts what it names', async () => {
    const api = visitor();
    const segment = join(dir, 'segment.ts');
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x120:rate=25:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      segment,
    ]);
    const playlist = join(dir, 'stream.m3u8');
    await writeFile(
      playlist,
      [
        '#EXTM3U',
        '#EXT-X-TARGETDURATION:1',
        '#EXTINF:1,',
        `http://127.0.0.1:${listenerPort}/segment.ts`,
        '#EXTINF:1,',
        segment,
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
    connections = 0;
    for (const name of ['stream.m3u8', 'stream.mp4']) {
      const response = await uploadOne(api, playlist, name);
      expect(response.status, JSON.stringify(response.body)).toBe(415);
      expect(response.body.message).toContain(name);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(connections).toBe(0);
    expect((await api.json('GET', '/files')).body.items).toEqual([]);
  });

  it('refuses an ffconcat list with 415', async () => {
    const api = visitor();
    const list = join(dir, 'list.ffconcat');
    await writeFile(
      list,
      `ffconcat version 1.0\nfile ${join(dir, 'segment.ts')}\nfile http://127.0.0.1:${listenerPort}/b.mp4\n`,
    );
    connections = 0;
    const response = await uploadOne(api, list, 'list.ffconcat');
    expect(response.status).toBe(415);
    await new Promise((r) => setTimeout(r, 300));
    expect(connections).toBe(0);
  });
});

describe('a truncated MP4', () => {
  async function halfOf(name: string, movflags: string[]) {
    const whole = join(dir, `whole-${name}`);
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x120:rate=25:duration=1.5',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1.5',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      ...movflags,
      whole,
    ]);
    const bytes = await readFile(whole);
    const half = join(dir, name);
    await writeFile(half, bytes.subarray(0, Math.floor(bytes.length / 2)));
    return half;
  }

  it('with its index at the end (lost with the second half): refused at upload with 415', async () => {
    const api = visitor();
    const half = await halfOf('cut-end.mp4', []);
    const response = await uploadOne(api, half);
    expect(response.status).toBe(415);
    expect(response.body.message).toContain('cut-end.mp4');
  });

  it('with its index first (still readable): the job fails at once with a clear message', async () => {
    const api = visitor();
    const half = await halfOf('cut-front.mp4', ['-movflags', '+faststart']);
    const { status, file } = await uploadOne(api, half);
    // The files service reads the index and accepts it; the transcoder's guard sees the cut.
    expect(status).toBe(201);
    const { final } = await runToEnd(api, 'trim-video', [file.id], { start: 0, end: 1 });
    expect(final.event).toBe('failed');
    expect(final.data.error.message).toMatch(
      /^cut-front\.mp4 could not be read as a video: the file is cut short/,
    );
    expect((await api.json('GET', '/files')).body.items.map((f: { id: string }) => f.id)).toEqual([file.id]);
    await expectWorkerTmpEmpty();
  });
});
