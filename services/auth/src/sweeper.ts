import type { DocumentStore, Logger } from '@mediakit/kit';
import type { SessionRepository } from './session-repository.ts';

/** One kind of clean-up the auth sweeper runs; returns how many entries it removed or changed. */
export interface SweepTask {
  name: string;
  run(now: Date): Promise<number>;
}

/** App sessions no refresh can use any more: expired or revoked (session-repository.ts). */
export function deadSessionsTask(sessions: SessionRepository): SweepTask {
  return { name: 'sessions', run: (now) => sessions.deleteDead(now.toISOString()) };
}

/**
 * Password-reset links that can no longer be used: expired or used. They live in the
 * `password_resets` collection of oidc/password-reset.ts (which checks expiry on use, so this is
 * only about not keeping them).
 */
export function deadPasswordResetsTask(store: DocumentStore): SweepTask {
  const resets = store.collection<{ _id: string; expiresAt: string; usedAt?: string }>('password_resets');
  return {
    name: 'passwordResets',
    run: (now) =>
      resets.deleteMany({ $or: [{ expiresAt: { $lte: now.toISOString() } }, { usedAt: { $exists: true } }] }),
  };
}

/**
 * The auth service's periodic clean-up (AUTH_SWEEP_INTERVAL_SECONDS): dead app sessions, expired
 * password-reset entries, due subscription downgrades, account-deletion events not yet announced
 * (the tasks are wired in start-auth.ts). Runs once at start, then every interval; runs never
 * overlap (the next is scheduled when one ends), and one failing task does not stop the others.
 * The clock is injectable so tests can sweep "a month later" without waiting.
 */
export class AuthSweeper {
  private readonly tasks: readonly SweepTask[];
  private readonly intervalMs: number;
  private readonly log: Logger;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(options: { tasks: readonly SweepTask[]; intervalMs: number; log: Logger; now?: () => number }) {
    this.tasks = options.tasks;
    this.intervalMs = options.intervalMs;
    this.log = options.log;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0); // a restart catches up on what became due while the service was down
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One sweep at the clock's now: each task's count by name (-1 for a task that failed). */
  async sweepOnce(): Promise<Record<string, number>> {
    const now = new Date(this.now());
    const counts: Record<string, number> = {};
    for (const task of this.tasks) {
      try {
        counts[task.name] = await task.run(now);
      } catch (err) {
        counts[task.name] = -1;
        this.log.error({ err, task: task.name }, 'an auth sweep task failed; the next sweep retries');
      }
    }
    return counts;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweepOnce()
        .then((counts) => {
          const done = Object.entries(counts).filter(([, n]) => n > 0);
          if (done.length > 0) this.log.info(Object.fromEntries(done), 'auth sweep');
        })
        .finally(() => {
          this.running = undefined;
          this.schedule(this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
