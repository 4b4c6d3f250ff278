import type { Logger } from 'pino';

export interface PeriodicTaskOptions {
  /** Names the task in the log line of a failed run. */
  name: string;
  /** Time from the end of one run to the start of the next. */
  intervalMs: number;
  /** One run; what it returns is ignored, what it throws is logged. */
  run: () => Promise<unknown>;
  log: Logger;
  /** Whether the first run starts right away (default) or one interval after `start()`. */
  runAtStart?: boolean;
}

/**
 * A background job that runs every interval until stopped: the services' sweepers and releasers.
 * Runs never overlap (the next is scheduled when one ends, so a slow run delays the next rather
 * than racing it), a failed run is logged and the loop goes on, and the timer is unref'd so it
 * never keeps a process alive. `stop()` resolves once a run in progress has ended.
 */
export class PeriodicTask {
  readonly #options: PeriodicTaskOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = true;

  constructor(options: PeriodicTaskOptions) {
    this.#options = options;
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(this.#options.runAtStart === false ? this.#options.intervalMs : 0);
  }

  /** Stops the timer and waits for a run in progress to end. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.#runOnce().finally(() => {
        this.#running = undefined;
        this.#schedule(this.#options.intervalMs);
      });
    }, delayMs);
    this.#timer.unref();
  }

  async #runOnce(): Promise<void> {
    const { name, run, log } = this.#options;
    try {
      await run();
    } catch (err) {
      log.error({ err, task: name }, `${name} failed; the next run retries`);
    }
  }
}
