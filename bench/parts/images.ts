import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApiClient, timedJob, uploadOne } from '../lib/jobs.ts';
import { makeBenchJpeg } from '../lib/media.ts';
import type { BenchContext, PartOutcome, PlatformHandle } from '../lib/part.ts';
import { fmt, spread, summarize } from '../lib/stats.ts';
import { atLeast, atMost } from '../lib/targets.ts';
import { runSharpLoop } from '../raw/run-raw.ts';
import type { SharpLoopResult } from '../raw/sharp-loop.ts';

/** resize-image with these params is the platform's closest job to sharp's benchmark task. */
const PARAMS = { width: 720, height: 588, fit: 'cover' };

/**
 * Images: raw sharp in a loop against resize-image through the whole platform (API submit →
 * imager → output stored → final SSE event), on sharp's benchmark task (2725×2225 JPEG → 720×588).
 */
export async function imagesPart(ctx: BenchContext, platform: PlatformHandle): Promise<PartOutcome> {
  const { quick } = ctx;
  const input = join(ctx.workDir, 'bench-2725x2225.jpg');
  await makeBenchJpeg(input);
  const cores = cpus().length;
  const iterations = quick ? 6 : 120;
  const warmup = quick ? 1 : 5;
  const outDir = join(ctx.workDir, 'sharp-out');
  const loop = (task: 'benchmark' | 'imager', threads: number, parallel: number) =>
    runSharpLoop({ task, input, outDir, threads, parallel, iterations, warmup });

  ctx.log('images: raw sharp loops');
  const raw: Array<{ label: string; result: SharpLoopResult }> = [
    {
      label: `sharp's benchmark task (buffer → buffer, quality 80), ${cores} libvips threads, 1 at a time`,
      result: await loop('benchmark', cores, 1),
    },
    {
      label: `the imager's exact work (file → file, quality 90 progressive), ${cores} threads, 1 at a time`,
      result: await loop('imager', cores, 1),
    },
    {
      label: "the imager's exact work with its own settings: 1 thread per image, 2 at a time",
      result: await loop('imager', 1, 2),
    },
    {
      label: "the imager's exact work, 1 thread, 1 at a time (the reference for per-job overhead)",
      result: await loop('imager', 1, 1),
    },
  ];
  const [benchmarkTask, sameWorkThreads, sameWorkParallel, single] = raw.map((r) => r.result);

  const client = new ApiClient(platform.stack.url);
  const fileId = await uploadOne(client, input, 'photo.jpg');

  // Per-job overhead: one job at a time, so nothing queues and each latency is one job's path.
  ctx.log('images: platform jobs one at a time');
  platform.memory.phase('images, one at a time');
  for (let i = 0; i < warmup; i++) await timedJob(client, 'resize-image', [fileId], PARAMS);
  const sequentialMs: number[] = [];
  const sequential = quick ? 3 : 40;
  for (let i = 0; i < sequential; i++)
    sequentialMs.push((await timedJob(client, 'resize-image', [fileId], PARAMS)).ms);

  // Throughput: more jobs in flight than the imager runs at once, so its queue never runs dry.
  ctx.log('images: platform throughput');
  platform.memory.phase('images, throughput');
  const total = quick ? 6 : 120;
  const inFlight = 6;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) {
        next++;
        await timedJob(client, 'resize-image', [fileId], PARAMS);
      }
    }),
  );
  const jobsPerSecond = (total / (performance.now() - started)) * 1000;
  platform.memory.end();

  const latency = summarize(sequentialMs);
  const singleRaw = summarize(single.opMs);
  const overheadP50 = latency.p50 - singleRaw.p50;
  const overheadP95 = latency.p95 - singleRaw.p50;
  const bestSameWork = Math.max(sameWorkThreads.opsPerSecond, sameWorkParallel.opsPerSecond);
  const ratio = jobsPerSecond / bestSameWork;

  const rawRows = raw
    .map(
      ({ label, result }) =>
        `| ${label} | ${fmt(result.opsPerSecond, 1)} | ${spread(summarize(result.opMs), 'ms')} |`,
    )
    .join('\n');
  const markdown = `Input: a 2725×2225 JPEG made at start with sharp (gradients, blocks and noise; ${iterations} timed iterations after ${warmup} warm-up). The platform job is \`resize-image\` \`${JSON.stringify(PARAMS)}\` on that upload: the imager writes JPEG quality 90 progressive (resize-image has no quality parameter), so the same-work rows run exactly the imager's pipeline (\`services/imager/src/tools/pipeline.ts\`) in a loop.

| raw sharp | images/s | time per image |
|---|---:|---|
${rawRows}

| through the platform | figure |
|---|---|
| jobs/s, ${total} jobs, ${inFlight} in flight (imager: 2 jobs at once, 1 libvips thread each) | **${fmt(jobsPerSecond, 1)}** |
| ratio to the best raw same-work figure (${fmt(bestSameWork, 1)}/s) | **${fmt(ratio, 2)}×** |
| ratio to sharp's benchmark task (${fmt(benchmarkTask.opsPerSecond, 1)}/s) | ${fmt(jobsPerSecond / benchmarkTask.opsPerSecond, 2)}× |
| latency of one job alone (submit → final event), ${sequential} jobs | ${spread(latency, 'ms')} |
| per-job overhead = latency − raw same-work time alone (${fmt(singleRaw.p50)} ms) | p50 **${fmt(overheadP50)} ms**, p95 ${fmt(overheadP95)} ms |
`;
  return {
    markdown,
    targets: [
      atLeast('Image throughput vs raw sharp (same work)', ratio, 0.8, '×', 2),
      atMost('Image per-job overhead p50', overheadP50, 40, ' ms', 1),
    ],
  };
}
