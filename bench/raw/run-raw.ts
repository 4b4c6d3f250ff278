import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../lib/stack.ts';
import type { SharpLoopOptions, SharpLoopResult } from './sharp-loop.ts';

const run = promisify(execFile);

/** Runs sharp-loop.ts in a fresh Node 24 process and returns its measurements. */
export async function runSharpLoop(options: SharpLoopOptions): Promise<SharpLoopResult> {
  const node = join(repoRoot, 'node_modules/.bin/node');
  const { stdout } = await run(node, [join(repoRoot, 'bench/raw/sharp-loop.ts'), JSON.stringify(options)], {
    cwd: repoRoot,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 30 * 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as SharpLoopResult;
}
