import type { JobInput, ToolContext } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';

/** The job's one video input; the catalog should guarantee it, this turns a slip into a clear failure. */
export function requireVideoInput(ctx: Pick<ToolContext<unknown>, 'tool' | 'inputs'>): JobInput {
  const input = ctx.inputs[0];
  if (!input) throw new JobFailure(`${ctx.tool} needs one video`);
  if (input.media !== 'video') {
    throw new JobFailure(`${ctx.tool} needs a video, but ${input.name} is ${input.media} (${input.format})`);
  }
  return input;
}
