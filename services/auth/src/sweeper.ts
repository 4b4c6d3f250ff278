import { type DocumentStore, type Logger, PeriodicTask } from '@mediakit/kit';
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
 * (the tasks are wired in start-auth.ts). Runs once at start, then every interval (a kit
 * PeriodicTask: no overlap, unref'd timer); one failing task does not stop the others.
 * The clock is injectable so tests can sweep "a month later" without waiting.
 */
export class AuthSweeper {
  private readonly tasks: readonly SweepTask[];
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly loop: PeriodicTask;

  constructor(options: { tasks: readonly SweepTask[]; intervalMs: number; log: Logger; now?: () => number }) {
    this.tasks = options.tasks;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    // A restart catches up on what became due while the service was down: the first sweep is now.
    this.loop = new PeriodicTask({
      name: 'auth sweep',
      intervalMs: options.intervalMs,
      log: options.log,
      run: async () => {
        const done = Object.entries(await this.sweepOnce()).filter(([, n]) => n > 0);
        if (done.length > 0) this.log.info(Object.fromEntries(done), 'auth sweep');
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void> {
    return this.loop.stop();
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
}
