import { resolve } from 'node:path';
import { runPacketScan } from './packet-scan.ts';

/**
 * The average frame rate of a video stream whose container stores none, from its packets' times.
 *
 * ASF (WMV captures from Windows) keeps no frame count and no rate: ffprobe then prints
 * avg_frame_rate 0/0 and guesses r_frame_rate from the timestamps, which for a webcam's jittery
 * millisecond times is a multiple of the real rate (40 or 80 for 15 fps). Tools use the rate to keep
 * it (speed changes, joins) and to plan memory and bitrate, so a 15 fps clip must read as 15 fps.
 * Reading the packets' times (demuxing only, no decoding) costs about a second per few hundred MB.
 */

export const DEFAULT_RATE_SCAN_TIMEOUT_MS = 30_000;

/** Containers without a stored rate where the read is worth it; the demuxer is forced, as in duration-scan. */
const RATE_SCAN_DEMUXERS = new Set(['asf', 'avi', 'flv', 'matroska', 'mpegts', 'mpeg']);

/** Arguments for listing one stream's packet times; only the local file is ever opened. */
export function buildRateScanArgs(path: string, demuxer: string, streamIndex: number): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-v', 'error',
    '-protocol_whitelist', 'file',
    '-f', demuxer,
    '-select_streams', String(streamIndex),
    '-show_entries', 'packet=pts_time',
    '-of', 'csv=p=0',
    // Absolute, so a name starting with "-" is never an option.
    resolve(path),
  ];
}

/** Frames per second from packet times: (count − 1) intervals over first to last time. */
export class PacketRate {
  private count = 0;
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;

  /** One `pts_time` line; "N/A" is skipped. */
  add(line: string): void {
    const at = Number(line.split(',')[0]);
    if (line.trim() === '' || !Number.isFinite(at)) return;
    this.count++;
    this.first = Math.min(this.first, at);
    this.last = Math.max(this.last, at);
  }

  /** Rounded to 3 decimals; undefined before two distinct times. */
  get fps(): number | undefined {
    const span = this.last - this.first;
    if (this.count < 2 || !(span > 0)) return undefined;
    return Math.round(((this.count - 1) / span) * 1000) / 1000;
  }
}

/**
 * Reads the stream's packets. Undefined when the container is not one to scan, or ffprobe fails or
 * runs out of time (the rate then stays unknown); an abort is thrown.
 */
export async function scanFrameRate(
  path: string,
  demuxer: string,
  streamIndex: number,
  opts: { signal?: AbortSignal; timeoutMs?: number; ffprobePath?: string } = {},
): Promise<number | undefined> {
  if (!RATE_SCAN_DEMUXERS.has(demuxer)) return undefined;
  const rate = new PacketRate();
  const ok = await runPacketScan(buildRateScanArgs(path, demuxer, streamIndex), (line) => rate.add(line), {
    ...opts,
    timeoutMs: opts.timeoutMs ?? DEFAULT_RATE_SCAN_TIMEOUT_MS,
  });
  return ok ? rate.fps : undefined;
}
