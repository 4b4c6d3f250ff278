/**
 * Counts form posts per key (an address, an email) in fixed windows and says when a key is over
 * its limit, with how long until it may try again. In memory, per process: enough to stop one
 * machine guessing passwords through one replica; several replicas each count on their own (a
 * shared counter would need the store on every post).
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: { windowMs: number; now?: () => number }) {
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts one attempt of `key`, allowed `max` per window. Returns null when allowed, or the
   * seconds until the window ends when this attempt is one too many.
   */
  hit(key: string, max: number): number | null {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      this.prune(now);
    }
    window.count += 1;
    return window.count > max ? Math.ceil((window.resetAt - now) / 1000) : null;
  }

  /** Drops ended windows now and then, so the map does not grow with every address ever seen. */
  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** "Too many attempts, try again in N minutes." with N rounded up (at least 1). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
