import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { opacityFilters } from './composition-filters.ts';
import { inputAt } from './composition-inputs.ts';
import { overlayCommand } from './composition-overlay-args.ts';
import { EVEN_DIMENSIONS_FILTER } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';
import { sourceColourInput } from './source-colour.ts';

export type LogoPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'center';

export interface AddLogoParams {
  /** Default bottom-right. */
  position?: LogoPosition;
  /** Logo width as % of the video width, 5..50, default 15. */
  scale?: number;
  /** 0..100, default 100. */
  opacity?: number;
  /** Distance from the chosen edges in px, default 20 (ignored for center). */
  margin?: number;
}

export interface AddLogoArgsOptions extends StreamChoice {
  video: string;
  logo: string;
  output: string;
  /** Box the logo is scaled to fit, keeping its aspect ratio (see logoBox). */
  logoWidth: number;
  logoHeight: number;
  position: LogoPosition;
  opacity: number;
  margin: number;
  hasAudio: boolean;
}

/**
 * overlay's x/y as expressions of the video (W, H) and the scaled logo (w, h) sizes, so the corner
 * is exact whatever height the logo's aspect ratio gives it.
 */
export function logoPlacement(position: LogoPosition, margin: number): { x: string; y: string } {
  const m = String(margin);
  switch (position) {
    case 'top-left':
      return { x: m, y: m };
    case 'top-right':
      return { x: `W-w-${m}`, y: m };
    case 'bottom-left':
      return { x: m, y: `H-h-${m}` };
    case 'bottom-right':
      return { x: `W-w-${m}`, y: `H-h-${m}` };
    case 'center':
      return { x: '(W-w)/2', y: '(H-h)/2' };
  }
}

/**
 * The box the logo must fit: `scale` % of the video's width; and never taller than the video, so a
 * tall narrow logo cannot run off the frame. Computed from the video's displayed size, which is what
 * ffmpeg's (auto-rotated) frames have.
 */
export function logoBox(
  videoWidth: number,
  videoHeight: number,
  scalePercent: number,
): { width: number; height: number } {
  return { width: Math.max(1, Math.round((videoWidth * scalePercent) / 100)), height: videoHeight };
}

export function buildAddLogoArgs(o: AddLogoArgsOptions): string[] {
  const logo = [
    'trim=end_frame=1',
    'format=rgba',
    `scale=${o.logoWidth}:${o.logoHeight}:force_original_aspect_ratio=decrease`,
    ...opacityFilters(o.opacity),
  ];
  const { x, y } = logoPlacement(o.position, o.margin);
  const base = sourceColourInput(0, o.video, o.videoStream);
  const graph = `${base.prelude}[1:v:0]${logo.join(',')}[logo];${base.label}[logo]overlay=x=${x}:y=${y},${EVEN_DIMENSIONS_FILTER}[v]`;
  return overlayCommand({
    base: o.video,
    top: o.logo,
    graph,
    hasAudio: o.hasAudio,
    output: o.output,
    ...streamChoice(o),
  });
}

export const addLogoOrWatermarkToVideo: ToolHandler<AddLogoParams> = async (ctx) => {
  const video = inputAt(ctx, 0, 'video', 'video');
  const logo = inputAt(ctx, 1, 'image', 'logo');
  if (!video.width || !video.height) {
    throw new JobFailure(`Could not read the size of ${video.name}, so the logo cannot be sized`);
  }
  const { position = 'bottom-right', scale = 15, opacity = 100, margin = 20 } = ctx.params;
  const box = logoBox(video.width, video.height, scale);
  const output = join(ctx.outDir, 'watermarked.mp4');
  await runFfmpegStep(ctx, {
    args: buildAddLogoArgs({
      video: video.path,
      logo: logo.path,
      output,
      logoWidth: box.width,
      logoHeight: box.height,
      position,
      opacity,
      margin,
      ...inputStreams(video),
    }),
    durationSeconds: video.duration,
    what: 'Adding the logo',
  });
  return [{ path: output, name: `${baseName(video.name)}-watermarked.mp4` }];
};
