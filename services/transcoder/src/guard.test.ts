import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_VIDEO_LIMITS, type VideoLimits } from '@mediakit/catalog';
import { ConfigError } from '@mediakit/kit';
import type { JobInput, ToolContext, ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardHandlers, measureInput, probedByGuard, truncatedIsoBox } from './guard.ts';
import { loadVideoLimits } from './limits.ts';

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const SOURCE = ['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-f', 'lavfi', '-i', 'sine', '-t', '3'];
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];

let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-guard-'));
  await Promise.all([
    ffmpeg(...SOURCE, ...H264, '-movflags', '+faststart', p('front.mp4')),
    ffmpeg(...SOURCE, ...H264, p('back.mp4')),
    ffmpeg(...SOURCE, '-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', p('clip.webm')),
    ffmpeg('-f', 'lavfi', '-i', 'color=red:size=200x100', '-frames:v', '1', p('logo.png')),
    writeFile(p('garbage.mp4'), Buffer.alloc(4096, 7)),
    ffmpeg('-f', 'lavfi', '-i', 'sine=duration=3', p('song.wav')),
  ]);
  // The same files cut in half: index first (ffprobe still reads it) and index last (it cannot).
  for (const name of ['front.mp4', 'back.mp4']) {
    const bytes = await readFile(p(name));
    await writeFile(p(`half-${name}`), bytes.subarray(0, Math.floor(bytes.length / 2)));
  }
  await writeFile(
    p('playlist.ts'),
    `#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:3,\n${p('clip.webm')}\n#EXT-X-ENDLIST\n`,
  );
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const input = (file: string, name: string, extra: Partial<JobInput> = {}): JobInput => ({
  fileId: name,
  path: p(file),
  name,
  mime: 'video/mp4',
  format: 'mp4',
  media: 'video',
  // What the files service recorded: the guard must not trust it.
  duration: 1,
  width: 16,
  height: 16,
  fps: 1,
  ...extra,
});

/** Runs one guarded handler and reports whether the handler itself ran. */
async function runGuarded(inputs: JobInput[], limits: VideoLimits, signal = new AbortController().signal) {
  let ran = false;
  const handler: ToolHandler = async () => {
    ran = true;
    return [];
  };
  const guarded = guardHandlers({ 'trim-video': handler }, limits)['trim-video'];
  const ctx: ToolContext = {
    tool: 'trim-video',
    inputs,
    params: {},
    outDir: dir,
    signal,
    progress: () => {},
    log: pino({ level: 'silent' }),
  };
  const error = await guarded(ctx).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { ran, error: error as (Error & { log?: string }) | undefined };
}

describe('guardHandlers', () => {
  it('hands the handler its ffprobe reading of each input, so a tool need not probe the same file again', async () => {
    const inputs = [input('front.mp4', 'clip.mp4')];
    let seen: ReturnType<typeof probedByGuard>;
    const guarded = guardHandlers(
      {
        'mov-to-mp4': async (ctx) => {
          seen = probedByGuard(ctx.inputs[0]);
          return [];
        },
      },
      DEFAULT_VIDEO_LIMITS,
    )['mov-to-mp4'];
    await guarded({
      tool: 'mov-to-mp4',
      inputs,
      params: {},
      outDir: dir,
      signal: new AbortController().signal,
      progress: () => {},
      log: pino({ level: 'silent' }),
    });
    expect(seen?.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(probedByGuard({ ...inputs[0] })).toBeUndefined();
  });

  it('runs the handler when every input is within the limits', async () => {
    const { ran, error } = await runGuarded([input('front.mp4', 'clip.mp4')], DEFAULT_VIDEO_LIMITS);
    expect(error).toBeUndefined();
    expect(ran).toBe(true);
  });

  it('refuses over the limits on what the file really is, not on the stored record', async () => {
    // The record says 1 s and 16×16; the file is 3 s of 160×120.
    const limits = { ...DEFAULT_VIDEO_LIMITS, maxDurationSeconds: 2, maxPixels: 160 * 120 - 1 };
    const { ran, error } = await runGuarded([input('front.mp4', 'clip.mp4')], limits);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(JobFailure);
    expect(error?.message).toBe('clip.mp4 is 3 s long; the limit is 2 s.');
    expect(error?.log).toBe(
      'clip.mp4 is 3 s long; the limit is 2 s.\nclip.mp4 is 160×120 (19,200 pixels); the limit is 19,199 pixels.',
    );
  });

  it('holds audio to the duration limit before any decoding, on what the file really is', async () => {
    const song = input('song.wav', 'song.wav', { media: 'audio', mime: 'audio/wav', format: 'wav' });
    const limits = { ...DEFAULT_VIDEO_LIMITS, maxDurationSeconds: 2 };
    const { ran, error } = await runGuarded([song], limits);
    expect(ran).toBe(false);
    expect(error?.message).toBe('song.wav is 3 s long; the limit is 2 s.');
    expect((await runGuarded([song], DEFAULT_VIDEO_LIMITS)).ran).toBe(true);
  });

  it('checks the frame count and the file size', async () => {
    const frames = await runGuarded([input('clip.webm', 'a.webm')], {
      ...DEFAULT_VIDEO_LIMITS,
      maxFrames: 50,
    });
    expect(frames.error?.message).toMatch(
      /^a\.webm has about 75 frames \(3(\.\d+)? s at 25 fps\); the limit is 50 frames\.$/,
    );
    const bytes = await runGuarded([input('clip.webm', 'a.webm')], {
      ...DEFAULT_VIDEO_LIMITS,
      maxInputBytes: 1000,
    });
    expect(bytes.error?.message).toMatch(/^a\.webm is [\d.]+ KB; the limit is 1,000 bytes\.$/);
    expect(bytes.ran).toBe(false);
  });

  it('holds image inputs to the frame size, and checks every input', async () => {
    const limits = { ...DEFAULT_VIDEO_LIMITS, maxPixels: 160 * 120 };
    const { ran, error } = await runGuarded(
      [
        input('front.mp4', 'clip.mp4'),
        input('logo.png', 'logo.png', { media: 'image', mime: 'image/png', format: 'png' }),
      ],
      limits,
    );
    expect(ran).toBe(false);
    expect(error?.message).toBe('logo.png is 200×100 (20,000 pixels); the limit is 19,200 pixels.');
  });

  it('fails a file ffprobe cannot read, naming it', async () => {
    const { ran, error } = await runGuarded([input('garbage.mp4', 'holiday.mp4')], DEFAULT_VIDEO_LIMITS);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(JobFailure);
    expect(error?.message).toMatch(
      /^holiday\.mp4 is damaged or incomplete .*Upload the complete original file\.$/,
    );
    expect(error?.log).toMatch(/Invalid data/);
  });

  it('fails a playlist that reached the worker instead of following it', async () => {
    const { ran, error } = await runGuarded(
      [input('playlist.ts', 'sneaky.ts', { format: 'ts', mime: 'video/mp2t' })],
      DEFAULT_VIDEO_LIMITS,
    );
    expect(ran).toBe(false);
    expect(error?.message).toMatch(/^sneaky\.ts (could not be read|is damaged)/);
    expect(error?.message).not.toMatch(/whitelist|@ 0x|\//);
    expect(error?.log).toMatch(/Format not on whitelist/);
  });

  it('fails an MP4 cut in half, whether or not ffprobe can still read its index', async () => {
    const front = await runGuarded([input('half-front.mp4', 'cut.mp4')], DEFAULT_VIDEO_LIMITS);
    expect(front.ran).toBe(false);
    expect(front.error).toBeInstanceOf(JobFailure);
    expect(front.error?.message).toMatch(/^cut\.mp4 could not be read as a video: the file is cut short/);
    const back = await runGuarded([input('half-back.mp4', 'cut.mp4')], DEFAULT_VIDEO_LIMITS);
    expect(back.ran).toBe(false);
    expect(back.error?.message).toMatch(/^cut\.mp4 is damaged or incomplete/);
    expect(back.error?.log).toMatch(/moov atom not found/);
  });

  it('passes an abort on as it is (not the file’s fault)', async () => {
    const { ran, error } = await runGuarded(
      [input('front.mp4', 'clip.mp4')],
      DEFAULT_VIDEO_LIMITS,
      AbortSignal.abort(),
    );
    expect(ran).toBe(false);
    expect(error?.name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(JobFailure);
  });
});

describe('measureInput', () => {
  it('reads the displayed size, duration, frame rate and bytes of the local copy', async () => {
    const measured = await measureInput(input('front.mp4', 'clip.mp4'));
    expect(measured).toMatchObject({ name: 'clip.mp4', media: 'video', width: 160, height: 120, fps: 25 });
    expect(measured?.duration).toBeCloseTo(3, 1);
    expect(measured?.size).toBe((await readFile(p('front.mp4'))).length);
  });

  it('skips media the transcoder does not take', async () => {
    expect(await measureInput(input('garbage.mp4', 'x.zip', { media: 'archive' }))).toBeUndefined();
  });
});

describe('truncatedIsoBox', () => {
  const box = (type: string, bodyLength: number) => {
    const b = Buffer.alloc(8 + bodyLength);
    b.writeUInt32BE(8 + bodyLength, 0);
    b.write(type, 4, 'latin1');
    return b;
  };
  const check = async (bytes: Buffer, declaredSize = bytes.length) => {
    await writeFile(p('boxes.bin'), bytes);
    return truncatedIsoBox(p('boxes.bin'), declaredSize);
  };

  it('accepts boxes that fill the file, and real MP4s', async () => {
    expect(await check(Buffer.concat([box('ftyp', 16), box('mdat', 100), box('moov', 40)]))).toBeUndefined();
    for (const name of ['front.mp4', 'back.mp4']) {
      const bytes = await readFile(p(name));
      expect(await truncatedIsoBox(p(name), bytes.length)).toBeUndefined();
    }
  });

  it('finds the box that runs past the end', async () => {
    const whole = Buffer.concat([box('ftyp', 16), box('moov', 40), box('mdat', 1000)]);
    expect(await check(whole.subarray(0, 200))).toEqual({ type: 'mdat', end: whole.length });
    const bytes = await readFile(p('half-front.mp4'));
    expect((await truncatedIsoBox(p('half-front.mp4'), bytes.length))?.type).toBe('mdat');
  });

  it('reads 64-bit sizes', async () => {
    const large = Buffer.alloc(16 + 50);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + 50), 8);
    expect(await check(Buffer.concat([box('ftyp', 8), large]))).toBeUndefined();
    large.writeBigUInt64BE(BigInt(5_000_000_000), 8);
    expect(await check(Buffer.concat([box('ftyp', 8), large]))).toEqual({
      type: 'mdat',
      end: 16 + 5_000_000_000,
    });
  });

  it('gives no verdict on a box that runs to the end (size 0) or on trailing junk', async () => {
    const toEnd = box('mdat', 20);
    toEnd.writeUInt32BE(0, 0);
    expect(await check(Buffer.concat([box('ftyp', 8), toEnd]))).toBeUndefined();
    const junk = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01, 0x02, 0x03, 0x04]);
    expect(await check(Buffer.concat([box('ftyp', 8), box('moov', 8), junk]))).toBeUndefined();
  });
});

describe('loadVideoLimits', () => {
  it('reads MAX_VIDEO_* with the defaults for the rest', () => {
    expect(loadVideoLimits({ MAX_VIDEO_DURATION_SECONDS: '2', MAX_VIDEO_PIXELS: '76799' })).toEqual({
      ...DEFAULT_VIDEO_LIMITS,
      maxDurationSeconds: 2,
      maxPixels: 76_799,
    });
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadVideoLimits({ MAX_VIDEO_FRAMES: 'lots' })).toThrow(ConfigError);
    expect(() => loadVideoLimits({ MAX_VIDEO_FRAMES: 'lots' })).toThrow(/MAX_VIDEO_FRAMES/);
  });
});
