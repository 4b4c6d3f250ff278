import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { JPEG_TO_BT709_FILTER } from './colour.ts';
import { fitFilter } from './composition-filters.ts';
import { inputsOf } from './composition-inputs.ts';
import { progressSlice, stepSlice } from './composition-progress.ts';
import { aacAudioArgs, FASTSTART_ARGS, formatSeconds, h264VideoArgs } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { baseName } from './output-name.ts';

export type SlideshowResolution = '720p' | '1080p' | '4k';

export interface ImageToVideoParams {
  /** Default 1080p. */
  resolution?: SlideshowResolution;
  /** 0.5..60, default 3. */
  secondsPerImage?: number;
}

export const RESOLUTIONS: Record<SlideshowResolution, { width: number; height: number }> = {
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
  '4k': { width: 3840, height: 2160 },
};

/** Smooth enough for any later fade or pan, and what every player and platform expects. */
export const SLIDESHOW_FPS = 30;
export const MAX_IMAGES = 50;

/** The slides written by the first phase, numbered from 1: an image2 pattern of our own names. */
export const SLIDE_PATTERN = 'slide-%05d.jpg';

export interface SlideArgsOptions {
  image: string;
  output: string;
  width: number;
  height: number;
}

/**
 * Phase 1, once per image: decode it (a GIF's first frame), letterbox it to the output size and
 * store it as a near-lossless JPEG (`-q:v 2`, 4:2:0 like the final H.264, so nothing is lost twice).
 * One image per ffmpeg run keeps memory at one decoded picture, however many and however large the
 * images are; decoding 50 twelve-megapixel photos in one graph would hold them all at once.
 */
export function buildSlideArgs(o: SlideArgsOptions): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.image,
    '-map', '0:v:0',
    '-frames:v', '1',
    '-vf', `${fitFilter(o.width, o.height)},format=yuvj420p`,
    '-q:v', '2',
    o.output,
  ];
}

export interface SlideshowArgsOptions {
  /** Directory holding slide-00001.jpg … (SLIDE_PATTERN). */
  slidesDir: string;
  count: number;
  secondsPerImage: number;
  output: string;
}

/** `-framerate` as an exact rational: one frame every `seconds`, at millisecond precision. */
export function slideRate(seconds: number): string {
  return `1000/${Math.round(seconds * 1000)}`;
}

/**
 * Phase 2: the slides as one image sequence, one frame per `secondsPerImage`, made constant 30 fps.
 * A single input whatever the count, so one decoder and one picture in memory. `tpad` holds the last
 * slide and `-t` cuts at exactly count × secondsPerImage. A silent stereo AAC track goes along:
 * some players, phones and social sites refuse or mishandle MP4s without audio, and silence costs a
 * few KB.
 */
export function buildSlideshowArgs(o: SlideshowArgsOptions): string[] {
  const seconds = formatSeconds(o.secondsPerImage);
  const graph = [
    `[0:v]${JPEG_TO_BT709_FILTER},fps=${SLIDESHOW_FPS}:eof_action=pass,tpad=stop_mode=clone:stop_duration=${seconds}[v]`,
    'anullsrc=r=48000:cl=stereo[a]',
  ].join(';');
  // An image2 pattern reads "%" as a placeholder: one in the directory name must be doubled.
  const pattern = join(o.slidesDir.replaceAll('%', '%%'), SLIDE_PATTERN);
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-f', 'image2',
    '-framerate', slideRate(o.secondsPerImage),
    '-start_number', '1',
    '-i', pattern,
    '-filter_complex', graph,
    '-map', '[v]',
    '-map', '[a]',
    '-t', formatSeconds(o.count * o.secondsPerImage),
    ...h264VideoArgs(),
    ...aacAudioArgs(),
    ...FASTSTART_ARGS,
    o.output,
  ];
}

/** Share of the progress bar for phase 1: one small decode and JPEG per image, fast next to the encode. */
const SLIDES_SHARE = 20;

export const convertImageToVideo: ToolHandler<ImageToVideoParams> = async (ctx) => {
  const images = inputsOf(ctx, 'image', 1, MAX_IMAGES);
  const { resolution = '1080p', secondsPerImage = 3 } = ctx.params;
  const { width, height } = RESOLUTIONS[resolution];
  const slidesDir = join(ctx.outDir, 'slides');
  await mkdir(slidesDir);

  for (const [i, image] of images.entries()) {
    const slide = join(slidesDir, SLIDE_PATTERN.replace('%05d', String(i + 1).padStart(5, '0')));
    await runFfmpegStep(stepSlice(ctx, i, images.length, 0, SLIDES_SHARE), {
      args: buildSlideArgs({ image: image.path, output: slide, width, height }),
      what: `Reading image ${i + 1} (${image.name})`,
    });
  }

  const output = join(ctx.outDir, 'slideshow.mp4');
  const duration = images.length * secondsPerImage;
  await runFfmpegStep(progressSlice(ctx, SLIDES_SHARE, 100), {
    args: buildSlideshowArgs({ slidesDir, count: images.length, secondsPerImage, output }),
    durationSeconds: duration,
    what: 'Making the video',
  });
  return [{ path: output, name: `${baseName(images[0].name, 'images')}-slideshow.mp4` }];
};
