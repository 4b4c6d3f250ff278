/**
 * `npm run bench`: what the platform costs on top of ffmpeg and libvips, measured on this machine,
 * each figure next to the raw tool doing the same work in the same run. Writes docs/benchmarks.md.
 *
 *   npm run bench                      full run (tens of minutes), writes docs/benchmarks.md
 *   npm run bench -- --quick           a tiny version of every part, writes a temp file (path printed)
 *   npm run bench -- --out report.md   write the report elsewhere
 *   npm run bench -- --only images,web run some parts: images, photos, video, audio, loudness, bytes, web, gateway
 *   npm run bench -- --bytes-mib 256   size of the Bytes part's file (default 1024, quick 32)
 *
 * Exit code 1 when a part failed (the report still says which and why); a part that cannot run
 * here (no Chromium, web apps not built) is skipped with the reason and does not fail the run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumPath, machineInfo } from './lib/machine.ts';
import { MemorySampler, memoryTable } from './lib/memory.ts';
import { type BenchContext, type PartOutcome, type PlatformHandle, SkipPart } from './lib/part.ts';
import { renderReport, type SectionResult } from './lib/report.ts';
import { repoRoot, startBenchStack } from './lib/stack.ts';
import { audioPart } from './parts/audio.ts';
import { bytesPart } from './parts/bytes.ts';
import { gatewayPart } from './parts/gateway.ts';
import { imagesPart } from './parts/images.ts';
import { loudnessPart } from './parts/loudness.ts';
import { photosPart } from './parts/photos.ts';
import { videoPart } from './parts/video.ts';
import { webPart } from './parts/web.ts';

const PARTS = ['images', 'photos', 'video', 'audio', 'loudness', 'gateway', 'bytes', 'web'] as const;
type PartName = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    only: { type: 'string' },
    'bytes-mib': { type: 'string' },
  },
});
const quick = values.quick ?? false;
const only = new Set((values.only?.split(',').map((s) => s.trim()) ?? PARTS) as PartName[]);
for (const name of only) {
  if (!PARTS.includes(name)) {
    console.error(`bench: unknown part "${name}"; parts are ${PARTS.join(', ')}`);
    process.exit(2);
  }
}
const out = resolve(
  values.out ?? (quick ? join(tmpdir(), 'mediakit-bench-quick.md') : join(repoRoot, 'docs/benchmarks.md')),
);

const startedAt = new Date();
const t0 = Date.now();
const log = (message: string) =>
  console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${message}`);
const workDir = await mkdtemp(join(tmpdir(), 'mk-bench-work-'));
const bytesMiB = values['bytes-mib'] === undefined ? undefined : Number(values['bytes-mib']);
if (bytesMiB !== undefined && !(Number.isInteger(bytesMiB) && bytesMiB > 0)) {
  console.error(`bench: --bytes-mib must be a whole number of MiB above 0, got ${values['bytes-mib']}`);
  process.exit(2);
}
const ctx: BenchContext = { quick, workDir, log, bytesSize: bytesMiB && bytesMiB * 1024 * 1024 };
const sections: SectionResult[] = [];
const memoryTables: { title: string; table: string }[] = [];

async function section(title: string, name: PartName, body: () => Promise<PartOutcome>): Promise<void> {
  if (!only.has(name)) return;
  log(`${title}…`);
  const started = Date.now();
  try {
    const outcome = await body();
    sections.push({ title, status: 'ok', ...outcome, seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    const skipped = error instanceof SkipPart;
    log(`${title}: ${skipped ? 'skipped' : 'FAILED'}: ${(error as Error).stack ?? error}`);
    sections.push({
      title,
      status: skipped ? 'skipped' : 'failed',
      reason: (error as Error).message,
      markdown: '',
      targets: [],
      seconds: (Date.now() - started) / 1000,
    });
  }
}

const machine = await machineInfo(chromiumPath);
log(`machine: ${machine.cpu}, ${machine.cores} cores; writing ${out}`);

try {
  // One stack for the parts that move media (images, photos, video, bytes, web): every service
  // running, as `npm start` runs them.
  if (
    ['images', 'photos', 'video', 'audio', 'loudness', 'bytes', 'web'].some((p) => only.has(p as PartName))
  ) {
    log('starting the stack');
    const stack = await startBenchStack();
    const memory = new MemorySampler(() => stack.pids());
    const platform: PlatformHandle = { stack, memory };
    try {
      memory.phase('idle');
      await new Promise((r) => setTimeout(r, quick ? 1000 : 5000));
      memory.end();
      await section('Images', 'images', () => imagesPart(ctx, platform));
      await section('Photos', 'photos', () => photosPart(ctx, platform));
      await section('Video', 'video', () => videoPart(ctx, platform));
      await section('Audio', 'audio', () => audioPart(ctx, platform));
      await section('Loudness', 'loudness', () => loudnessPart(ctx, platform));
      await section('Bytes', 'bytes', () => bytesPart(ctx, platform));
      await section('Web', 'web', () => webPart(ctx, platform));
      memory.end();
      memoryTables.push({
        title: 'Full stack (every service): idle, then each media part',
        table: memoryTable(memory.phases),
      });
    } finally {
      memory.end();
      await stack.teardown();
    }
  }
  await section('Gateway', 'gateway', async () => {
    const outcome = await gatewayPart(ctx);
    memoryTables.push({
      title: 'API stack (no workers): idle, then each autocannon load',
      table: outcome.memory,
    });
    return outcome;
  });
} finally {
  await rm(workDir, { recursive: true, force: true });
}

const report = renderReport({
  quick,
  startedAt,
  minutes: (Date.now() - t0) / 60_000,
  machine,
  sections: PARTS.map((p) => sections.find((s) => s.title.toLowerCase() === p)).filter(
    (s): s is SectionResult => s !== undefined,
  ),
  memoryTables,
});
await mkdir(dirname(out), { recursive: true });
await writeFile(out, report);
log(`report written to ${out}`);
const failed = sections.filter((s) => s.status === 'failed');
if (failed.length) {
  console.error(`bench: ${failed.map((s) => s.title).join(', ')} failed; see the report`);
  process.exitCode = 1;
}
