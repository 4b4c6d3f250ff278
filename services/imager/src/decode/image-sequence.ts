/**
 * Animations libvips cannot read frame by frame, decoded by ffmpeg:
 * - animated AVIF and HEIF (image sequences): the mov demuxer reads the sequence track like a video
 *   track (dav1d for AV1, its own HEVC decoder). libvips' libheif opens only the still image beside
 *   the track (and not at all when the major brand is "avis"), and libheif-js has no sequence API.
 *   An alpha plane (an `auxv` track) is not read: frames come out opaque.
 * - animated PNG (APNG): libvips reads only the default image; ffmpeg's apng decoder composes each
 *   frame (disposal, blending) onto the canvas, alpha included.
 * ffmpeg writes every frame as RGBA (colour matrix and range from the stream) and, in a second output,
 * each frame's timestamp and duration (framemd5), from which the delays come.
 *
 * The input is held to one demuxer and to local files (the restriction secure-inputs.ts puts on
 * every upload, narrowed to the one format expected here). The caller has checked the header's frames
 * × size against the pixel bound; the frame count and size are held to the header here (`-frames:v`,
 * `scale`), so a file that holds more frames or bigger pictures than its header says cannot make more
 * pixels.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '@mediakit/ffmpeg';
import type { HeifSequence } from '@mediakit/media';
import { DEFAULT_FRAME_DELAY_MS, type RawAnimation, splitStrip } from './raw-animation.ts';

/** How long decoding one sequence may take before ffmpeg is stopped. */
const DECODE_TIMEOUT_MS = 60_000;

export interface SequenceOptions {
  /** The ffmpeg demuxer: `mov` for HEIF sequences (the default), `apng` for animated PNG. */
  demuxer?: 'mov' | 'apng';
  /** Decode only this many frames (1 for a still first frame). */
  maxFrames?: number;
  /** How many times the animation plays (0 = forever): a HEIF sequence has no such field. */
  loop?: number;
  signal?: AbortSignal;
}

/** The words libvips' loaders use, so read-errors.ts says "damaged or incomplete". */
const DAMAGED = 'animationload: the animation could not be decoded';

export async function decodeImageSequence(
  path: string,
  header: Pick<HeifSequence, 'width' | 'height' | 'frames'>,
  options: SequenceOptions = {},
): Promise<RawAnimation> {
  const frames = Math.min(header.frames, options.maxFrames ?? header.frames);
  const demuxer = options.demuxer ?? 'mov';
  const dir = await mkdtemp(join(tmpdir(), 'imager-sequence-'));
  try {
    const pixels = join(dir, 'frames.rgba');
    const times = join(dir, 'frames.txt');
    // Scaled to the header's size: a bitstream larger than its header says cannot write more bytes
    // than the pixel bound was checked on (a no-op for an honest file).
    const each = [
      '-vf',
      `scale=${header.width}:${header.height}`,
      '-map',
      '0:v:0',
      '-frames:v',
      String(frames),
      '-fps_mode',
      'passthrough',
      '-pix_fmt',
      'rgba',
    ];
    try {
      await runFfmpeg({
        args: [
          '-f',
          demuxer,
          '-protocol_whitelist',
          'file',
          '-format_whitelist',
          demuxer,
          '-i',
          path,
          ...each,
          '-f',
          'rawvideo',
          pixels,
          ...each,
          // The demuxer's time base, so durations are the track's own and not rounded to a frame rate.
          '-enc_time_base',
          '-1',
          '-f',
          'framemd5',
          times,
        ],
        signal: options.signal,
        timeoutMs: DECODE_TIMEOUT_MS,
        // Restricted above, to the one demuxer this file must be read with (apng is not on the
        // shared list: the video tools read PNGs as stills).
        trustedInputs: true,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new Error(DAMAGED, { cause: error });
    }
    const data = await readFile(pixels);
    const frameBytes = header.width * header.height * 4;
    const decoded = Math.floor(data.length / frameBytes);
    if (decoded < 1 || data.length !== decoded * frameBytes) throw new Error(DAMAGED);
    const delay = delaysFromFramemd5(await readFile(times, 'utf8'), decoded);
    return { frames: splitStrip(data, header.width, header.height, decoded), delay, loop: options.loop ?? 0 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Milliseconds each frame shows, from ffmpeg's framemd5 lines ("stream, dts, pts, duration, size,
 * hash" in the "#tb" time base): the gap to the next frame's timestamp, the last frame its own
 * duration. Anything missing gets the 100 ms default.
 */
export function delaysFromFramemd5(text: string, frames: number): number[] {
  const tb = /^#tb 0: (\d+)\/(\d+)/m.exec(text);
  const seconds = tb ? Number(tb[1]) / Number(tb[2]) : 0;
  const rows = text
    .split('\n')
    .filter((line) => /^\d/.test(line))
    .map((line) => line.split(',').map((field) => Number(field.trim())))
    .map(([, , pts, duration]) => ({ pts, duration }));
  return Array.from({ length: frames }, (_, i) => {
    const row = rows[i];
    const next = rows[i + 1];
    const ticks = row && next ? next.pts - row.pts : row?.duration;
    const ms = Math.round((ticks ?? 0) * seconds * 1000);
    return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_FRAME_DELAY_MS;
  });
}
