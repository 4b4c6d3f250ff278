import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { opacityFilters } from './composition-filters.ts';
import { inputAt } from './composition-inputs.ts';
import { overlayCommand } from './composition-overlay-args.ts';
import { EVEN_DIMENSIONS_FILTER, formatSeconds } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';
import { sourceColourInput } from './source-colour.ts';

export interface OverlayImageOnVideoParams {
  x?: number;
  y?: number;
  /** Image width in px; the height follows the image's aspect ratio. Default: the image's own. */
  width?: number;
  /** 0..100, default 100. */
  opacity?: number;
  start?: number;
  end?: number;
}

export interface OverlayImageArgsOptions extends StreamChoice {
  video: string;
  image: string;
  output: string;
  x: number;
  y: number;
  width?: number;
  opacity: number;
  start?: number;
  end?: number;
  hasAudio: boolean;
}

/**
 * When the overlay shows, as an `enable` expression, or undefined for the whole clip. Quoted so the
 * commas stay inside the option.
 */
export function enableBetween(start?: number, end?: number): string | undefined {
  if (end !== undefined) return `'between(t,${formatSeconds(start ?? 0)},${formatSeconds(end)})'`;
  if (start !== undefined && start > 0) return `'gte(t,${formatSeconds(start)})'`;
  return undefined;
}

/**
 * The image is one frame (`trim=end_frame=1`: a GIF gives its first frame, like everywhere else in
 * the platform); overlay's default `eof_action=repeat` then holds it for the whole video, so no
 * `-loop` input is needed. `format=rgba` first keeps the image's own alpha through scaling and gives
 * the opacity something to multiply. The video keeps its size, frame rate and audio.
 */
export function buildOverlayImageArgs(o: OverlayImageArgsOptions): string[] {
  const image = [
    'trim=end_frame=1',
    'format=rgba',
    ...(o.width !== undefined ? [`scale=${o.width}:-1`] : []),
    ...opacityFilters(o.opacity),
  ];
  const enable = enableBetween(o.start, o.end);
  const overlay = `overlay=x=${o.x}:y=${o.y}${enable ? `:enable=${enable}` : ''}`;
  const base = sourceColourInput(0, o.video, o.videoStream);
  const graph = `${base.prelude}[1:v:0]${image.join(',')}[img];${base.label}[img]${overlay},${EVEN_DIMENSIONS_FILTER}[v]`;
  return overlayCommand({
    base: o.video,
    top: o.image,
    graph,
    hasAudio: o.hasAudio,
    output: o.output,
    ...streamChoice(o),
  });
}

export const overlayImageOnVideo: ToolHandler<OverlayImageOnVideoParams> = async (ctx) => {
  const video = inputAt(ctx, 0, 'video', 'video');
  const image = inputAt(ctx, 1, 'image', 'image');
  const { x = 0, y = 0, width, opacity = 100, start, end } = ctx.params;
  const output = join(ctx.outDir, 'overlaid.mp4');
  await runFfmpegStep(ctx, {
    args: buildOverlayImageArgs({
      video: video.path,
      image: image.path,
      output,
      x,
      y,
      width,
      opacity,
      start,
      end,
      ...inputStreams(video),
    }),
    durationSeconds: video.duration,
    what: 'Adding the image',
  });
  return [{ path: output, name: `${baseName(video.name)}-overlaid.mp4` }];
};
