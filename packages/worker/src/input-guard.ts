import { JobFailure, type JobInput, type ToolContext, type ToolHandler, type ToolHandlers } from './types.ts';

/** Wraps every handler of a worker's table with the same guard (the imager's and transcoder's guard.ts). */
export function guardAllHandlers<L>(
  handlers: ToolHandlers,
  limits: L,
  guardHandler: <P>(handler: ToolHandler<P>, limits: L) => ToolHandler<P>,
): ToolHandlers {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [name, guardHandler(handler, limits)]),
  );
}

/** How one worker measures a local input and holds it to its limits. */
export interface InputLimitsCheck<M> {
  /** Reads what the limits are checked on from the file itself; undefined leaves it to the handler. */
  measure(input: JobInput, signal: AbortSignal): Promise<M | undefined>;
  /** One sentence per limit the measured input goes over (catalog's checkImageLimits/checkVideoLimits). */
  check(measured: M): string[];
  /** Names the limits in the log line: "image", "video". */
  kind: string;
}

/**
 * Defence in depth before a handler starts: each input's local copy is measured again and held to
 * the limits, because the jobs service only checked what the files service recorded at upload.
 * Throws a JobFailure for the first input that goes over a limit: its message is the first
 * sentence, the job's error log lists every limit exceeded. An abort or an error of `measure` is
 * passed on untouched.
 */
export async function refuseInputsOverLimits<M>(
  ctx: Pick<ToolContext<unknown>, 'inputs' | 'signal' | 'log'>,
  limits: InputLimitsCheck<M>,
): Promise<void> {
  const sentences: string[] = [];
  for (const input of ctx.inputs) {
    ctx.signal.throwIfAborted();
    const measured = await limits.measure(input, ctx.signal);
    if (measured !== undefined) sentences.push(...limits.check(measured));
  }
  if (sentences.length === 0) return;
  ctx.log.info({ reasons: sentences }, `input over the ${limits.kind} limits`);
  throw new JobFailure(sentences[0], { log: sentences.join('\n') });
}
