import { resolve } from 'node:path';
import type { ProbeResult } from '@mediakit/ffmpeg';
import { runPacketScan } from './packet-scan.ts';

/**
 * The length of a file whose headers do not say it, read from its packets' timestamps.
 *
 * A recording written while it is being made cannot go back to fill in its length: a browser's
 * MediaRecorder WebM (screen and webcam recordings), a live capture to MKV or MPEG-TS. ffprobe then
 * reports no duration at all. Reading every packet's timestamp (demuxing only, no decoding) gives
 * it: about a second per few hundred MB.
 */

export const DEFAULT_SCAN_TIMEOUT_MS = 30_000;

/**
 * Containers that can lack a length and are worth the read. Anything else (MP4/MOV always index
 * their length; other demuxers are not ours) is left alone, and the demuxer is forced to the one
 * the header probe already chose, so this second read can never be talked into another format.
 */
const SCANNABLE_DEMUXERS = new Set(['matroska', 'mpegts', 'flv', 'avi', 'asf', 'mpeg', 'ogg', 'mp3', 'aac']);

/** ffmpeg's demuxer name from ffprobe's format_name ("matroska,webm" → "matroska"). */
export function demuxerOf(probe: Pick<ProbeResult, 'format'>): string {
  return probe.format.format_name.split(',')[0] ?? '';
}

/** Arguments for listing every packet's times; only the local file is ever opened. */
export function buildScanArgs(path: string, demuxer: string): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-v', 'error',
    '-protocol_whitelist', 'file',
    '-f', demuxer,
    '-show_entries', 'packet=pts_time,dts_time,duration_time',
    '-of', 'csv=p=0',
    // Absolute, so a name starting with "-" is never an option.
    resolve(path),
  ];
}

/** Running extent of the packets seen: first start and last end, in seconds. */
export class PacketSpan {
  private start = Number.POSITIVE_INFINITY;
  private end = Number.NEGATIVE_INFINITY;

  /** One `pts_time,dts_time,duration_time` line; "N/A" fields are skipped. */
  add(line: string): void {
    const [pts, dts, duration] = line.split(',').map((f) => (f.trim() === '' ? Number.NaN : Number(f)));
    const at = Number.isFinite(pts) ? pts : dts;
    if (!Number.isFinite(at)) return;
    this.start = Math.min(this.start, at);
    this.end = Math.max(this.end, at + (Number.isFinite(duration) && duration > 0 ? duration : 0));
  }

  /** Seconds, rounded to milliseconds; undefined until two distinct times were seen. */
  get seconds(): number | undefined {
    const span = this.end - this.start;
    return Number.isFinite(span) && span > 0 ? Math.round(span * 1000) / 1000 : undefined;
  }
}

/**
 * Reads the packets of the whole file. Undefined when the container is not scannable, or ffprobe
 * fails or runs out of time (the file simply stays without a known length); an abort is thrown.
 */
export async function scanDuration(
  path: string,
  demuxer: string,
  opts: { signal?: AbortSignal; timeoutMs?: number; ffprobePath?: string } = {},
): Promise<number | undefined> {
  if (!SCANNABLE_DEMUXERS.has(demuxer)) return undefined;
  const span = new PacketSpan();
  const ok = await runPacketScan(buildScanArgs(path, demuxer), (line) => span.add(line), {
    ...opts,
    timeoutMs: opts.timeoutMs ?? DEFAULT_SCAN_TIMEOUT_MS,
  });
  return ok ? span.seconds : undefined;
}
