import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';

/**
 * Reading a tool's output back the way a user's software would, independently of the code that
 * made it: ffprobe and a full ffmpeg decode for video and audio, ffmpeg's own decoders for the
 * pixels of JPEG/PNG/GIF/TIFF/BMP, and sharp only where ffmpeg 5.1 has no decoder (animated WebP,
 * AVIF) or for an image's header facts (format, frames, delays).
 */
const run = promisify(execFile);

export interface OutputFacts {
  format: string;
  width?: number;
  height?: number;
  frames?: number;
  durationSec?: number;
  videoCodec?: string | null;
  audioCodec?: string | null;
  pixFmt?: string;
  colorTransfer?: string;
}

export async function readImage(path: string): Promise<OutputFacts> {
  const meta = await sharp(path, { pages: -1 }).metadata();
  const frames = meta.pages ?? 1;
  const facts: OutputFacts = {
    format: meta.format ?? 'unknown',
    width: meta.width,
    height: frames > 1 ? meta.pageHeight : meta.height,
    frames,
  };
  if (meta.delay?.length) facts.durationSec = meta.delay.reduce((sum, ms) => sum + ms, 0) / 1000;
  return facts;
}

interface ProbeStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  color_transfer?: string;
  nb_read_frames?: string;
  side_data_list?: { rotation?: number }[];
}

/** ffprobe with every frame decoded (`-count_frames`), then a full decode that must print nothing. */
export async function readVideo(path: string): Promise<OutputFacts> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-count_frames', '-print_format', 'json', '-show_format', '-show_streams', path],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const probe = JSON.parse(stdout) as {
    format: { format_name: string; duration?: string };
    streams: ProbeStream[];
  };
  const decode = await run('ffmpeg', ['-v', 'error', '-nostdin', '-i', path, '-f', 'null', '-']);
  if (decode.stderr.trim())
    throw new Error(`ffmpeg could not decode the output cleanly: ${decode.stderr.trim()}`);

  const video = probe.streams.find((s) => s.codec_type === 'video');
  const audio = probe.streams.find((s) => s.codec_type === 'audio');
  const facts: OutputFacts = {
    format: probe.format.format_name,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
  };
  if (probe.format.duration) facts.durationSec = Number(probe.format.duration);
  if (video) {
    const quarterTurn =
      Math.abs(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 180 === 90;
    facts.width = quarterTurn ? video.height : video.width;
    facts.height = quarterTurn ? video.width : video.height;
    if (video.nb_read_frames) facts.frames = Number(video.nb_read_frames);
    facts.pixFmt = video.pix_fmt;
    facts.colorTransfer = video.color_transfer;
  }
  return facts;
}

/** Formats ffmpeg 5.1 cannot decode (or not every variant of): their pixels come from sharp. */
const SHARP_ONLY = new Set(['webp', 'avif', 'heif']);

/**
 * The first frame as RGBA at width × height, as displayed (ffmpeg applies a video's rotation).
 * Both sides of a comparison are read with the same function, so scaling treats them alike.
 */
export async function firstFrameRgba(
  path: string,
  format: string,
  width: number,
  height: number,
): Promise<Buffer> {
  if (SHARP_ONLY.has(format)) {
    return sharp(path, { pages: 1 }).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  }
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-nostdin', '-i', path, '-frames:v', '1'],
      ...['-vf', `scale=${width}:${height}:flags=area,format=rgba`, '-f', 'rawvideo', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: width * height * 4 + 1024 },
  );
  return stdout;
}

/**
 * Mean absolute difference per colour channel (0-255) of two RGBA images of the same size, each seen
 * over white and over black: a wrong colour, a lost alpha channel or a black background all show.
 */
export function meanDifference(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error('the two images differ in size');
  let worst = 0;
  for (const background of [0, 255]) {
    let sum = 0;
    for (let i = 0; i < a.length; i += 4) {
      const alphaA = a[i + 3] / 255;
      const alphaB = b[i + 3] / 255;
      for (let c = 0; c < 3; c++) {
        const shownA = a[i + c] * alphaA + background * (1 - alphaA);
        const shownB = b[i + c] * alphaB + background * (1 - alphaB);
        sum += Math.abs(shownA - shownB);
      }
    }
    worst = Math.max(worst, sum / ((a.length / 4) * 3));
  }
  return worst;
}

/**
 * The part of a user-facing message that is raw tool text, or undefined when it reads as ours:
 * a `[demuxer @ 0x…]` prefix, a memory address, a path on the server, a network address, a stack.
 */
export function rawToolText(message: string): string | undefined {
  const patterns = [
    /\[[\w,.-]+ @ [^\]]*\]/,
    /@ ?0x[0-9a-f]+/i,
    /0x[0-9a-f]{6,}/i,
    /(?:^|[\s'"(])\/(?:tmp|work|var|home|root|usr|srv|data|opt|proc|dev|etc)\b[^\s]*/,
    /\b[A-Z]:\\/,
    /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/,
    /\b(?:https?|nats|grpc):\/\//i,
    /\b(?:ENOENT|EACCES|EPIPE|ECONNREFUSED|errno)\b/,
    /\n\s+at [\w.<>]+ \(/,
    /\b(?:vips|Vips)\w*:|\bheifload\b|\bbmpload\b/,
  ];
  for (const pattern of patterns) {
    const found = pattern.exec(message);
    if (found) return found[0];
  }
  return undefined;
}
