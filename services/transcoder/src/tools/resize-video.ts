import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { buildClipArgs } from './editing-clip-args.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';

export type ResizeFit = 'contain' | 'cover' | 'fill';

export interface ResizeVideoParams {
  /** Even, 16..7680 (the catalog checks). */
  width: number;
  height: number;
  fit?: ResizeFit;
}

/**
 * Filters giving exactly width×height for each fit. The catalog only accepts even sizes, which
 * yuv420p needs, so no rounding step follows.
 * - contain: scale to fit inside (to even sizes, so the bars split evenly), then pad with black, centered.
 * - cover: scale to fill (one side overflows), then crop the overflow, centered.
 * - fill: scale to the exact size, stretching.
 * `setsar=1` marks the pixels square: without it a source's sample aspect ratio would be carried
 * over and players would show the result stretched to a size that is not width×height.
 */
export function resizeFilters(width: number, height: number, fit: ResizeFit): string[] {
  const size = `${width}:${height}`;
  switch (fit) {
    case 'contain':
      return [
        `scale=${size}:force_original_aspect_ratio=decrease:force_divisible_by=2`,
        `pad=${size}:(ow-iw)/2:(oh-ih)/2:color=black`,
        'setsar=1',
      ];
    case 'cover':
      return [`scale=${size}:force_original_aspect_ratio=increase`, `crop=${size}`, 'setsar=1'];
    case 'fill':
      return [`scale=${size}`, 'setsar=1'];
  }
}

export interface ResizeArgsOptions extends StreamChoice {
  input: string;
  output: string;
  width: number;
  height: number;
  fit: ResizeFit;
  hasAudio: boolean;
}

export function buildResizeArgs(o: ResizeArgsOptions): string[] {
  return buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    videoFilters: resizeFilters(o.width, o.height, o.fit),
    audio: o.hasAudio,
  });
}

export const resizeVideo: ToolHandler<ResizeVideoParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const output = join(ctx.outDir, 'resized.mp4');
  const { width, height, fit = 'contain' } = ctx.params;
  await runFfmpegStep(ctx, {
    args: buildResizeArgs({
      input: input.path,
      output,
      width,
      height,
      fit,
      ...inputStreams(input),
    }),
    durationSeconds: input.duration,
    what: 'Resizing',
  });
  return [{ path: output, name: `${baseName(input.name)}-resized.mp4` }];
};
