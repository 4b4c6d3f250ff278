import type { Logger } from '@mediakit/kit';
import type { MediaInfo } from '@mediakit/media';

/** One input of a job, already downloaded into the job's private temp dir. */
export interface JobInput extends MediaInfo {
  fileId: string;
  /** Absolute path of the local copy. */
  path: string;
  /** The name the user uploaded it under (for output names only: never trusted for type). */
  name: string;
}

/** What a tool handler gets. Handlers are pure with respect to storage and messaging. */
export interface ToolContext<P = Record<string, unknown>> {
  tool: string;
  inputs: JobInput[];
  /** Params already validated against the catalog schema. */
  params: P;
  /** A fresh private directory; write outputs here. It is removed after the job. */
  outDir: string;
  /** Aborted when the job is canceled or the worker shuts down. Pass it to ffmpeg/sharp work. */
  signal: AbortSignal;
  /** Report progress 0..100. The runtime throttles and keeps it monotonic. */
  progress(percent: number): void;
  log: Logger;
}

export interface ToolOutput {
  /** Absolute path of a finished file inside outDir. */
  path: string;
  /** The download name, e.g. "holiday.mp4". */
  name: string;
  /**
   * A sentence the user reads with the result when the tool made a choice they should know about
   * ("The video is HLG HDR; it was tone-mapped to SDR …"). The job shows each distinct note once.
   */
  note?: string;
}

export type ToolHandler<P = Record<string, unknown>> = (ctx: ToolContext<P>) => Promise<ToolOutput[]>;

/** A worker's table of handlers by tool name; each handler has its own params type. */
// biome-ignore lint/suspicious/noExplicitAny: the params types differ per tool, as in the tools' index.ts
export type ToolHandlers = Record<string, ToolHandler<any>>;

/**
 * A failure caused by the input or params, with a message the user can act on.
 * It fails the job at once (no redelivery). Any other error is treated as ours and retried.
 */
export class JobFailure extends Error {
  readonly log?: string;
  constructor(message: string, options: { log?: string } = {}) {
    super(message);
    this.name = 'JobFailure';
    this.log = options.log;
  }
}
