import type { Logger } from '@mediakit/kit';

/**
 * Runs the retention sweep every `intervalMs`, one sweep at a time, so deleting is never late by
 * more than the interval (API.md "Files", retention).
 */
export class JobSweeper {
  private readonly sweep: (now: Date) => Promise<number>;
  private readonly intervalMs: number;
  private readonly log: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(sweep: (now: Date) => Promise<number>, intervalMs: number, log: Logger) {
    this.sweep = sweep;
    this.intervalMs = intervalMs;
    this.log = log;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return; // the previous sweep is still at work
      this.running = this.sweepNow().finally(() => {
        this.running = undefined;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async sweepNow(): Promise<void> {
    try {
      const deleted = await this.sweep(new Date());
      if (deleted > 0) this.log.info({ deleted }, 'deleted expired jobs');
    } catch (error) {
      this.log.error({ err: error }, 'sweeping expired jobs failed');
    }
  }
}
