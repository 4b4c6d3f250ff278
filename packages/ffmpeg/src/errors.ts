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

// ffmpeg ends most failures with these generic lines; the real cause is printed before them.
const GENERIC_TRAILERS = [
  /^Conversion failed!?$/i,
  /^Exiting normally/i,
  /^\[q\] command received/i,
  /^Error marking filters as finished$/i,
  /^Error while (decoding|filtering|processing)/i,
  /^Cannot determine format of input stream .* after EOF$/i,
  /^Nothing was written into output file/i,
  /^Last message repeated/i,
];

// End-of-run statistics (encoder summaries, the final progress line) are not causes: a failed run
// still prints them, last, after the error that ended it.
const STATISTICS = [
  /^\[(libx264|libx265|aac|libmp3lame|libopus|libvpx[^\]]*)[^\]]*\] (frame [IPB]|mb [IPB]|consecutive|8x8|coded|i16|i8|i4|Weighted|ref [PB]|kb\/s|Qavg|final ratefactor)/,
  /^frame=\s*\d+/,
  /^size=\s*\S+/,
  /^video:\S+ audio:\S+/,
];

// A line that names a problem, preferred over other lines.
const PROBLEM =
  /error|invalid|fail|corrupt|damaged|truncat|missing|mismatch|unsupported|not supported|no such|cannot|could not|unable|too (large|big|many|long)|overread|out of range|not found/i;

/**
 * The most useful stderr line, or undefined when stderr is empty: the last line that names a
 * problem (skipping ffmpeg's generic trailers and end-of-run statistics), else the last specific
 * line. Addresses in component prefixes ("[h264 @ 0x55…]") are dropped: they mean nothing to a user.
 */
export function summarizeStderr(stderr: string): string | undefined {
  const lines = stderr
    .split(/\r?\n/)
    .map(cleanLine)
    .filter((line) => line !== '' && !GENERIC_TRAILERS.some((re) => re.test(line)));
  const specific = lines.filter((line) => !STATISTICS.some((re) => re.test(line)));
  const line = specific.findLast((l) => PROBLEM.test(l)) ?? specific.at(-1) ?? lines.at(-1);
  if (line === undefined) return undefined;
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/** "[mjpeg @ 0x55a9] [IMGUTILS @ 0x7ffd] Picture size…" → "[mjpeg] Picture size…". */
function cleanLine(raw: string): string {
  return raw
    .trim()
    .replace(/\[(\w[\w:-]*) @ 0x[0-9a-f]+\]/gi, '[$1]')
    .replace(/^(\[[^\]]+\]) \[IMGUTILS\]/, '$1');
}
