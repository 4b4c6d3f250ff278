import {
  classifyFfmpegError,
  FfmpegError,
  type FfmpegRunResult,
  failureSentence,
  type ProbeResult,
  runFfmpeg,
} from '@mediakit/ffmpeg';
import type { JobInput, ToolContext } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { probedByGuard } from '../guard.ts';

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

/**
 * Runs one ffmpeg invocation for a tool, wired to the job's cancel signal and progress. Resolves
 * with the end of ffmpeg's log, for filters that print a measurement (loudnorm, astats).
 */
export async function runFfmpegStep(
  ctx: Pick<ToolContext<unknown>, 'signal' | 'progress' | 'log'> &
    Partial<Pick<ToolContext<unknown>, 'inputs'>>,
  step: FfmpegStep,
): Promise<FfmpegRunResult> {
  const timeoutMs = ffmpegTimeoutMs(step.durationSeconds);
  ctx.log.debug({ args: step.args, timeoutMs }, 'ffmpeg');
  try {
    return await runFfmpeg({
      args: step.args,
      signal: ctx.signal,
      timeoutMs,
      durationSeconds: step.durationSeconds,
      onProgress: (percent) => ctx.progress(percent),
    });
  } catch (err) {
    const failure = toJobError(err, step.what, timeoutMs, blamedInput(ctx.inputs ?? []));
    if (err instanceof FfmpegError) ctx.log.info({ reason: err.reason }, `${step.what} failed in ffmpeg`);
    throw failure;
  }
}

/** The file a failure is told about: the only input, or "one of the files" for several. */
function blamedInput(inputs: readonly JobInput[]): { name: string; probe?: ProbeResult; media?: string } {
  const [first] = inputs;
  if (inputs.length === 1 && first)
    return { name: first.name, probe: probedByGuard(first), media: first.media };
  return { name: inputs.length > 1 ? 'one of the files' : 'the file' };
}

/**
 * Decides who is to blame and what the user reads (explain.ts of @mediakit/ffmpeg). Aborts, a
 * missing binary, running out of disk or memory, a kill we did not send (OOM killer) or arguments
 * ffmpeg rejects are ours: the error is passed on untouched for a retry. Anything else is the
 * input's: a JobFailure with a sentence; ffmpeg's own text goes to the job's log only.
 */
export function toJobError(
  err: unknown,
  what: string,
  timeoutMs: number,
  input: { name: string; probe?: ProbeResult; media?: string } = { name: 'the file' },
): unknown {
  if (!(err instanceof FfmpegError)) return err;
  if (err.timedOut) {
    return new JobFailure(
      `${what} took longer than the ${Math.round(timeoutMs / 1000)} s allowed for this file. Try a shorter clip or a smaller size.`,
      { log: err.stderrTail },
    );
  }
  const kind = classifyFfmpegError(err);
  if (kind === 'ours') return err;
  return new JobFailure(failureSentence(kind, { ...input, what }), { log: err.stderrTail || err.message });
}
