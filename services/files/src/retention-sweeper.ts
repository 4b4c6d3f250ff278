import type { Logger } from '@mediakit/kit';
import type { FilesService } from './files-service.ts';

export interface SweeperOptions {
  service: FilesService;
  log: Logger;
  intervalMs: number;
  /** Files deleted per query; a backlog is worked through batch by batch. */
  batchSize?: number;
  /** Extra cleanup that runs on each tick (e.g. abandoned tus uploads). */
  alsoRun?: () => Promise<unknown>;
}

/**
 * Deletes expired files every interval. Runs never overlap: the next tick is scheduled only
 * after the current run ends, so a slow sweep delays the next one rather than racing it.
 */
export class RetentionSweeper {
  readonly #options: Required<Omit<SweeperOptions, 'alsoRun'>> & Pick<SweeperOptions, 'alsoRun'>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;

  constructor(options: SweeperOptions) {
    this.#options = { batchSize: 100, ...options };
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(0); // a restart catches up on what expired while we were down
  }

  /** Stops the timer and waits for a run in progress to end. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** One full sweep as of `now`; returns how many files were deleted. */
  async sweepOnce(now = new Date()): Promise<number> {
    const { service, batchSize } = this.#options;
    let total = 0;
    for (;;) {
      const { found, deleted } = await service.deleteExpired(now, batchSize);
      total += deleted;
      // A short batch means we are done; a batch where nothing could be deleted means the
      // store is failing, and the next tick will try again.
      if (found < batchSize || deleted === 0) break;
    }
    return total;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.#tick().finally(() => {
        this.#running = undefined;
        this.#schedule(this.#options.intervalMs);
      });
    }, delayMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    const { log, alsoRun } = this.#options;
    try {
      const deleted = await this.sweepOnce();
      if (deleted > 0) log.info({ deleted }, 'deleted expired files');
      else log.debug('no expired files');
    } catch (err) {
      log.error({ err }, 'retention sweep failed');
    }
    if (alsoRun) await alsoRun().catch((err: unknown) => log.warn({ err }, 'sweep cleanup step failed'));
  }
}
