import type { MediaInfo } from '@mediakit/media';
import type { filesV1 } from '@mediakit/proto';
import type { JobEventKind } from './subjects.ts';

/** One input of a dispatched job: where its bytes are and what the files service read from them. */
export interface DispatchInput extends MediaInfo {
  fileId: string;
  objectKey: string;
  name: string;
}

/** Published by the jobs service on `jobs.dispatch.<media>` with `Nats-Msg-Id = <jobId>:<attempt>`. */
export interface DispatchMessage {
  jobId: string;
  ownerId: string;
  tool: string;
  /** Increases on every retry; events of an older attempt are ignored. */
  attempt: number;
  params: Record<string, unknown>;
  inputs: DispatchInput[];
  /** When the outputs expire (the job's retention). */
  expiresAt: string;
}

/** Published by workers on `jobs.events.<jobId>.<kind>`. */
export interface JobEvent {
  jobId: string;
  attempt: number;
  kind: JobEventKind;
  at: string;
  progress?: number;
  outputs?: filesV1.File[];
  archive?: filesV1.File;
  /** Sentences for the user about a succeeded job's result (e.g. HDR tone-mapped to SDR). */
  notes?: string[];
  error?: { message: string; error_log?: string };
}

export const encodeJson = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));
export const decodeJson = <T>(data: Uint8Array): T => JSON.parse(new TextDecoder().decode(data)) as T;
