import type { MemorySampler } from './memory.ts';
import type { BenchStack } from './stack.ts';
import type { TargetResult } from './targets.ts';

export interface BenchContext {
  quick: boolean;
  /** Size of the Bytes part's file in bytes (default: 1 GiB, quick 32 MiB; `--bytes-mib`). */
  bytesSize?: number;
  /** A temp dir for generated inputs and raw outputs, removed at the end. */
  workDir: string;
  log(message: string): void;
}

/** The platform a part measures, with the RSS sampler watching its services. */
export interface PlatformHandle {
  stack: BenchStack;
  memory: MemorySampler;
}

export interface PartOutcome {
  /** The part's section of the report, without its heading. */
  markdown: string;
  targets: TargetResult[];
}

/** A part that cannot run here (no Chromium, apps not built) says why instead of failing the run. */
export class SkipPart extends Error {}
