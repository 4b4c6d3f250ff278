/** Which binary failed: both share the same supervision code and error type. */
export type FfmpegTool = 'ffmpeg' | 'ffprobe';

export interface FfmpegErrorDetails {
  tool?: FfmpegTool;
  /** Last ~64 KB of stderr, for logs and for the job's `error_log`. */
  stderrTail?: string;
  exitCode?: number | null;
  /** Signal that ended the process when we did not send it (e.g. the kernel's OOM killer). */
  exitSignal?: string | null;
  /** True when our wall-clock timeout killed it. */
  timedOut?: boolean;
}

/**
 * ffmpeg or ffprobe failed. `reason` is the most useful stderr line, short enough to show a user;
 * `stderrTail` is the full tail for logs.
 */
export class FfmpegError extends Error {
  readonly tool: FfmpegTool;
  readonly stderrTail: string;
  readonly exitCode: number | null;
  readonly exitSignal: string | null;
  readonly timedOut: boolean;
  readonly reason: string;

  constructor(message: string, details: FfmpegErrorDetails = {}) {
    super(message);
    this.name = 'FfmpegError';
    this.tool = details.tool ?? 'ffmpeg';
    this.stderrTail = details.stderrTail ?? '';
    this.exitCode = details.exitCode ?? null;
    this.exitSignal = details.exitSignal ?? null;
    this.timedOut = details.timedOut ?? false;
    this.reason = summarizeStderr(this.stderrTail) ?? message;
  }
}

/**
 * Raised when the caller's AbortSignal fired. Named 'AbortError' like the platform's own
 * abort errors so callers can test `err.name === 'AbortError'` whatever produced it.
 */
export class AbortError extends Error {
  constructor(message = 'The operation was aborted', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AbortError';
  }
}

// ffmpeg ends most failures with these generic lines; the real cause is printed just before.
const GENERIC_TRAILERS = [/^Conversion failed!?$/i, /^Exiting normally/i, /^\[q\] command received/i];

/** The last stderr line that says something specific, or undefined when stderr is empty. */
export function summarizeStderr(stderr: string): string | undefined {
  const lines = stderr.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i].trim();
    if (line === '' || GENERIC_TRAILERS.some((re) => re.test(line))) continue;
    return line.length > 300 ? `${line.slice(0, 297)}...` : line;
  }
  return undefined;
}
