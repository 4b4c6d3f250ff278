import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * Times, from outside a service, how long the child processes it runs by one name (ffmpeg in the
 * transcoder) were alive: it polls the service's list of children in /proc (Linux,
 * `/proc/<pid>/task/<pid>/children`: the children of its main thread, which is where Node spawns
 * them) and counts the time any such child was running. Each start and exit is placed halfway
 * between the two polls that saw it change, so a figure is off by at most one interval per
 * process. The bench uses it to split a job's time into the tool's own run and what the platform
 * adds around it, within the same job, instead of across runs (an encode's own time spreads by a
 * second or more from run to run on two shared cores).
 */
export class ChildProcessClock {
  private aliveMs = 0;
  private running = false;
  private lastPoll = performance.now();
  private polling: Promise<void> | undefined;
  private stopped = false;
  private readonly parentPid: number;
  private readonly command: string;
  private readonly everyMs: number;

  constructor(parentPid: number, command: string, everyMs = 20) {
    this.parentPid = parentPid;
    this.command = command;
    this.everyMs = everyMs;
  }

  start(): this {
    this.polling = this.loop();
    return this;
  }

  /** Stops polling; milliseconds during which at least one matching child was alive. */
  async stop(): Promise<number> {
    this.stopped = true;
    await this.polling;
    return this.aliveMs;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const alive = this.anyChildRunning();
      const now = performance.now();
      const sinceLast = now - this.lastPoll;
      // Both polls saw it: the whole interval. A change between them: half, its expected share.
      if (alive && this.running) this.aliveMs += sinceLast;
      else if (alive !== this.running) this.aliveMs += sinceLast / 2;
      this.running = alive;
      this.lastPoll = now;
      await new Promise((resolve) => setTimeout(resolve, this.everyMs));
    }
  }

  // Synchronous reads on purpose: a promise-based read is several thread-pool round trips, and
  // polling that way took CPU from the very ffmpeg being timed (docs/benchmarks.md, Video).
  private anyChildRunning(): boolean {
    for (const pid of readProc(`${this.parentPid}/task/${this.parentPid}/children`).split(' ')) {
      if (pid && readProc(`${pid}/comm`).trim() === this.command) return true;
    }
    return false;
  }
}

/** A /proc file's text, or '' once the process is gone. */
function readProc(path: string): string {
  try {
    return readFileSync(`/proc/${path}`, 'utf8');
  } catch {
    return '';
  }
}
