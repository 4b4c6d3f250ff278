import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { Mediakit } from '@mediakit/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient, UserClient } from './client.ts';
import { makeVideo, probe } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The `mediakit` command (packages/cli) run as a user runs it, a child process against the real
 * stack, and `POST /jobs?wait` that it stands on. Outputs are read back with ffprobe.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules', '.bin');

let stack: TestStack;
let dir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `mediakit <args>` as `npx mediakit` would (node_modules/.bin first on PATH). */
function start(
  args: string[],
  url: string,
  state: string,
  env: Record<string, string> = {},
): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(join(BIN, 'mediakit'), args, {
    cwd: dir,
    env: {
      ...process.env,
      PATH: `${BIN}${delimiter}${process.env.PATH}`,
      MEDIAKIT_URL: url,
      XDG_STATE_HOME: state,
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

const mediakit = (args: string[], state = join(dir, 'state'), env: Record<string, string> = {}) =>
  start(args, stack.gatewayUrl, state, env).done;

const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

const duration = async (path: string) => Number((await probe(path)).format.duration);
const videoCodec = async (path: string) =>
  (await probe(path)).streams.find((stream) => stream.codec_type === 'video')?.codec_name;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-cli-'));
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('POST /jobs?wait', () => {
  test('a quick image job with wait=30 answers 200, succeeded, with its outputs', async () => {
    const api = new ApiClient(stack.gatewayUrl);
    const png = join(dir, 'dot.png');
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c00' } })
      .png()
      .toFile(png);
    const uploaded = await api.upload([png]);
    const res = await api.json('POST', '/jobs?wait=30', {
      tool: 'png-to-jpg',
      inputs: [uploaded.body.files[0].id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'succeeded', progress: 100, outputs: [{ name: 'dot.jpg' }] });
  });
});

describe('@mediakit/client', () => {
  test('follows a job started without waiting to its end, over server-sent events', async () => {
    const client = new Mediakit({ url: stack.gatewayUrl });
    await makeVideo(join(dir, 'follow.mp4'), { seconds: 3, videoCodec: X264, audioCodec: ['-c:a', 'aac'] });
    const file = await client.uploadFile(join(dir, 'follow.mp4'));
    expect(file).toMatchObject({ name: 'follow.mp4', media: 'video' });
    const started = await client.runTool('compress-video', [file.id], { level: 'high' });
    expect(started.status).not.toBe('succeeded');
    const seen: number[] = [];
    const job = await client.waitForJob(started.id, {
      onProgress: ({ progress }) => void seen.push(progress),
    });
    expect(job).toMatchObject({ id: started.id, status: 'succeeded', outputs: [{ media: 'video' }] });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const [saved] = await client.downloadOutputs(job, join(dir, 'followed'));
    expect(await videoCodec(saved)).toBe('h264');
  });

  test('raises the API’s sentence and code as a MediakitError', async () => {
    const client = new Mediakit({ url: stack.gatewayUrl });
    const refused = client.runTool('trim-video', ['AAAAAAAAAAAAAAAAAAAAAA'], { start: 2, end: 1 });
    await expect(refused).rejects.toMatchObject({
      name: 'MediakitError',
      code: 'validation_failed',
      status: 400,
    });
    await expect(refused).rejects.toThrow(/end/);
  });
});

describe('mediakit', () => {
  test('convert in.mov --to mp4 writes an H.264 MP4 of the same length next to it', async () => {
    const mov = join(dir, 'in.mov');
    // Motion JPEG in a MOV, so the converter really encodes.
    await makeVideo(mov, {
      seconds: 2,
      videoCodec: ['-c:v', 'mjpeg', '-q:v', '5'],
      audioCodec: ['-c:a', 'pcm_s16le'],
    });
    const run = await mediakit(['convert', 'in.mov', '--to', 'mp4']);
    expect(run.stderr).toContain(`Saved ${join(dir, 'in.mp4')}`);
    expect(run.code).toBe(0);
    expect(await videoCodec(join(dir, 'in.mp4'))).toBe('h264');
    expect(Math.abs((await duration(join(dir, 'in.mp4'))) - 2)).toBeLessThanOrEqual(0.1);
  });

  test('run trim-video --start 1 --end 5 keeps about four seconds, and --json says so', async () => {
    await makeVideo(join(dir, 'long.mp4'), {
      seconds: 6,
      videoCodec: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      audioCodec: ['-c:a', 'aac'],
    });
    const out = join(dir, 'trimmed');
    const run = await mediakit([
      'run',
      'trim-video',
      '--start',
      '1',
      '--end',
      '5',
      'long.mp4',
      '--out',
      out,
      '--json',
    ]);
    expect(run.code).toBe(0);
    const { job, files } = JSON.parse(run.stdout);
    expect(job).toMatchObject({ tool: 'trim-video', status: 'succeeded', params: { start: 1, end: 5 } });
    expect(files).toEqual((await readdir(out)).map((name) => join(out, name)));
    expect(Math.abs((await duration(files[0])) - 4)).toBeLessThanOrEqual(0.1);
  });

  test('a job that fails, or that the server refuses, exits 1 with its sentence', async () => {
    await makeVideo(join(dir, 'silent.mp4'), {
      seconds: 1,
      videoCodec: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      audioCodec: null,
    });
    const failed = await mediakit(['run', 'extract-audio', 'silent.mp4', '--out', join(dir, 'never')]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('extract-audio failed: silent.mp4 has no sound to convert.');
    const refused = await mediakit([
      'run',
      'trim-video',
      '--end',
      '30',
      'long.mp4',
      '--out',
      join(dir, 'never'),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('mediakit: end must be at most 6 seconds, the length of this video');
    await expect(readdir(join(dir, 'never'))).rejects.toThrow();
  });

  test('a state folder it cannot write is one sentence and exit 1, not a stack trace', async () => {
    const notAFolder = join(dir, 'not-a-folder');
    await writeFile(notAFolder, '');
    const run = await mediakit(['convert', 'in.mov', '--to', 'mp4'], notAFolder);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^mediakit: .*not a directory/m);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  test('an unknown param is refused (exit 2) with the tool’s params, before any upload', async () => {
    const run = await mediakit(['run', 'trim-video', '--begin', '1', 'long.mp4']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('trim-video takes --start, --end.');
    expect(run.stderr).not.toContain('Uploading');
  });

  test('with MEDIAKIT_API_KEY it works as the key’s account, within the key’s scopes', async () => {
    const user = await UserClient.signUp(stack.gatewayUrl, 'free');
    const mint = async (scopes: string[]) => {
      const created = await user.json('POST', '/account/api-keys', { name: 'cli', scopes });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.secret as string;
    };
    const all = await mint(['files:read', 'files:write', 'jobs:read', 'jobs:write']);
    const state = join(dir, 'key-state');
    const run = await mediakit(
      ['convert', 'in.mov', '--to', 'mp4', '--out', join(dir, 'keyed'), '--json'],
      state,
      {
        MEDIAKIT_API_KEY: all,
      },
    );
    expect(run.stderr).toContain('Saved');
    expect(run.code).toBe(0);
    const { job } = JSON.parse(run.stdout);
    expect((await user.json('GET', `/jobs/${job.id}`)).body).toMatchObject({
      id: job.id,
      status: 'succeeded',
    });

    const readOnly = await mint(['files:read', 'jobs:read']);
    const refused = await mediakit(['convert', 'in.mov', '--to', 'mp4'], state, {
      MEDIAKIT_API_KEY: readOnly,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^mediakit: .*files:write/m);
  });

  test('an upload killed halfway is resumed by the next run, which then converts the file', async () => {
    // 36 MB of lossless noise: H.264 in a MOV, which mov-to-mp4 rewraps without encoding.
    await makeVideo(join(dir, 'big.mov'), {
      seconds: 4,
      size: '640x360',
      filter: "geq=lum='random(1)*255':cb=128:cr=128",
      videoCodec: ['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p'],
      audioCodec: null,
    });
    const proxy = await stallingProxy(stack.gatewayUrl, 12 * 1024 * 1024);
    const state = join(dir, 'resume-state');
    await mkdir(state);
    try {
      const first = start(['convert', 'big.mov', '--to', 'mp4', '--out', join(dir, 'big')], proxy.url, state);
      // Two 5 MiB chunks got through (and were answered) before the third stalled at the proxy.
      await proxy.stalled;
      first.child.kill('SIGKILL');
      await first.done;
      proxy.release();

      const second = await start(
        ['convert', 'big.mov', '--to', 'mp4', '--out', join(dir, 'big')],
        proxy.url,
        state,
      ).done;
      expect(second.code).toBe(0);
      const resumedAt = Number(second.stderr.match(/Resuming the upload of big\.mov at ([\d.]+) MB/)?.[1]);
      expect(resumedAt).toBeGreaterThanOrEqual(10);
      const out = join(dir, 'big', 'big.mp4');
      expect(await videoCodec(out)).toBe('h264');
      expect(Math.abs((await duration(out)) - 4)).toBeLessThanOrEqual(0.1);
    } finally {
      await proxy.close();
    }
  });
});

/**
 * A TCP proxy to `target` that stops reading from clients once `limit` bytes went upstream in all, as
 * a connection that dies mid-upload; `release` lets everything through from then on.
 */
async function stallingProxy(target: string, limit: number) {
  const { hostname, port } = new URL(target);
  let sent = 0;
  let open = true;
  let onStall = () => {};
  const stalled = new Promise<void>((resolve) => (onStall = resolve));
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      upstream.write(chunk);
      sent += chunk.length;
      if (open && sent >= limit) {
        client.pause();
        onStall();
      }
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${own}`,
    stalled,
    release() {
      open = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
