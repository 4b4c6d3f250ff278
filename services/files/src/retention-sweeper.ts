import { type Logger, PeriodicTask } from '@mediakit/kit';
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
 * Deletes expired files every interval, first at start (a restart catches up on what expired
 * while the service was down). The loop is a kit PeriodicTask: runs never overlap.
 */
export class RetentionSweeper {
  readonly #service: FilesService;
  readonly #batchSize: number;
  readonly #loop: PeriodicTask;

  constructor({ service, log, intervalMs, batchSize = 100, alsoRun }: SweeperOptions) {
    this.#service = service;
    this.#batchSize = batchSize;
    this.#loop = new PeriodicTask({
      name: 'retention sweep',
      intervalMs,
      log,
      run: async () => {
        try {
          const deleted = await this.sweepOnce();
          if (deleted > 0) log.info({ deleted }, 'deleted expired files');
          else log.debug('no expired files');
        } catch (err) {
          log.error({ err }, 'retention sweep failed');
        }
        if (alsoRun) await alsoRun().catch((err: unknown) => log.warn({ err }, 'sweep cleanup step failed'));
      },
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops the timer and waits for a run in progress to end. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One full sweep as of `now`; returns how many files were deleted. */
  async sweepOnce(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const { found, deleted } = await this.#service.deleteExpired(now, this.#batchSize);
      total += deleted;
      // A short batch means we are done; a batch where nothing could be deleted means the
      // store is failing, and the next tick will try again.
      if (found < this.#batchSize || deleted === 0) break;
    }
    return total;
  }
}
