import type { Logger } from '@mediakit/kit';

/**
 * Runs the concurrency gate's safety net (JobsService.releaseHeldJobs) once at start and then every
 * `intervalMs`, one pass at a time. Releases normally happen the moment a job finishes; this pass
 * catches what a crash or an error interrupted, so a held job never waits longer than the interval
 * for a slot that is free.
 */
export class HeldJobReleaser {
  private readonly release: () => Promise<void>;
  private readonly intervalMs: number;
  private readonly log: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(release: () => Promise<void>, intervalMs: number, log: Logger) {
    this.release = release;
    this.intervalMs = intervalMs;
    this.log = log;
  }

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return; // the previous pass is still at work
    this.running = this.release()
      .catch((error) => this.log.error({ err: error }, 'releasing held jobs failed'))
      .finally(() => {
        this.running = undefined;
      });
  }
}
