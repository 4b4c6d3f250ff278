import { join } from 'node:path';
import { FfmpegError, ffprobe } from '@mediakit/ffmpeg';
import type { JobInput, ToolContext, ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import {
  aacAudioArgs,
  EVEN_DIMENSIONS_FILTER,
  FASTSTART_ARGS,
  h264VideoArgs,
  qualityToCrf,
} from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { baseName } from './output-name.ts';

/** The converters' params (catalog: `quality`? 1..100). */
export interface ConvertParams {
  quality?: number;
}

export interface ConvertToMp4Options {
  input: string;
  output: string;
  /** ffprobe codec_name of the first video stream, e.g. "h264", "vp9". */
  videoCodec?: string;
  audioCodec?: string;
  hasAudio: boolean;
  /** 1..100; only used when re-encoding (see qualityToCrf). */
  quality?: number;
}

// Codecs MP4 carries as they are and browsers play: these inputs are rewrapped, not re-encoded.
const REMUX_VIDEO = new Set(['h264', 'hevc']);
const REMUX_AUDIO = new Set(['aac', 'mp3']);

/** True when the streams can be copied into MP4 as they are (an unknown audio codec means no). */
export function canRemuxToMp4(
  o: Pick<ConvertToMp4Options, 'videoCodec' | 'audioCodec' | 'hasAudio'>,
): boolean {
  return REMUX_VIDEO.has(o.videoCodec ?? '') && (!o.hasAudio || REMUX_AUDIO.has(o.audioCodec ?? ''));
}

// First video stream, first audio stream if any; subtitles and data (timecode tracks, KLV) dropped,
// since MP4 cannot carry most of them and they would fail the mux.
const MAP_ARGS = ['-map', '0:v:0', '-map', '0:a:0?', '-dn', '-sn'];

/** Stream copy: seconds instead of minutes and no quality loss. HEVC gets the `hvc1` tag Apple players require. */
export function buildRemuxToMp4Args(o: ConvertToMp4Options): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.input,
    ...MAP_ARGS,
    '-c', 'copy',
    ...(o.videoCodec === 'hevc' ? ['-tag:v', 'hvc1'] : []),
    ...FASTSTART_ARGS,
    o.output,
  ];
}

/** Re-encode to H.264/AAC with the shared defaults; `quality` picks the CRF. */
export function buildReencodeToMp4Args(o: ConvertToMp4Options): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.input,
    ...MAP_ARGS,
    '-vf', EVEN_DIMENSIONS_FILTER,
    ...h264VideoArgs(qualityToCrf(o.quality)),
    ...(o.hasAudio ? aacAudioArgs() : []),
    ...FASTSTART_ARGS,
    o.output,
  ];
}

/** Any video → MP4: remux when the codecs allow it, re-encode otherwise. */
export function buildConvertToMp4Args(o: ConvertToMp4Options): string[] {
  return canRemuxToMp4(o) ? buildRemuxToMp4Args(o) : buildReencodeToMp4Args(o);
}

/**
 * Handler shared by every "X to MP4" converter. If a remux fails on the input (odd timestamps in
 * an old AVI, a codec tag MP4 rejects), it falls back to a re-encode rather than failing the job.
 */
export function makeMp4Converter(what = 'Converting to MP4'): ToolHandler<ConvertParams> {
  return async (ctx) => {
    const input = requireVideoInput(ctx);
    const output = join(ctx.outDir, 'converted.mp4');
    const opts: ConvertToMp4Options = {
      input: input.path,
      output,
      ...(await streamCodecs(input, ctx)),
      quality: ctx.params.quality,
    };
    const outputs = [{ path: output, name: `${baseName(input.name)}.mp4` }];
    const step = { durationSeconds: input.duration, what };

    if (canRemuxToMp4(opts)) {
      try {
        await runFfmpegStep(ctx, { ...step, args: buildRemuxToMp4Args(opts) });
        return outputs;
      } catch (err) {
        if (!(err instanceof JobFailure)) throw err;
        ctx.log.warn({ reason: err.message }, 'remux to MP4 failed, re-encoding');
      }
    }
    await runFfmpegStep(ctx, { ...step, args: buildReencodeToMp4Args(opts) });
    return outputs;
  };
}

/** Codecs from the stored MediaInfo; probed again only when an older record lacks them. */
async function streamCodecs(
  input: JobInput,
  ctx: Pick<ToolContext<unknown>, 'signal'>,
): Promise<Pick<ConvertToMp4Options, 'videoCodec' | 'audioCodec' | 'hasAudio'>> {
  if (input.videoCodec) {
    return {
      videoCodec: input.videoCodec,
      audioCodec: input.audioCodec,
      hasAudio: input.hasAudio ?? input.audioCodec !== undefined,
    };
  }
  try {
    const probe = await ffprobe(input.path, { signal: ctx.signal });
    const video = probe.streams.find((s) => s.codec_type === 'video');
    const audio = probe.streams.find((s) => s.codec_type === 'audio');
    return { videoCodec: video?.codec_name, audioCodec: audio?.codec_name, hasAudio: audio !== undefined };
  } catch (err) {
    if (err instanceof FfmpegError)
      throw new JobFailure(`Could not read ${input.name}: ${err.reason}`, { log: err.stderrTail });
    throw err;
  }
}
