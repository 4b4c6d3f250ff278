import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegError } from './errors.ts';
import { ffprobe } from './ffprobe.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-ffmpeg-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('runFfmpeg', () => {
  it('encodes, reports monotonic progress and ends at 100', async () => {
    const out = join(dir, 'ok.mp4');
    const seen: number[] = [];
    await runFfmpeg({
      args: [
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=160x120:rate=25',
        '-t',
        '2',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        out,
      ],
      durationSeconds: 2,
      onProgress: (p) => seen.push(p),
    });
    expect(seen.at(-1)).toBe(100);
    expect(seen.slice(0, -1).every((p) => p >= 0 && p <= 99.9)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    const probe = await ffprobe(out);
    expect(probe.streams[0].codec_name).toBe('h264');
  });

  it('rejects with FfmpegError and the stderr tail on a bad input', async () => {
    const err = await runFfmpeg({ args: ['-i', join(dir, 'missing.mp4'), join(dir, 'x.mp4')] }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(FfmpegError);
    expect(err.exitCode).not.toBe(0);
    expect(err.stderrTail).toMatch(/No such file or directory/);
    expect(err.message).toMatch(/No such file or directory/);
  });

  it('kills ffmpeg on abort and rejects with AbortError', async () => {
    let pid = 0;
    const controller = new AbortController();
    let abortedAt = 0;
    const run = runFfmpeg({
      args: [
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=640x480:rate=25',
        '-t',
        '60',
        '-c:v',
        'libx264',
        join(dir, 'long.mp4'),
      ],
      signal: controller.signal,
      durationSeconds: 60,
      onSpawn: (p) => {
        pid = p;
      },
    });
    setTimeout(() => {
      abortedAt = Date.now();
      controller.abort();
    }, 300);
    const err = await run.catch((e) => e);
    expect(err.name).toBe('AbortError');
    expect(pid).toBeGreaterThan(0);
    // The promise settles only after 'close', so the process is reaped by now.
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(isAlive(pid)).toBe(false);
  });

  it('rejects at once without spawning when already aborted', async () => {
    let spawned = false;
    const err = await runFfmpeg({
      args: ['-version'],
      signal: AbortSignal.abort(),
      onSpawn: () => {
        spawned = true;
      },
    }).catch((e) => e);
    expect(err.name).toBe('AbortError');
    expect(spawned).toBe(false);
  });

  it('kills ffmpeg after the timeout', async () => {
    let pid = 0;
    const err = await runFfmpeg({
      args: ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-t', '60', '-f', 'null', '-'],
      timeoutMs: 300,
      onSpawn: (p) => {
        pid = p;
      },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect(err.timedOut).toBe(true);
    expect(isAlive(pid)).toBe(false);
  });

  it('rejects with the spawn error when the binary is missing', async () => {
    await expect(runFfmpeg({ args: [], ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(/ENOENT/);
  });
});

describe('ffprobe', () => {
  it('fails clearly on a non-media file', async () => {
    const err = await ffprobe(join(dir, 'nothing-here.mp4')).catch((e) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect(err.tool).toBe('ffprobe');
    expect(err.message).toMatch(/ffprobe exited with code 1/);
  });
});
