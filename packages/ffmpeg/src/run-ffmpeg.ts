import { spawn } from 'node:child_process';
import { AbortError, FfmpegError } from './errors.ts';
import { ProgressParser, ProgressTracker } from './progress.ts';
import { secureInputs } from './secure-inputs.ts';
import { superviseChild } from './supervise.ts';
import { TailBuffer } from './tail-buffer.ts';

export interface RunFfmpegOptions {
  /** Arguments after the fixed prefix (inputs, filters, codecs, output). Never passed through a shell. */
  args: string[];
  /** Aborting kills ffmpeg; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Wall-clock limit in ms; ffmpeg is killed and an FfmpegError with `timedOut` is thrown. */
  timeoutMs?: number;
  /** Length of the expected output in seconds, the 100 % mark for progress. */
  durationSeconds?: number;
  /** Monotonic 0..99.9 while running, then exactly 100 once ffmpeg exited with code 0. */
  onProgress?: (percent: number) => void;
  /** Called with the child's pid right after spawning (tests use it to prove the process is gone). */
  onSpawn?: (pid: number) => void;
  ffmpegPath?: string;
  /** SIGTERM → SIGKILL grace, default 500 ms. */
  killGraceMs?: number;
  /**
   * Skip the input restrictions (secure-inputs.ts: local files only, accepted demuxers only).
   * Only for inputs the code wrote itself and that need more, never for anything a user sent.
   */
  trustedInputs?: boolean;
}

/** What a successful run leaves: the end of ffmpeg's log, where filters print what they measured. */
export interface FfmpegRunResult {
  stderrTail: string;
}

/** How much stderr to keep: enough for the error and the stream mapping that led to it. */
export const STDERR_TAIL_BYTES = 64 * 1024;

/**
 * The full argument list: machine-readable progress on stdout (`-progress pipe:1`) instead of the
 * human stats line (`-nostats`), never read the terminal (`-nostdin`: a worker has no TTY and ffmpeg
 * would otherwise interpret stray input as commands), overwrite outputs (`-y`: never block on a prompt).
 */
export function buildFfmpegArgs(args: readonly string[]): string[] {
  return ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats', ...args];
}

/**
 * Runs ffmpeg to completion. See RunFfmpegOptions for the contract. Every `-i` that is not a
 * `-f lavfi` filter source gets the input restrictions of secureInputs unless `trustedInputs`.
 */
export async function runFfmpeg(opts: RunFfmpegOptions): Promise<FfmpegRunResult> {
  const { signal } = opts;
  if (signal?.aborted) throw new AbortError('ffmpeg was aborted before it started', { cause: signal.reason });

  const args = opts.trustedInputs ? opts.args : secureInputs(opts.args);
  const child = spawn(opts.ffmpegPath ?? 'ffmpeg', buildFfmpegArgs(args), {
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  if (child.pid !== undefined) opts.onSpawn?.(child.pid);

  const stderr = new TailBuffer(STDERR_TAIL_BYTES);
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));

  const parser = new ProgressParser();
  const tracker = new ProgressTracker(opts.durationSeconds);
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    for (const block of parser.push(chunk)) {
      const percent = tracker.update(block);
      if (percent !== undefined) opts.onProgress?.(percent);
    }
  });

  const exit = await superviseChild(child, {
    signal,
    timeoutMs: opts.timeoutMs,
    killGraceMs: opts.killGraceMs,
  });
  const stderrTail = stderr.toString();

  if (exit.stoppedBy === 'aborted') {
    throw new AbortError('ffmpeg was aborted', { cause: signal?.reason });
  }
  if (exit.stoppedBy === 'timeout') {
    throw new FfmpegError(`ffmpeg timed out after ${opts.timeoutMs} ms`, {
      stderrTail,
      timedOut: true,
      exitCode: exit.code,
      exitSignal: exit.signal,
    });
  }
  if (exit.code !== 0) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    const err = new FfmpegError(`ffmpeg ${how}`, {
      stderrTail,
      exitCode: exit.code,
      exitSignal: exit.signal,
    });
    err.message = `ffmpeg ${how}: ${err.reason}`;
    throw err;
  }
  opts.onProgress?.(100);
  return { stderrTail };
}
