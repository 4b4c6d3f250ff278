import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { inputAt } from './composition-inputs.ts';
import { overlayCommand } from './composition-overlay-args.ts';
import { EVEN_DIMENSIONS_FILTER, formatSeconds } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';
import { sourceColourInput } from './source-colour.ts';

export interface OverlayVideoOnVideoParams {
  x?: number;
  y?: number;
  /** Overlay width in px; its height follows the aspect ratio. Default: the overlay's own. */
  width?: number;
  /** Second of the base video at which the overlay begins. Default 0. */
  start?: number;
}

export interface OverlayVideoArgsOptions extends StreamChoice {
  base: string;
  overlay: string;
  output: string;
  x: number;
  y: number;
  width?: number;
  start: number;
  hasAudio: boolean;
  /** The overlay clip's video stream (input-streams.ts); "v:0" when unknown. */
  overlayStream?: string;
}

/**
 * Picture in picture. The overlay's timestamps are restarted at 0 and shifted by `start`, so its
 * first frame lands at `start` s of the base; `eof_action=pass` shows the bare base again once the
 * overlay has ended (the default would freeze its last frame). The output follows the base: its
 * size, its length (overlay stops with its main input), its frame rate and its audio only.
 */
export function buildOverlayVideoArgs(o: OverlayVideoArgsOptions): string[] {
  const shift = o.start > 0 ? `+${formatSeconds(o.start)}/TB` : '';
  const overlay = [
    // -2: keep the aspect ratio with an even height, which yuv420p overlays need to line up.
    ...(o.width !== undefined ? [`scale=${o.width}:-2`] : []),
    `setpts=PTS-STARTPTS${shift}`,
  ];
  const base = sourceColourInput(0, o.base, o.videoStream);
  const top = sourceColourInput(1, o.overlay, o.overlayStream);
  const graph =
    `${base.prelude}${top.prelude}${top.label}${overlay.join(',')}[ov];` +
    `${base.label}[ov]overlay=x=${o.x}:y=${o.y}:eof_action=pass,${EVEN_DIMENSIONS_FILTER}[v]`;
  return overlayCommand({
    base: o.base,
    top: o.overlay,
    graph,
    hasAudio: o.hasAudio,
    output: o.output,
    ...streamChoice(o),
  });
}

export const overlayVideoOnVideo: ToolHandler<OverlayVideoOnVideoParams> = async (ctx) => {
  const base = inputAt(ctx, 0, 'video', 'base video');
  const overlay = inputAt(ctx, 1, 'video', 'overlay video');
  const { x = 0, y = 0, width, start = 0 } = ctx.params;
  const output = join(ctx.outDir, 'overlaid.mp4');
  await runFfmpegStep(ctx, {
    args: buildOverlayVideoArgs({
      base: base.path,
      overlay: overlay.path,
      output,
      x,
      y,
      width,
      start,
      ...inputStreams(base),
      overlayStream: inputStreams(overlay).videoStream,
    }),
    durationSeconds: base.duration,
    what: 'Overlaying the video',
  });
  return [{ path: output, name: `${baseName(base.name)}-overlaid.mp4` }];
};
