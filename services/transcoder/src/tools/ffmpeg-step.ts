import { FfmpegError, runFfmpeg } from '@mediakit/ffmpeg';
import type { ToolContext } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';

export interface FfmpegStep {
  args: string[];
  /** Seconds of output expected: the 100 % mark for progress and the base of the timeout. */
  durationSeconds?: number;
  /** What the user sees failing, e.g. "Trimming". */
  what: string;
}

/** At least a minute (process start, tiny inputs), else 10× the media length: a 2-core worker
 * encodes `veryfast` 1080p around real time, so 10× only trips on a stuck or pathological input. */
export function ffmpegTimeoutMs(durationSeconds?: number): number {
  return Math.max(60_000, Math.ceil((durationSeconds ?? 0) * 10_000));
}

/** Runs one ffmpeg invocation for a tool, wired to the job's cancel signal and progress. */
export async function runFfmpegStep(
  ctx: Pick<ToolContext<unknown>, 'signal' | 'progress' | 'log'>,
  step: FfmpegStep,
): Promise<void> {
  const timeoutMs = ffmpegTimeoutMs(step.durationSeconds);
  ctx.log.debug({ args: step.args, timeoutMs }, 'ffmpeg');
  try {
    await runFfmpeg({
      args: step.args,
      signal: ctx.signal,
      timeoutMs,
      durationSeconds: step.durationSeconds,
      onProgress: (percent) => ctx.progress(percent),
    });
  } catch (err) {
    throw toJobError(err, step.what, timeoutMs);
  }
}

// Failures that are the machine's, not the file's: the job should be retried elsewhere.
const OUR_FAULT = /No space left on device|Cannot allocate memory|Too many open files/i;

/**
 * Decides who is to blame. ffmpeg exiting non-zero on its own means it rejected the input
 * (JobFailure: fail now, show the reason). Aborts, a missing binary, running out of disk or memory,
 * or a kill we did not send (OOM killer) are ours: the error is passed on untouched for a retry.
 */
export function toJobError(err: unknown, what: string, timeoutMs: number): unknown {
  if (!(err instanceof FfmpegError)) return err;
  if (err.timedOut) {
    return new JobFailure(
      `${what} took longer than the ${Math.round(timeoutMs / 1000)} s allowed for this file`,
      {
        log: err.stderrTail,
      },
    );
  }
  if (err.exitCode === null || err.exitCode === 0 || OUR_FAULT.test(err.stderrTail)) return err;
  return new JobFailure(`${what} failed: ${err.reason}`, { log: err.stderrTail });
}
