import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '@mediakit/catalog';
import type { ToolContext, ToolHandler, ToolOutput } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeInput, type FakeJob, fakeJob, pngClaiming, redBluePng } from '../test/support.ts';
import { boundDecodeTime, guardHandlers, isSharpTimeout, measureInput } from './guard.ts';
import { handlers } from './tools/index.ts';

const jobs: FakeJob<unknown>[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.cleanup()));
});

async function job(files: FakeInput[]): Promise<FakeJob<unknown>> {
  const made = await fakeJob<unknown>('png-to-jpg', {}, files);
  jobs.push(made);
  return made;
}

/** Runs `handler` guarded; says whether it ran, with which context, and how it ended. */
async function runGuarded(
  ctx: ToolContext<unknown>,
  limits: ImageLimits,
  handler: ToolHandler<unknown> = async () => [],
) {
  let seen: ToolContext<unknown> | undefined;
  const guarded = guardHandlers(
    {
      tool: async (c) => {
        seen = c;
        return handler(c);
      },
    },
    limits,
  ).tool;
  const started = Date.now();
  const result = await guarded(ctx).then(
    (outputs: ToolOutput[]) => ({ outputs, error: undefined }),
    (error: unknown) => ({ outputs: undefined, error: error as Error & { log?: string } }),
  );
  return { ...result, seen, ran: seen !== undefined, ms: Date.now() - started };
}

const png = async (name: string, bytes: Promise<Buffer> | Buffer): Promise<FakeInput> => ({
  name,
  bytes: await bytes,
  format: 'png',
});

/** An animated GIF of `frames` 16×12 frames. */
async function animatedGif(frames: number): Promise<Buffer> {
  const colours = ['#f00', '#0f0', '#00f', '#ff0', '#0ff', '#f0f'];
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: 16, height: 12, channels: 3, background: colours[i % colours.length] } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif()
    .toBuffer();
}

describe('guardHandlers: the input limits', () => {
  it('runs the handler when every input is within the limits, with a signal of its own', async () => {
    const { ctx } = await job([await png('a.png', redBluePng(80, 40)), await png('b.png', redBluePng())]);
    const { ran, error, outputs, seen } = await runGuarded(ctx, DEFAULT_IMAGE_LIMITS, async () => [
      { path: '/x', name: 'x.jpg' },
    ]);
    expect(error).toBeUndefined();
    expect(ran).toBe(true);
    expect(outputs).toEqual([{ path: '/x', name: 'x.jpg' }]);
    expect(seen?.inputs).toBe(ctx.inputs);
    expect(seen?.signal).not.toBe(ctx.signal);
  });

  it('refuses on the header of the file it got, not on the record (a tiny file claiming 30000×30000)', async () => {
    const { ctx } = await job([await png('poster.png', pngClaiming(30_000, 30_000))]);
    // What the record says does not matter for PNG: the header is read again.
    ctx.inputs[0].width = 10;
    ctx.inputs[0].height = 10;
    const { ran, error } = await runGuarded(ctx, DEFAULT_IMAGE_LIMITS);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(JobFailure);
    expect(error?.message).toBe('poster.png is 30000×30000 (900 MP); the limit is 100 MP.');
  });

  it('refuses a real decompression bomb under a lowered pixel limit', async () => {
    const bomb = sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    const { ctx } = await job([await png('bomb.png', bomb)]);
    expect((await stat(ctx.inputs[0].path)).size).toBeLessThan(20_000);
    const { ran, error } = await runGuarded(ctx, { ...DEFAULT_IMAGE_LIMITS, maxPixels: 50_000_000 });
    expect(ran).toBe(false);
    expect(error?.message).toBe('bomb.png is 8000×7000 (56 MP); the limit is 50 MP.');
  });

  it('counts the frames of an animated PNG, which libvips sees as one image', async () => {
    // ffmpeg's APNG muxer, 12 frames (tests/corpus/make/anim.sh).
    const apng = await readFile(
      fileURLToPath(new URL('../../../tests/corpus/files/anim/ffmpeg-apng-12-frames.png', import.meta.url)),
    );
    const { ctx } = await job([{ name: 'sticker.png', bytes: apng, format: 'png' }]);
    const over = await runGuarded(ctx, { ...DEFAULT_IMAGE_LIMITS, maxFrames: 11 });
    expect(over.error?.message).toBe('sticker.png has 12 frames; the limit is 11 frames.');
  });

  it('counts the frames of an animated GIF', async () => {
    const { ctx } = await job([{ name: 'loop.gif', bytes: await animatedGif(5), format: 'gif' }]);
    const over = await runGuarded(ctx, { ...DEFAULT_IMAGE_LIMITS, maxFrames: 4 });
    expect(over.ran).toBe(false);
    expect(over.error?.message).toBe('loop.gif has 5 frames; the limit is 4 frames.');
    const within = await runGuarded(ctx, { ...DEFAULT_IMAGE_LIMITS, maxFrames: 5 });
    expect(within.ran).toBe(true);
  });

  it('refuses a file over the byte limit without opening it', async () => {
    // Not an image at all: were it opened, the message would be a read error.
    const { ctx } = await job([{ name: 'huge.png', bytes: Buffer.alloc(5000, 7), format: 'png' }]);
    const { ran, error } = await runGuarded(ctx, { ...DEFAULT_IMAGE_LIMITS, maxInputBytes: 4096 });
    expect(ran).toBe(false);
    expect(error?.message).toBe('huge.png is 4.9 KB; the limit is 4 KB.');
  });

  it('lists every limit of every input in the log, the first as the message', async () => {
    const { ctx } = await job([
      await png('ok.png', redBluePng(10, 10)),
      await png('wide.png', redBluePng(200, 100)),
      { name: 'loop.gif', bytes: await animatedGif(3), format: 'gif' },
    ]);
    const { error } = await runGuarded(ctx, { ...DEFAULT_IMAGE_LIMITS, maxPixels: 10_000, maxFrames: 2 });
    expect(error?.message).toBe('wide.png is 200×100 (20,000 pixels); the limit is 10,000 pixels.');
    expect(error?.log).toBe(
      'wide.png is 200×100 (20,000 pixels); the limit is 10,000 pixels.\nloop.gif has 3 frames; the limit is 2 frames.',
    );
  });

  it('fails a file libvips cannot read, naming it', async () => {
    const { ctx } = await job([
      { name: 'fake.png', bytes: Buffer.from('not an image at all'), format: 'png' },
    ]);
    const { ran, error } = await runGuarded(ctx, DEFAULT_IMAGE_LIMITS);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(JobFailure);
    expect(error?.message).toBe('fake.png could not be read: it is not an image format we can read');
  });

  it('passes a cancel on as it is (not the file’s fault)', async () => {
    const { ctx, controller } = await job([await png('a.png', redBluePng(10, 10))]);
    controller.abort(new Error('canceled'));
    const { ran, error } = await runGuarded(ctx, DEFAULT_IMAGE_LIMITS);
    expect(ran).toBe(false);
    expect(error?.message).toBe('canceled');
    expect(error).not.toBeInstanceOf(JobFailure);
  });
});

describe('measureInput', () => {
  it('reads size, displayed size and frames from the file', async () => {
    const { ctx } = await job([{ name: 'loop.gif', bytes: await animatedGif(3), format: 'gif' }]);
    const measured = await measureInput(ctx.inputs[0], DEFAULT_IMAGE_LIMITS);
    expect(measured).toMatchObject({ name: 'loop.gif', format: 'gif', width: 16, height: 12, frames: 3 });
    expect(measured.size).toBeGreaterThan(0);
  });

  it('reads an SVG from memory', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200"/></svg>';
    const { ctx } = await job([{ name: 'logo.svg', bytes: Buffer.from(svg), format: 'svg' }]);
    expect(await measureInput(ctx.inputs[0], DEFAULT_IMAGE_LIMITS)).toMatchObject({
      width: 300,
      height: 200,
    });
  });

  it('keeps the recorded size of formats decoded outside libvips', async () => {
    const { ctx } = await job([{ name: 'old.bmp', bytes: Buffer.from('BM not parsed here'), format: 'bmp' }]);
    ctx.inputs[0].width = 40_000;
    ctx.inputs[0].height = 30_000;
    expect(await measureInput(ctx.inputs[0], DEFAULT_IMAGE_LIMITS)).toMatchObject({
      width: 40_000,
      height: 30_000,
      size: 18,
    });
    const { error } = await runGuarded(ctx, DEFAULT_IMAGE_LIMITS);
    expect(error?.message).toBe('old.bmp is 40000×30000 (1200 MP); the limit is 100 MP.');
  });
});

describe('guardHandlers: the time budget', () => {
  const oneSecond = { ...DEFAULT_IMAGE_LIMITS, decodeTimeoutSeconds: 1 };

  it('fails a job that outlives its budget, aborts its signal, and does not wait for it', async () => {
    const { ctx, progress } = await job([await png('slow.png', redBluePng(10, 10))]);
    let handlerSignal: AbortSignal | undefined;
    const { error, ms } = await runGuarded(ctx, oneSecond, async (c) => {
      handlerSignal = c.signal;
      c.progress(10);
      // Ignores its signal, reports progress and fails late: neither may reach the finished job,
      // and the late failure must not surface as an unhandled rejection.
      await new Promise((r) => setTimeout(r, 1800));
      c.progress(90);
      throw new Error('too late to matter');
    });
    expect(error).toBeInstanceOf(JobFailure);
    expect(error?.message).toBe('slow.png took too long to process; the limit is 1 s per image.');
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(1700);
    expect(handlerSignal?.aborted).toBe(true);
    expect(ctx.signal.aborted).toBe(false);
    await new Promise((r) => setTimeout(r, 1000));
    expect(progress).toEqual([10]);
  });

  it('gives a batch one budget per input', async () => {
    const { ctx } = await job([
      await png('a.png', redBluePng(10, 10)),
      await png('b.png', redBluePng(10, 10)),
    ]);
    const slow = await runGuarded(ctx, oneSecond, async () => {
      await new Promise((r) => setTimeout(r, 1300));
      return [];
    });
    expect(slow.error).toBeUndefined();
    const slower = await runGuarded(
      ctx,
      oneSecond,
      (c) =>
        new Promise((_, reject) => {
          c.signal.addEventListener('abort', () => reject(c.signal.reason));
        }),
    );
    expect(slower.error?.message).toBe(
      'These 2 images took too long to process; the limit is 1 s per image (2 s for the job).',
    );
  });

  it('bounds a real libvips pipeline: boundDecodeTime makes libvips itself stop', async () => {
    const { ctx } = await job([await png('noise.png', redBluePng(10, 10))]);
    let inner: unknown;
    const started = Date.now();
    const { error } = await runGuarded(ctx, oneSecond, async (c) => {
      // Seconds of work on one libvips thread: a huge blur of 16 MP of noise.
      const heavy = sharp({
        create: {
          width: 4000,
          height: 4000,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .blur(150)
        .jpeg();
      try {
        await boundDecodeTime(heavy, c.signal).toBuffer();
      } catch (e) {
        inner = e;
        throw e;
      }
      return [];
    });
    expect(error?.message).toBe('noise.png took too long to process; the limit is 1 s per image.');
    // libvips' own timeout fires soon after the budget: the work really stopped.
    for (let i = 0; i < 50 && inner === undefined; i++) await new Promise((r) => setTimeout(r, 100));
    expect(isSharpTimeout(inner)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('leaves a pipeline alone outside a guarded job', async () => {
    const image = sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } });
    expect(boundDecodeTime(image, new AbortController().signal)).toBe(image);
  });
});

describe('guarding the real tools', () => {
  it('png-to-jpg still converts a batch, one output per input', async () => {
    const { ctx, progress } = await job([
      await png('a.png', redBluePng(40, 20)),
      await png('b.png', redBluePng(20, 40)),
    ]);
    const guarded = guardHandlers(handlers, DEFAULT_IMAGE_LIMITS)['png-to-jpg'];
    const outputs = await guarded(ctx);
    expect(outputs.map((o) => o.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(progress).toEqual([50, 100]);
    for (const output of outputs) expect((await sharp(output.path).metadata()).format).toBe('jpeg');
  });
});
