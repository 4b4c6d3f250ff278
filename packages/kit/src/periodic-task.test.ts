import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.ts';
import { PeriodicTask } from './periodic-task.ts';

const log = createLogger('periodic-task-test', 'silent');

describe('PeriodicTask', () => {
  it('runs at start and then every interval until stopped', async () => {
    let runs = 0;
    const task = new PeriodicTask({
      name: 'count',
      intervalMs: 10,
      log,
      run: async () => {
        runs += 1;
      },
    });
    task.start();
    await sleep(80);
    await task.stop();
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(3);
    await sleep(40);
    expect(runs).toBe(after);
  });

  it('waits one interval before the first run when asked to', async () => {
    let runs = 0;
    const task = new PeriodicTask({
      name: 'late',
      intervalMs: 60_000,
      runAtStart: false,
      log,
      run: async () => {
        runs += 1;
      },
    });
    task.start();
    await sleep(30);
    await task.stop();
    expect(runs).toBe(0);
  });

  it('never overlaps runs, and stop waits for the run in progress', async () => {
    let active = 0;
    let most = 0;
    let finished = 0;
    const task = new PeriodicTask({
      name: 'slow',
      intervalMs: 1,
      log,
      run: async () => {
        active += 1;
        most = Math.max(most, active);
        await sleep(25);
        active -= 1;
        finished += 1;
      },
    });
    task.start();
    await sleep(40);
    await task.stop();
    expect(most).toBe(1);
    expect(active).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(1);
  });

  it('logs a failed run and goes on', async () => {
    const errors: unknown[] = [];
    const spy = { ...log, error: (obj: unknown) => errors.push(obj) } as unknown as typeof log;
    let runs = 0;
    const task = new PeriodicTask({
      name: 'flaky',
      intervalMs: 5,
      log: spy,
      run: async () => {
        runs += 1;
        throw new Error('store down');
      },
    });
    task.start();
    await sleep(50);
    await task.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(errors.length).toBe(runs);
    expect(errors[0]).toMatchObject({ task: 'flaky' });
  });

  it('lets the process exit while it waits', async () => {
    const timers: NodeJS.Timeout[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      ...args: Parameters<typeof setTimeout>
    ) => {
      const timer = realSetTimeout(...args);
      timers.push(timer);
      return timer;
    }) as typeof setTimeout);
    const task = new PeriodicTask({ name: 'idle', intervalMs: 60_000, log, run: async () => {} });
    task.start();
    spy.mockRestore();
    await task.stop();
    // A ref'd timer would keep a service that is shutting down alive for up to an interval.
    expect(timers.length).toBe(1);
    expect(timers[0].hasRef()).toBe(false);
  });
});
