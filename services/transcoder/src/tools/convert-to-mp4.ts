import { join } from 'node:path';
import type { ProbeResult } from '@mediakit/ffmpeg';
import { FfmpegError, ffprobe, firstPlayableAudio, firstPlayableVideo } from '@mediakit/ffmpeg';
import type { JobInput, ToolContext, ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { probedByGuard, unreadableInputError } from '../guard.ts';
import { keptHdrNote } from './colour.ts';
import {
  aacAudioArgs,
  EVEN_DIMENSIONS_FILTER,
  FASTSTART_ARGS,
  h264VideoArgs,
  keepTimingArgs,
  qualityToCrf,
} from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { baseName } from './output-name.ts';
import { sourceDynamicRange, sourceSdrFilters } from './source-colour.ts';

/**
 * Any video → MP4, for the seven "X to MP4" converters. Each stream is copied when MP4 carries it
 * as it is and every browser and phone plays it, and encoded to H.264/AAC otherwise:
 *
 * | video stream                                         | audio stream       | result                          |
 * |------------------------------------------------------|--------------------|---------------------------------|
 * | H.264 8-bit 4:2:0, or HEVC 8/10-bit 4:2:0; even size | AAC, MP3, or none  | remux: both copied              |
 * | same                                                 | anything else      | video copied, audio → AAC       |
 * | anything else (VP8/9, AV1, MPEG-2/4, WMV, ProRes,    | any                | video → H.264, audio → AAC      |
 * |   MJPEG, FLV1, 4:4:4 or 10-bit H.264, odd size)      |                    |   (MP3/AAC too: one encode, one |
 * |                                                      |                    |   kind of output)               |
 *
 * Only the first video stream that is not cover art and the first audio track are kept: browsers
 * and phones play only the first audio track of an MP4 and offer no way to switch. A track that is
 * declared but holds nothing (an HLS segment's audio before a live encoder's sound started) is not
 * a track. Subtitles, data and attachments are dropped (MP4 cannot carry most of them, and they
 * would fail the mux). Encoded video keeps each frame's own time (keepTimingArgs).
 */

/** The converters' params (catalog: `quality`? 1..100). */
export interface ConvertParams {
  quality?: number;
}

/** What the remux decision needs to know about the input's streams (from ffprobe). */
export interface SourceStreams {
  /** ffprobe codec_name of the first video stream that is not cover art, e.g. "h264", "vp9". */
  videoCodec?: string;
  /** ffprobe pix_fmt of that stream, e.g. "yuv420p", "yuv444p", "yuv420p10le". */
  pixFmt?: string;
  /** Coded size of that stream (before rotation: the parity is the same either way). */
  width?: number;
  height?: number;
  hasAudio: boolean;
  /** ffprobe codec_name of the first audio stream, e.g. "aac", "opus". */
  audioCodec?: string;
  /** Indexes of those streams in the file; the first of each kind (`0:V:0`, `0:a:0`) when unknown. */
  videoIndex?: number;
  audioIndex?: number;
  /** The video stream's time base, e.g. "1/1000" (see keepTimingArgs). */
  videoTimeBase?: string;
}

export interface ConvertToMp4Options extends SourceStreams {
  input: string;
  output: string;
  /** The container as sniffed (MediaInfo.format), e.g. "avi"; some need help when copied. */
  format?: string;
  /** 1..100; only used when the video is encoded (see qualityToCrf). */
  quality?: number;
}

/** Per stream: copied as it is, or encoded (H.264 video, AAC audio); `none` for a silent input. */
export interface Mp4Plan {
  video: 'copy' | 'encode';
  audio: 'copy' | 'encode' | 'none';
}

/**
 * Video that is copied must play everywhere MP4 does. 8-bit 4:2:0 H.264 is the only H.264 every
 * browser decodes (High 10 and 4:4:4 from screen recorders do not play); HEVC is copied as the
 * 8- or 10-bit 4:2:0 that phones record, and players that take HEVC at all take both.
 * yuvj420p is the same with full-range levels (older Android phones, webcams).
 */
const COPYABLE_VIDEO: ReadonlyMap<string, readonly string[]> = new Map([
  ['h264', ['yuv420p', 'yuvj420p']],
  ['hevc', ['yuv420p', 'yuvj420p', 'yuv420p10le']],
]);

/** Audio MP4 carries as it is and every browser plays. */
const COPYABLE_AUDIO = new Set(['aac', 'mp3']);

const isEven = (n: number | undefined) => n !== undefined && n > 0 && n % 2 === 0;

/**
 * True when the video stream can be copied. An unknown pixel format or size means no: encoding
 * costs time, a copied stream that does not play costs the user the file.
 */
export function canCopyVideoToMp4(
  s: Pick<SourceStreams, 'videoCodec' | 'pixFmt' | 'width' | 'height'>,
): boolean {
  const pixFmts = COPYABLE_VIDEO.get(s.videoCodec ?? '') ?? [];
  // Every output has even dimensions; a copied stream cannot be cropped.
  return pixFmts.includes(s.pixFmt ?? '') && isEven(s.width) && isEven(s.height);
}

/**
 * Copy what MP4 can carry, encode the rest (see the table at the top). Audio is copied only with
 * the video: once the video is encoded anyway, encoding the audio too costs little and every
 * encoded output is the same H.264/AAC file.
 */
export function planMp4Conversion(s: SourceStreams): Mp4Plan {
  const video = canCopyVideoToMp4(s) ? 'copy' : 'encode';
  if (!s.hasAudio) return { video, audio: 'none' };
  const audio = video === 'copy' && COPYABLE_AUDIO.has(s.audioCodec ?? '') ? 'copy' : 'encode';
  return { video, audio };
}

/** True when nothing is encoded: the input is only rewrapped. */
export function canRemuxToMp4(s: SourceStreams): boolean {
  const plan = planMp4Conversion(s);
  return plan.video === 'copy' && plan.audio !== 'encode';
}

/**
 * Interlaced sources (TV recordings in MPEG-TS, DV and camcorder AVIs) would show combing on every
 * moving edge once encoded as progressive H.264. `deint=interlaced` only touches frames the decoder
 * flags as interlaced, so progressive video passes through unchanged. The even-size crop comes last.
 */
export const MP4_VIDEO_FILTER = `yadif=deint=interlaced,${EVEN_DIMENSIONS_FILTER}`;

/** The ffmpeg arguments for a plan (default: the one planMp4Conversion makes for these streams). */
export function buildConvertToMp4Args(
  o: ConvertToMp4Options,
  plan: Mp4Plan = planMp4Conversion(o),
): string[] {
  // AVI stores no presentation times; copied H.264 with B-frames would get pts = dts and play its
  // frames out of order. genpts rebuilds them from the decode order (needed for copies only: a
  // decoder reorders frames itself).
  const inputFlags = plan.video === 'copy' && o.format === 'avi' ? ['-fflags', '+genpts'] : [];
  // 0:V is "video that is not cover art", the same stream MediaInfo describes.
  const video0 = o.videoIndex === undefined ? '0:V:0' : `0:${o.videoIndex}`;
  const audio0 = o.audioIndex === undefined ? '0:a:0' : `0:${o.audioIndex}`;
  const maps = ['-map', video0, ...(plan.audio === 'none' ? [] : ['-map', audio0])];
  const video =
    plan.video === 'copy'
      ? // Apple players refuse HEVC tagged hev1 (ffmpeg's default); hvc1 is what iPhones write.
        ['-c:v', 'copy', ...(o.videoCodec === 'hevc' ? ['-tag:v', 'hvc1'] : [])]
      : [
          '-vf',
          [...sourceSdrFilters(o.input), MP4_VIDEO_FILTER].join(','),
          ...h264VideoArgs(qualityToCrf(o.quality)),
          ...keepTimingArgs(o.videoTimeBase),
        ];
  const audio =
    plan.audio === 'copy'
      ? // MPEG-TS carries AAC with ADTS headers, which MP4 must not have; on raw AAC (MKV, FLV,
        // MOV) the filter passes packets through untouched.
        ['-c:a', 'copy', ...(o.audioCodec === 'aac' ? ['-bsf:a', 'aac_adtstoasc'] : [])]
      : plan.audio === 'encode'
        ? aacAudioArgs()
        : [];
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    ...inputFlags,
    '-i', o.input,
    ...maps,
    ...video,
    ...audio,
    // A `timecode` tag on the video (camera MOVs) makes the muxer write a timecode data track of its own.
    '-write_tmcd', '0',
    ...FASTSTART_ARGS,
    o.output,
  ];
}

/** Everything copied; the caller has checked canRemuxToMp4. */
export function buildRemuxToMp4Args(o: ConvertToMp4Options): string[] {
  return buildConvertToMp4Args(o, { video: 'copy', audio: o.hasAudio ? 'copy' : 'none' });
}

/** Everything encoded to H.264/AAC with the shared defaults; `quality` picks the CRF. */
export function buildReencodeToMp4Args(o: ConvertToMp4Options): string[] {
  return buildConvertToMp4Args(o, { video: 'encode', audio: o.hasAudio ? 'encode' : 'none' });
}

/**
 * The streams ffmpeg will map, as the remux decision needs them: the first video that is not cover
 * art and the first audio, each only if it holds data (see firstPlayableVideo/firstPlayableAudio).
 */
export function sourceStreamsFromProbe(probe: ProbeResult): SourceStreams {
  const video = firstPlayableVideo(probe);
  const audio = firstPlayableAudio(probe);
  const streams: SourceStreams = {
    videoCodec: video?.codec_name,
    pixFmt: video?.pix_fmt,
    width: video?.width,
    height: video?.height,
    hasAudio: audio !== undefined,
    audioCodec: audio?.codec_name,
    videoIndex: video?.index,
    audioIndex: audio?.index,
    videoTimeBase: video?.time_base,
  };
  return Object.fromEntries(
    Object.entries(streams).filter(([, v]) => v !== undefined),
  ) as unknown as SourceStreams;
}

/**
 * Handler shared by every "X to MP4" converter. If a copy fails on the input (odd timestamps in
 * an old AVI, a codec tag MP4 rejects), it falls back to encoding everything rather than failing the job.
 */
export function makeMp4Converter(what = 'Converting to MP4'): ToolHandler<ConvertParams> {
  return async (ctx) => {
    const input = requireVideoInput(ctx);
    const output = join(ctx.outDir, 'converted.mp4');
    const opts: ConvertToMp4Options = {
      input: input.path,
      output,
      format: input.format,
      ...(await probeStreams(input, ctx)),
      quality: ctx.params.quality,
    };
    const outputs = [{ path: output, name: `${baseName(input.name)}.mp4` }];
    const step = { durationSeconds: input.duration, what };

    const plan = planMp4Conversion(opts);
    const { videoCodec, pixFmt, audioCodec, format } = opts;
    ctx.log.info({ plan, format, videoCodec, pixFmt, audioCodec }, 'converting to MP4');
    if (plan.video === 'copy') {
      try {
        await runFfmpegStep(ctx, { ...step, args: buildConvertToMp4Args(opts, plan) });
        // HDR HEVC copied as it is stays HDR: say so, as the tone-mapped encodes say theirs.
        const note = keptHdrNote(sourceDynamicRange(input.path));
        return note ? outputs.map((output) => ({ ...output, note })) : outputs;
      } catch (err) {
        if (!(err instanceof JobFailure)) throw err;
        ctx.log.warn({ reason: err.message }, 'copying streams into MP4 failed, encoding them');
      }
    }
    await runFfmpegStep(ctx, { ...step, args: buildReencodeToMp4Args(opts) });
    return outputs;
  };
}

/**
 * The stored MediaInfo lacks the pixel format the decision needs, so the input's headers are read
 * with ffprobe: the guard's reading of this very file when there is one (guard.ts), else a new one.
 * A file ffprobe cannot read is the input's fault.
 */
async function probeStreams(
  input: JobInput,
  ctx: Pick<ToolContext<unknown>, 'signal'>,
): Promise<SourceStreams> {
  try {
    return sourceStreamsFromProbe(
      probedByGuard(input) ?? (await ffprobe(input.path, { signal: ctx.signal })),
    );
  } catch (err) {
    if (err instanceof FfmpegError) throw unreadableInputError(input.name, err);
    throw err;
  }
}
