import {
  classifyFfmpegError,
  FfmpegError,
  failureSentence,
  ffprobe,
  type ProbeResult,
  undecodableVideo,
} from '@mediakit/ffmpeg';
import { sniff } from './inspect.ts';
import { DEFAULT_INSPECT_TIMEOUT_MS } from './inspect-av.ts';

/**
 * Why a video or audio file cannot be taken, as a sentence for the uploader: damaged, in a codec
 * we cannot decode (named), or without a picture. undefined when the bytes are not a video or
 * audio container at all (the caller's general sentence fits) or ffprobe reads it fine.
 * Only called on the failure path, so the second ffprobe costs nothing on good files.
 */
export async function explainUnreadableAv(
  path: string,
  name: string,
  opts: { signal?: AbortSignal } = {},
): Promise<string | undefined> {
  const sniffed = await sniff(path);
  if (!sniffed || (sniffed.media !== 'video' && sniffed.media !== 'audio')) return undefined;
  let probe: ProbeResult;
  try {
    probe = await ffprobe(path, { signal: opts.signal, timeoutMs: DEFAULT_INSPECT_TIMEOUT_MS });
  } catch (err) {
    if (!(err instanceof FfmpegError)) throw err;
    if (err.timedOut) return failureSentence('damaged', { name });
    const kind = classifyFfmpegError(err);
    return kind === 'damaged' || kind === 'unsupported' || kind === 'no-video'
      ? failureSentence(kind, { name, media: sniffed.media })
      : undefined;
  }
  return undecodableVideoSentence(probe, name) ?? noPictureSentence(probe, name, sniffed.media);
}

/** "clip.mov uses the ProRes RAW codec, which we cannot decode. …", when its video has no decoder. */
export function undecodableVideoSentence(probe: ProbeResult, name: string): string | undefined {
  return undecodableVideo(probe) ? failureSentence('unsupported', { name, probe }) : undefined;
}

function noPictureSentence(probe: ProbeResult, name: string, media: string): string | undefined {
  const hasAv = probe.streams.some((s) => s.codec_type === 'video' || s.codec_type === 'audio');
  if (hasAv) return undefined;
  return media === 'video' ? failureSentence('no-video', { name, probe }) : undefined;
}
