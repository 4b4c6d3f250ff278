import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Kernel clock ticks per second, the unit of /proc/<pid>/stat's CPU times (100 on Linux as built). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU milliseconds one process has used so far, all its threads together, plus the children it
 * has already waited for (an ffprobe or ffmpeg a worker ran to the end); undefined once it is gone.
 */
export function cpuMsOf(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
  // From there, field 3 (state) is index 0, so utime, stime, cutime, cstime are 11–14.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks / ticksPerSecond) * 1000;
}

/** CPU milliseconds each named process used between `start()` and `stop()`. */
export class StackCpu {
  private readonly pids: () => Partial<Record<string, number>>;
  private before: Record<string, { pid: number; ms: number }> = {};

  constructor(pids: () => Partial<Record<string, number>>) {
    this.pids = pids;
  }

  start(): this {
    this.before = this.read();
    return this;
  }

  /** Per process, CPU ms since `start()`; a process that restarted in between is left out. */
  stop(): Record<string, number> {
    const now = this.read();
    const used: Record<string, number> = {};
    for (const [name, { pid, ms }] of Object.entries(now)) {
      const before = this.before[name];
      if (before?.pid === pid) used[name] = ms - before.ms;
    }
    return used;
  }

  private read(): Record<string, { pid: number; ms: number }> {
    const result: Record<string, { pid: number; ms: number }> = {};
    for (const [name, pid] of Object.entries(this.pids())) {
      const ms = pid === undefined ? undefined : cpuMsOf(pid);
      if (pid !== undefined && ms !== undefined) result[name] = { pid, ms };
    }
    return result;
  }
}
