import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { SDR_BT709_TAGS } from './colour.ts';
import { type CrfScale, keepTimingArgs, PIX_FMT, qualityToCrf } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { type InputStreams, inputStreams } from './input-streams.ts';
import { baseName } from './output-name.ts';
import { sourceSdrFilters } from './source-colour.ts';

/**
 * Any video → WebM (VP9 + Opus), for video-to-webm and the mp4-to-webm converter. Always encoded:
 * WebM carries only VP8/VP9/AV1 and Vorbis/Opus, and every browser plays VP9 + Opus.
 */

/**
 * VP9's CRF for quality 100 and 1, and without one: 15 is visually lossless, above 50 it blurs
 * into blocks, and 32 is the CRF Google's VOD guide gives for 720p–1080p.
 */
export const VP9_CRF_SCALE: CrfScale = { best: 15, worst: 50, fallback: 32 };

/** Stereo Opus at this rate is transparent for music; speech would need far less. */
export const OPUS_BITRATE = '128k';

export interface WebmArgsOptions extends InputStreams {
  input: string;
  output: string;
  crf: number;
}

/**
 * Constant quality: `-crf` with `-b:v 0` (libvpx's pure CRF mode; with a bitrate it would be a cap).
 * `-deadline good -cpu-used 4`: `best` and cpu-used 0–2 are several times slower for a few % of
 * size, and `realtime` gives visibly worse pictures; at 4 a 2-core worker encodes 720p at about
 * real time. `-row-mt 1` lets both cores work on one frame (libvpx is single-threaded per tile
 * row otherwise). Colours go through the source's filters, so HDR is tone-mapped to SDR BT.709 as
 * for the MP4 outputs, and the rotation is applied by ffmpeg's autorotate before them. Opus takes
 * mono or stereo: surround is mixed down to stereo, which is what a browser plays anyway.
 */
export function buildWebmArgs(o: WebmArgsOptions): string[] {
  const filters = sourceSdrFilters(o.input);
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.input,
    '-map', `0:${o.videoStream ?? 'v:0'}`,
    ...(o.hasAudio ? ['-map', `0:${o.audioStream ?? 'a:0?'}`] : ['-an']),
    '-sn', '-dn',
    ...(filters.length ? ['-vf', filters.join(',')] : []),
    '-c:v', 'libvpx-vp9',
    '-crf', String(o.crf),
    '-b:v', '0',
    '-deadline', 'good',
    '-cpu-used', '4',
    '-row-mt', '1',
    '-pix_fmt', PIX_FMT,
    ...SDR_BT709_TAGS,
    ...keepTimingArgs(o.videoTimeBase),
    ...(o.hasAudio
      ? ['-c:a', 'libopus', '-b:a', OPUS_BITRATE, '-af', 'aformat=channel_layouts=mono|stereo']
      : []),
    '-f', 'webm',
    o.output,
  ];
}

/** The handler of video-to-webm and mp4-to-webm: both take `quality`? 1..100. */
export function makeWebmHandler(what: string): ToolHandler<{ quality?: number }> {
  return async (ctx) => {
    const input = requireVideoInput(ctx);
    const output = join(ctx.outDir, 'video.webm');
    await runFfmpegStep(ctx, {
      args: buildWebmArgs({
        input: input.path,
        output,
        ...inputStreams(input),
        crf: qualityToCrf(ctx.params.quality, VP9_CRF_SCALE),
      }),
      durationSeconds: input.duration,
      what,
    });
    return [{ path: output, name: `${baseName(input.name)}.webm` }];
  };
}
