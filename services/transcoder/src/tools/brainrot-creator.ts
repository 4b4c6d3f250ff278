import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { writeCaptionImage } from './caption-image.ts';
import { coverFilter, frameRateValue, outputFrameRate } from './composition-filters.ts';
import { inputAt } from './composition-inputs.ts';
import { aacAudioArgs, FASTSTART_ARGS, h264VideoArgs } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { inputStreams } from './input-streams.ts';
import { baseName } from './output-name.ts';
import { sourceColourInput } from './source-colour.ts';

export type BrainrotLayout = 'main-top' | 'main-bottom';

export interface BrainrotParams {
  /** Where the main clip goes; default main-top. */
  layout?: BrainrotLayout;
  /** ≤ 120 characters (catalog). */
  caption?: string;
}

/** Vertical 9:16 as TikTok, Reels and Shorts want it; each clip fills one half. */
export const OUTPUT_WIDTH = 1080;
export const OUTPUT_HEIGHT = 1920;
const HALF_HEIGHT = OUTPUT_HEIGHT / 2;

export interface BrainrotArgsOptions {
  main: string;
  background: string;
  output: string;
  layout: BrainrotLayout;
  /** As frameRateValue gives it; both halves are brought to it so the stack has one rate. */
  fps: string;
  mainHasAudio: boolean;
  /** Streams to take (input-streams.ts); the first of each kind when unknown. */
  mainVideoStream?: string;
  mainAudioStream?: string;
  backgroundVideoStream?: string;
  /** The caption drawn as a transparent PNG (writeCaptionImage), or none. */
  captionImage?: string;
}

/**
 * Main and background each scaled to cover 1080×960 and cropped to fill it, stacked. The background
 * input is looped without end (`-stream_loop -1`, an input option, so before its `-i`) and its
 * audio is never mapped; `vstack=shortest=1` ends the video with the main clip. Audio is the main
 * clip's, or none when it has none. The caption image (one frame, which overlay repeats) is centred
 * on the seam between the halves; its path is an input, never part of the filter graph.
 */
export function buildBrainrotArgs(o: BrainrotArgsOptions): string[] {
  const half = `${coverFilter(OUTPUT_WIDTH, HALF_HEIGHT)},fps=${o.fps}`;
  const [upper, lower] = o.layout === 'main-top' ? ['[main]', '[bg]'] : ['[bg]', '[main]'];
  const stack = `${upper}${lower}vstack=inputs=2:shortest=1`;
  const main = sourceColourInput(0, o.main, o.mainVideoStream);
  const background = sourceColourInput(1, o.background, o.backgroundVideoStream);
  const graph = [
    `${main.prelude}${main.label}${half}[main]`,
    `${background.prelude}${background.label}${half}[bg]`,
    o.captionImage ? `${stack}[stack];[stack][2:v:0]overlay=x=(W-w)/2:y=(H-h)/2[v]` : `${stack}[v]`,
  ].join(';');
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.main,
    '-stream_loop', '-1',
    '-i', o.background,
    // image2 reads a % in a path as a frame-number pattern unless told not to.
    ...(o.captionImage ? ['-f', 'image2', '-pattern_type', 'none', '-i', o.captionImage] : []),
    '-filter_complex', graph,
    '-map', '[v]',
    ...(o.mainHasAudio ? ['-map', `0:${o.mainAudioStream ?? 'a:0?'}`] : []),
    ...h264VideoArgs(),
    ...(o.mainHasAudio ? aacAudioArgs() : []),
    ...FASTSTART_ARGS,
    o.output,
  ];
}

export const brainrotCreator: ToolHandler<BrainrotParams> = async (ctx) => {
  const main = inputAt(ctx, 0, 'video', 'main video');
  const background = inputAt(ctx, 1, 'video', 'background video');
  const { layout = 'main-top', caption } = ctx.params;
  // A fixed name in the job's private dir; nothing is written for an empty caption.
  const captionPath = join(ctx.outDir, 'caption.png');
  const captionImage = (await writeCaptionImage(caption, captionPath)) ? captionPath : undefined;
  const output = join(ctx.outDir, 'brainrot.mp4');
  const mainStreams = inputStreams(main);
  await runFfmpegStep(ctx, {
    args: buildBrainrotArgs({
      main: main.path,
      background: background.path,
      output,
      layout,
      fps: frameRateValue(outputFrameRate(main.fps)),
      mainHasAudio: mainStreams.hasAudio,
      mainVideoStream: mainStreams.videoStream,
      mainAudioStream: mainStreams.audioStream,
      backgroundVideoStream: inputStreams(background).videoStream,
      captionImage,
    }),
    durationSeconds: main.duration,
    what: 'Making the video',
  });
  return [{ path: output, name: `${baseName(main.name)}-brainrot.mp4` }];
};
