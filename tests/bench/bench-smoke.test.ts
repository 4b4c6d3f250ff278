import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const committedReport = join(root, 'docs/benchmarks.md');

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const mtimeOf = (path: string) =>
  stat(path).then(
    (s) => s.mtimeMs,
    () => undefined,
  );

/**
 * Benchmarks are not tests (npm test does not run them), but the harness must keep working:
 * `npm run bench -- --quick` runs every part in miniature against a real stack and writes a report.
 * The report goes to a temp path; the committed docs/benchmarks.md is never touched.
 */
test(
  'the quick bench runs every part and writes a report with every section and target',
  async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-bench-smoke-'));
    const out = join(dir, 'report.md');
    const before = await mtimeOf(committedReport);
    const result = await run(
      join(root, 'node_modules/.bin/node'),
      ['bench/run.ts', '--quick', '--out', out],
      {
        cwd: root,
        timeout: 14 * 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`bench --quick failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(result.stdout).toContain(`report written to ${out}`);

    const report = await readFile(out, 'utf8');
    expect(report).toContain('**Quick run**');
    for (const heading of [
      '## How to run',
      '## What each part measures',
      '## Machine',
      '## Targets',
      '## Images',
      '## Video',
      '## Gateway',
      '## Bytes',
      '## Web',
      '## Memory of each service',
      '## Measurements behind the code',
    ]) {
      expect(report).toContain(heading);
    }
    // Every measured part produced figures, not an error (a missing Chromium may skip Web only).
    expect(report).not.toMatch(/\*\*failed\*\*/);
    for (const target of [
      'Image CPU outside libvips per job',
      'Image job latency over raw sharp p50',
      'Video encode time vs raw ffmpeg',
      'Video fixed overhead p50',
      'GET /jobs/{id} p99',
      'Memory growth for a 32 MiB transfer',
    ]) {
      expect(report).toMatch(
        new RegExp(
          `\\| ${target.replace(/[{}/]/g, '\\$&')}[^|]*\\| [^|]+ \\| [\\d.]+[^|]* \\| \\*\\*(met|missed)\\*\\*`,
        ),
      );
    }
    // Throughput on two cores shared by the whole stack is reported, not judged.
    expect(report).toMatch(/\| ratio to the best raw same-work figure .*, reported, not a target \|/);
    expect(report).not.toMatch(/^\| Image throughput/m);
    // Each video job's own ffmpeg run was found and timed in the transcoder (bench/lib/child-clock.ts):
    // the "ffmpeg in the job" column (the fifth) is above zero on every row.
    const videoRows = report.match(/^\| [a-z-]+-(video|mp4): .*$/gm) ?? [];
    expect(videoRows).toHaveLength(4);
    for (const row of videoRows) expect(Number.parseFloat(row.split('|')[5])).toBeGreaterThan(0);
    expect(await mtimeOf(committedReport)).toBe(before);
  },
  15 * 60_000,
);
