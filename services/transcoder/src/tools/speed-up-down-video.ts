import { join } from 'node:path';
import type { ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { atempoChain, formatFactor } from './atempo.ts';
import { buildClipArgs } from './editing-clip-args.ts';
import { frameRateArg } from './editing-frame-rate.ts';
import { describeSeconds, MAX_OUTPUT_SECONDS } from './editing-limits.ts';
import { EVEN_DIMENSIONS_FILTER } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';

export interface SpeedVideoParams {
  /** 0.25..4; below 1 slows down. */
  factor?: number;
}

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 4;

export interface SpeedArgsOptions extends StreamChoice {
  input: string;
  output: string;
  factor: number;
  /** The input's frame rate, kept for the output. */
  fps?: number;
  hasAudio: boolean;
}

/**
 * `setpts=PTS/factor` retimes every frame. The `fps` filter then resamples to the input's own
 * frame rate: sped up, frames are dropped (4× a 30 fps clip would otherwise be 120 fps, a larger
 * file nobody's screen shows); slowed down, frames are repeated (no interpolation: motion gets
 * steppier, never smeared). Without a known rate (a capture that records none), every frame is
 * kept at its new time (keepTimingArgs), so the rate scales with the speed.
 */
export function buildSpeedArgs(o: SpeedArgsOptions): string[] {
  const keepRate = o.fps !== undefined && o.fps > 0 ? [`fps=${frameRateArg(o.fps)}`] : [];
  return buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    videoFilters: [`setpts=PTS/${formatFactor(o.factor)}`, ...keepRate, EVEN_DIMENSIONS_FILTER],
    audioFilters: atempoChain(o.factor),
    audio: o.hasAudio,
  });
}

export const speedVideo: ToolHandler<SpeedVideoParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const { factor = 2 } = ctx.params;
  if (!(factor >= MIN_SPEED && factor <= MAX_SPEED)) {
    throw new JobFailure(`The speed must be between ${MIN_SPEED}× and ${MAX_SPEED}× (got ${factor}×)`);
  }
  const outputSeconds = input.duration === undefined ? undefined : input.duration / factor;
  if (outputSeconds !== undefined && outputSeconds > MAX_OUTPUT_SECONDS) {
    throw new JobFailure(
      `At ${formatFactor(factor)}× this ${describeSeconds(input.duration ?? 0)} video would last ` +
        `${describeSeconds(outputSeconds)}, more than the ${describeSeconds(MAX_OUTPUT_SECONDS)} allowed; trim it first`,
    );
  }
  const output = join(ctx.outDir, 'speed.mp4');
  await runFfmpegStep(ctx, {
    args: buildSpeedArgs({
      input: input.path,
      output,
      factor,
      fps: input.fps,
      ...inputStreams(input),
    }),
    durationSeconds: outputSeconds,
    what: 'Changing the speed',
  });
  return [{ path: output, name: `${baseName(input.name)}-${formatFactor(factor)}x.mp4` }];
};
