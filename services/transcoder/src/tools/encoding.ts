import { SDR_BT709_TAGS } from './colour.ts';

/**
 * Encoding defaults shared by every video tool, so all outputs are the same kind of file:
 * H.264/AAC in MP4, playable in every browser and phone, streamable before fully downloaded.
 */

/**
 * x264 speed/size trade-off. Workers run on 2-core machines: `veryfast` encodes several times
 * faster than the default `medium` for roughly 10–15 % larger files at the same CRF, which keeps
 * jobs well inside their wall-clock budget and the queue moving.
 */
export const X264_PRESET = 'veryfast';

/** x264's own default: visually clean for web playback at a moderate size. */
export const DEFAULT_CRF = 23;

/**
 * 8-bit 4:2:0 is the only H.264 flavour every browser and phone decodes; without it 10-bit or
 * 4:4:4 inputs (screen recordings, ProRes) would carry over into unplayable High 10/4:4:4 files.
 */
export const PIX_FMT = 'yuv420p';

/** Transparent for typical stereo sources, small next to the video bitrate. */
export const AUDIO_BITRATE = '160k';

/** Moves the index (moov) to the front so playback starts before the whole file has downloaded. */
export const FASTSTART_ARGS: readonly string[] = ['-movflags', '+faststart'];

/**
 * yuv420p needs even width and height and libx264 refuses odd ones. Cropping drops at most one
 * pixel row/column, which is invisible and cheaper than resampling the whole frame.
 * Tools with their own filter chain append this as its last step.
 */
export const EVEN_DIMENSIONS_FILTER = 'crop=trunc(iw/2)*2:trunc(ih/2)*2';

/**
 * Keeps every frame at its own time. Left alone, ffmpeg writes MP4 at a constant rate taken from
 * the input's r_frame_rate, a guess that for variable-rate input (a browser's MediaRecorder WebM, a
 * Windows ASF capture with millisecond timestamps) is far above the real rate: it then repeats
 * frames to fill it (36 frames became 140). `-fps_mode vfr` passes each frame at its timestamp (only
 * a frame landing on the same instant as the previous one is dropped), and the encoder gets the
 * input's time base so no timestamp is rounded onto a guessed rate's grid. `-1` is ffmpeg's "the
 * input stream's time base", for a single input mapped straight through.
 */
export function keepTimingArgs(videoTimeBase?: string): string[] {
  return ['-fps_mode:v', 'vfr', '-enc_time_base:v', videoTimeBase ?? '-1'];
}

/**
 * True for a filter that sets the frame rate itself (`fps=`): the user asked for a rate (or the tool
 * chose one), the frames come out evenly spaced, and ffmpeg's constant-rate output at that rate is right.
 */
export const setsFrameRate = (filter: string): boolean => /^fps=/.test(filter);

/** Constant-quality H.264, tagged BT.709 SDR (colour.ts: the filters make the picture match). */
export function h264VideoArgs(crf: number = DEFAULT_CRF): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    X264_PRESET,
    '-crf',
    String(crf),
    '-pix_fmt',
    PIX_FMT,
    ...SDR_BT709_TAGS,
  ];
}

export function aacAudioArgs(): string[] {
  return ['-c:a', 'aac', '-b:a', AUDIO_BITRATE];
}

/** CRF for quality 100: visually lossless for x264; lower CRFs grow files with no visible gain. */
export const BEST_CRF = 18;
/** CRF for quality 1: about where blocking becomes obvious; higher is not worth offering. */
export const WORST_CRF = 40;

/** An encoder's CRF for quality 100 and 1, and without a quality. */
export interface CrfScale {
  best: number;
  worst: number;
  fallback: number;
}

const X264_CRF_SCALE: CrfScale = { best: BEST_CRF, worst: WORST_CRF, fallback: DEFAULT_CRF };

/**
 * Maps the catalog's `quality` 1..100 (100 = best) linearly onto CRF 40..18 (another encoder's
 * scale when given). Quality ≈ 78 gives the default 23; no quality means DEFAULT_CRF. Out-of-range
 * values are clamped.
 */
export function qualityToCrf(quality?: number, scale: CrfScale = X264_CRF_SCALE): number {
  if (quality === undefined || !Number.isFinite(quality)) return scale.fallback;
  const q = Math.min(100, Math.max(1, quality));
  return Math.round(scale.worst - ((q - 1) * (scale.worst - scale.best)) / 99);
}

/** Seconds as ffmpeg expects them, at millisecond precision ("1.5", not "1.5000000000000002"). */
export function formatSeconds(seconds: number): string {
  return String(Math.round(seconds * 1000) / 1000);
}
