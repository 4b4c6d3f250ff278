import type { ToolContext } from '@mediakit/worker';

type StepContext = Pick<ToolContext<unknown>, 'signal' | 'progress' | 'log'>;

/**
 * A view of the job context for one step of several: the step's own 0..100 % is mapped onto
 * `from..to` of the job, so a job of N ffmpeg runs moves its bar once, not N times from 0 to 100.
 */
export function progressSlice(ctx: StepContext, from: number, to: number): StepContext {
  return {
    signal: ctx.signal,
    log: ctx.log,
    progress: (percent) => ctx.progress(from + ((to - from) * Math.min(100, Math.max(0, percent))) / 100),
  };
}

/** The slice of step `index` of `count` equal steps within `from..to`. */
export function stepSlice(ctx: StepContext, index: number, count: number, from = 0, to = 100): StepContext {
  const width = (to - from) / count;
  return progressSlice(ctx, from + index * width, from + (index + 1) * width);
}
