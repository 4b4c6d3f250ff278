/**
 * Raw sharp in a loop, in its own process so its libvips settings do not leak into the bench
 * runner. `node bench/raw/sharp-loop.ts '<json>'` prints one JSON line with every operation's time.
 *
 * Tasks:
 * - `benchmark`: sharp's own benchmark task (its test/bench/perf.js, "buffer to buffer"): a JPEG
 *   in memory → resize(720, 588) → JPEG quality 80 in memory, libvips cache off.
 * - `imager`: exactly what the imager's resize-image does for one input (same opener, same plan:
 *   EXIF orientation, flatten, resize cover, sRGB, JPEG quality 90 progressive), file to file,
 *   with the imager's process settings (cache off, only our loaders).
 * `threads` is libvips' thread pool (sharp.concurrency); `parallel` how many images run at once.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { openImage } from '../../services/imager/src/decode/open-image.ts';
import { allowOnlyOurLoaders } from '../../services/imager/src/limits.ts';
import { applyPlan, planImageJob } from '../../services/imager/src/tools/pipeline.ts';

export interface SharpLoopOptions {
  task: 'benchmark' | 'imager';
  input: string;
  outDir: string;
  threads: number;
  parallel: number;
  iterations: number;
  warmup: number;
}

export interface SharpLoopResult {
  opMs: number[];
  wallMs: number;
  opsPerSecond: number;
  /** CPU of this whole process (libvips' threads, libuv's pool, the main thread) per image, in ms. */
  cpuMsPerOp: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as SharpLoopOptions;
sharp.cache(false);
sharp.concurrency(options.threads);
if (options.task === 'imager') allowOnlyOurLoaders(sharp);
await mkdir(options.outDir, { recursive: true });
const inputBuffer = await readFile(options.input);
const meta = await sharp(inputBuffer).metadata();

async function once(i: number): Promise<void> {
  if (options.task === 'benchmark') {
    await sharp(inputBuffer).resize(720, 588).jpeg({ quality: 80 }).toBuffer();
    return;
  }
  const plan = planImageJob({
    format: 'jpeg',
    resize: { width: 720, height: 588, fit: 'cover' },
    inputSize: { width: meta.width, height: meta.height },
  });
  const image = await openImage({ path: options.input, format: 'jpeg', name: 'bench.jpg' });
  await applyPlan(image, plan).toFile(join(options.outDir, `${i % 8}.jpg`));
}

for (let i = 0; i < options.warmup; i++) await once(i);
const opMs: number[] = [];
let next = 0;
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: options.parallel }, async () => {
    while (next < options.iterations) {
      const i = next++;
      const t = performance.now();
      await once(i);
      opMs.push(performance.now() - t);
    }
  }),
);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const result: SharpLoopResult = {
  opMs,
  wallMs,
  opsPerSecond: (options.iterations / wallMs) * 1000,
  cpuMsPerOp: (cpu.user + cpu.system) / 1000 / options.iterations,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
