import type { ChildProcess } from 'node:child_process';

export interface StopLimits {
  signal?: AbortSignal;
  /** Wall-clock limit; undefined or 0 means none. */
  timeoutMs?: number;
  /** How long SIGTERM gets before SIGKILL. */
  killGraceMs?: number;
}

export type StopReason = 'aborted' | 'timeout';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when we stopped the process ourselves. */
  stoppedBy?: StopReason;
}

/**
 * 500 ms is enough for ffmpeg to notice SIGTERM and exit on its own; an encoder stuck in a
 * long computation or a blocked read ignores it, and SIGKILL then guarantees the CPU is freed.
 */
export const DEFAULT_KILL_GRACE_MS = 500;

/**
 * Waits for a spawned child to finish, stopping it when `signal` aborts or `timeoutMs` passes.
 * Resolves on 'close' (the process has exited, been reaped and its pipes drained), so by then its
 * pid no longer exists. Rejects only when the process could not be spawned at all (e.g. ENOENT).
 */
export function superviseChild(child: ChildProcess, limits: StopLimits = {}): Promise<ChildExit> {
  const grace = limits.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  return new Promise((resolve, reject) => {
    let stoppedBy: StopReason | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    let settled = false;

    const stop = (reason: StopReason) => {
      if (stoppedBy || child.exitCode !== null || child.signalCode !== null) return;
      stoppedBy = reason;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), grace);
    };
    const onAbort = () => stop('aborted');
    const timeout = limits.timeoutMs ? setTimeout(() => stop('timeout'), limits.timeoutMs) : undefined;

    const finish = () => {
      settled = true;
      limits.signal?.removeEventListener('abort', onAbort);
      clearTimeout(timeout);
      clearTimeout(killTimer);
    };

    child.once('error', (err) => {
      if (settled) return;
      finish();
      reject(err);
    });
    child.once('close', (code, signal) => {
      if (settled) return;
      finish();
      resolve({ code, signal, stoppedBy });
    });

    if (limits.signal?.aborted) stop('aborted');
    else limits.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
