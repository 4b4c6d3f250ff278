import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { AbortError, FfmpegError } from './errors.ts';
import type { ProbeResult } from './probe-types.ts';
import { inputRestrictionArgs } from './secure-inputs.ts';
import { superviseChild } from './supervise.ts';
import { TailBuffer } from './tail-buffer.ts';

export interface FfprobeOptions {
  signal?: AbortSignal;
  /** Default 30 s: ffprobe only reads headers, so anything slower is a hostile or broken file. */
  timeoutMs?: number;
  ffprobePath?: string;
}

export const DEFAULT_FFPROBE_TIMEOUT_MS = 30_000;

// A real file's JSON is a few KB; a cap stops a crafted file with millions of streams eating memory.
const MAX_JSON_BYTES = 16 * 1024 * 1024;

/**
 * Argument list for probing one file. The path is made absolute so a name starting with "-" can
 * never be read as an option, and a name like "http:x" never as a protocol. ffprobe reads the
 * same untrusted files as ffmpeg, so it gets the same input restrictions (secure-inputs.ts): a
 * playlist is refused rather than followed, and nothing but a local file is ever opened.
 */
export function buildFfprobeArgs(path: string): string[] {
  return [
    '-v',
    'error',
    ...inputRestrictionArgs(),
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    resolve(path),
  ];
}

/** Runs ffprobe on a local file and returns its parsed JSON. Throws FfmpegError (tool 'ffprobe') on failure. */
export async function ffprobe(path: string, opts: FfprobeOptions = {}): Promise<ProbeResult> {
  const { signal } = opts;
  if (signal?.aborted)
    throw new AbortError('ffprobe was aborted before it started', { cause: signal.reason });
  const timeoutMs = opts.timeoutMs ?? DEFAULT_FFPROBE_TIMEOUT_MS;

  // Our own controller lets the output cap stop the process through the same kill path as an abort.
  const tooBig = new AbortController();
  const child = spawn(opts.ffprobePath ?? 'ffprobe', buildFfprobeArgs(path), {
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });

  const chunks: Buffer[] = [];
  let size = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) tooBig.abort();
    else chunks.push(chunk);
  });
  const stderr = new TailBuffer(16 * 1024);
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));

  const stopSignal = signal ? AbortSignal.any([signal, tooBig.signal]) : tooBig.signal;
  const exit = await superviseChild(child, { signal: stopSignal, timeoutMs });
  const stderrTail = stderr.toString();

  if (exit.stoppedBy === 'aborted') {
    if (signal?.aborted) throw new AbortError('ffprobe was aborted', { cause: signal.reason });
    throw new FfmpegError(`ffprobe output for ${path} exceeded ${MAX_JSON_BYTES} bytes`, { tool: 'ffprobe' });
  }
  if (exit.stoppedBy === 'timeout') {
    throw new FfmpegError(`ffprobe timed out after ${timeoutMs} ms on ${path}`, {
      tool: 'ffprobe',
      stderrTail,
      timedOut: true,
    });
  }
  if (exit.code !== 0) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    const err = new FfmpegError(`ffprobe ${how}`, {
      tool: 'ffprobe',
      stderrTail,
      exitCode: exit.code,
      exitSignal: exit.signal,
    });
    err.message = `ffprobe ${how} on ${path}: ${err.reason}`;
    throw err;
  }
  return parseProbeJson(Buffer.concat(chunks).toString('utf8'), path);
}

/** Parses and minimally validates ffprobe's JSON (exported for tests). */
export function parseProbeJson(text: string, path = 'input'): ProbeResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new FfmpegError(`ffprobe printed invalid JSON for ${path}`, { tool: 'ffprobe' });
  }
  const obj = (data ?? {}) as Partial<ProbeResult>;
  if (!obj.format || typeof obj.format.format_name !== 'string') {
    throw new FfmpegError(`ffprobe found no container format in ${path}`, { tool: 'ffprobe' });
  }
  return { streams: Array.isArray(obj.streams) ? obj.streams : [], format: obj.format };
}
