import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import { ChildProcessClock } from '../../bench/lib/child-clock.ts';

/** Runs `sleep` as a child of this process and returns how long it lived, seen from here. */
async function sleepChild(seconds: number): Promise<number> {
  const started = performance.now();
  const child = spawn('sleep', [String(seconds)], { stdio: 'ignore' });
  await once(child, 'exit');
  return performance.now() - started;
}

test('counts the time a child of the watched name ran, and no other', async () => {
  const sleeps = new ChildProcessClock(process.pid, 'sleep').start();
  const others = new ChildProcessClock(process.pid, 'ffmpeg').start();
  const first = await sleepChild(0.3);
  // A gap with no child at all: it must not count.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const lived = first + (await sleepChild(0.2));
  const measured = await sleeps.stop();
  expect(await others.stop()).toBe(0);
  // Each start and exit is placed within one 20 ms poll; a busy machine may poll late, never early.
  expect(measured).toBeGreaterThan(lived - 200);
  expect(measured).toBeLessThanOrEqual(lived + 4 * 20);
});
