import type { ProbeResult } from '@mediakit/ffmpeg';
import {
  displayedSize,
  FfmpegError,
  ffprobe,
  firstPlayableAudio,
  firstPlayableVideo,
  parseFrameRate,
  streamFps,
} from '@mediakit/ffmpeg';
import { DEFAULT_SCAN_TIMEOUT_MS, demuxerOf, scanDuration } from './duration-scan.ts';
import type { SniffedFormat } from './formats.ts';
import { audioOnlyVariant } from './formats.ts';
import { scanFrameRate } from './frame-rate-scan.ts';
import type { MediaInfo } from './types.ts';

export interface InspectAvOptions {
  signal?: AbortSignal;
  /** Default 10 s: ffprobe reads headers only; slower means a broken or hostile file. */
  ffprobeTimeoutMs?: number;
  /** Default 30 s: the whole-file read of scanDuration, for files whose headers give no length. */
  scanTimeoutMs?: number;
}

export const DEFAULT_INSPECT_TIMEOUT_MS = 10_000;

/**
 * Video and audio files: ffprobe for streams and duration. A file ffprobe cannot read
 * (non-zero exit or timeout) is reported as unrecognised (null); an abort or a missing ffprobe
 * binary is thrown, as those are not the file's fault.
 */
export async function inspectAv(
  path: string,
  sniffed: SniffedFormat,
  opts: InspectAvOptions = {},
): Promise<MediaInfo | null> {
  let probe: ProbeResult;
  try {
    probe = await ffprobe(path, {
      signal: opts.signal,
      timeoutMs: opts.ffprobeTimeoutMs ?? DEFAULT_INSPECT_TIMEOUT_MS,
    });
  } catch (err) {
    if (err instanceof FfmpegError) return null;
    throw err;
  }
  const info = await withMeasuredFrameRate(path, probe, mediaInfoFromProbe(probe, sniffed), opts);
  if (!info || info.duration !== undefined) return info;
  // No length in the headers: a recording written while it was made (a browser's MediaRecorder
  // WebM, a live capture). Tools need it for progress, time limits and range checks.
  const duration = await scanDuration(path, demuxerOf(probe), {
    signal: opts.signal,
    timeoutMs: opts.scanTimeoutMs ?? DEFAULT_SCAN_TIMEOUT_MS,
  });
  return duration === undefined ? info : { ...info, duration };
}

/**
 * A container that stores no average rate (ASF) leaves only ffprobe's guess from the timestamps,
 * a multiple of the real rate for a jittery capture: the rate is then measured from the packets.
 */
async function withMeasuredFrameRate(
  path: string,
  probe: ProbeResult,
  info: MediaInfo | null,
  opts: InspectAvOptions,
): Promise<MediaInfo | null> {
  const video = firstPlayableVideo(probe);
  if (!info || info.media !== 'video' || !video || parseFrameRate(video.avg_frame_rate) !== undefined)
    return info;
  const fps = await scanFrameRate(path, demuxerOf(probe), video.index, {
    signal: opts.signal,
    timeoutMs: opts.scanTimeoutMs ?? DEFAULT_SCAN_TIMEOUT_MS,
  });
  return fps === undefined ? info : { ...info, fps };
}

/**
 * Maps ffprobe's output to MediaInfo; null when the file has neither video nor audio. Cover art is
 * not video, and a declared stream that holds nothing (an HLS segment's audio before the encoder's
 * sound started) is not sound: hasAudio says whether there is something to hear.
 */
export function mediaInfoFromProbe(probe: ProbeResult, sniffed: SniffedFormat): MediaInfo | null {
  const videoStream = sniffed.media === 'video' ? firstPlayableVideo(probe) : undefined;
  const audioStream = firstPlayableAudio(probe);
  const duration = probeDuration(probe);

  if (videoStream) {
    return withoutUndefined({
      ...sniffed,
      ...displayedSize(videoStream),
      duration,
      fps: streamFps(videoStream),
      hasAudio: audioStream !== undefined,
      videoCodec: videoStream.codec_name,
      audioCodec: audioStream?.codec_name,
    });
  }
  if (audioStream) {
    const format = sniffed.media === 'audio' ? sniffed : audioOnlyVariant(sniffed);
    return withoutUndefined({ ...format, duration, hasAudio: true, audioCodec: audioStream.codec_name });
  }
  return null;
}

/** Unknown fields are left out rather than set to undefined (a database driver would store null). */
function withoutUndefined(info: MediaInfo): MediaInfo {
  return Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined)) as unknown as MediaInfo;
}

/**
 * Seconds, rounded to milliseconds. The container's duration is authoritative; some files
 * (MKV from some muxers, raw streams) only have per-stream durations, so the longest is used then,
 * including the `DURATION` tags ffmpeg's Matroska muxer writes per stream ("00:01:02.500000000").
 */
export function probeDuration(probe: ProbeResult): number | undefined {
  const candidates = [
    probe.format.duration,
    ...probe.streams.map((s) => s.duration),
    ...probe.streams.map((s) => parseClock(s.tags?.DURATION)),
  ];
  const fromFormat = Number(probe.format.duration);
  const seconds =
    Number.isFinite(fromFormat) && fromFormat > 0
      ? fromFormat
      : Math.max(0, ...candidates.map(Number).filter((n) => Number.isFinite(n)));
  return seconds > 0 ? Math.round(seconds * 1000) / 1000 : undefined;
}

/** "01:02:03.500000000" → 3723.5; anything else → undefined. */
export function parseClock(value: string | undefined): number | undefined {
  const m = value?.match(/^(\d+):([0-5]\d):([0-5]\d(?:\.\d+)?)$/);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}
