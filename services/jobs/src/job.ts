import type { WorkerName } from '@mediakit/kit';
import type { filesV1, jobsV1 } from '@mediakit/proto';

/** The states of a job (docs/api.md "Jobs"). Only queued → running → one terminal state, or a retry. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job in one of these states is done with: events no longer change it, and only a retry restarts it. */
export const TERMINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];
export const ACTIVE_STATUSES: readonly JobStatus[] = ['queued', 'running'];

export const isTerminal = (status: JobStatus): boolean => TERMINAL_STATUSES.includes(status);
export const isJobStatus = (value: string): value is JobStatus =>
  (JOB_STATUSES as readonly string[]).includes(value);

export interface JobFailure {
  message: string;
  error_log?: string;
}

/** A job as stored in the `jobs` collection. Times are ISO 8601 UTC strings, so they sort as text. */
export interface JobDoc {
  _id: string;
  ownerId: string;
  tool: string;
  worker: WorkerName;
  status: JobStatus;
  progress: number;
  /** File ids, in the order the tool takes them. */
  inputs: string[];
  /** The validated params, defaults applied. */
  params: Record<string, unknown>;
  /** 1 on creation, +1 per retry; worker events of any other attempt are stale. */
  attempt: number;
  /** Stream sequence of the JOBS message of the current attempt, to delete it on cancel. */
  dispatchSeq?: number;
  /**
   * When the current attempt was claimed for publishing on JetStream (concurrency-gate.ts). A
   * queued job without it is held: it waits for a slot of its owner and has no message on the
   * stream. Set before publishing, so a job is never published twice by two releases.
   */
  dispatchedAt?: string;
  /**
   * The owner's plan's concurrentJobs when the job was created (0 or absent: no limit). Kept on the
   * job so the decision to release it can be derived from the documents alone after a restart.
   */
  concurrencyLimit?: number;
  outputs: filesV1.File[];
  archive?: filesV1.File;
  /** Sentences about the result the user should read (ToolOutput.note of the worker). */
  notes?: string[];
  error?: JobFailure;
  createdAt: string;
  /**
   * When the current attempt took its place in line: on creation or retry, and again when a held
   * job is released onto the stream. Held jobs of an owner are released in this order, and
   * dispatched jobs sit in their pool's stream in this order (queue-position.ts).
   */
  queuedAt: string;
  startedAt?: string;
  finishedAt?: string;
  expiresAt: string;
  retentionHours: number;
  /**
   * The W3C traceparent of the request that created the job: its dispatch, events, logs and the
   * gateway's SSE writes join that one trace, whatever later triggers them (telemetry.ts).
   */
  traceparent?: string;
  /** Where the job's end is sent, signed (webhooks/); only signed-in owners set one. */
  webhookUrl?: string;
}

/** The wire form of a job. `queuePosition` is given for queued jobs only. */
export function toProto(doc: JobDoc, queuePosition?: number): jobsV1.Job {
  return {
    id: doc._id,
    ownerId: doc.ownerId,
    tool: doc.tool,
    status: doc.status,
    progress: doc.progress,
    inputs: [...doc.inputs],
    paramsJson: JSON.stringify(doc.params ?? {}),
    outputs: (doc.outputs ?? []).map(cleanFile),
    archive: doc.archive ? cleanFile(doc.archive) : undefined,
    notes: [...(doc.notes ?? [])],
    error: doc.error ? { message: doc.error.message, errorLog: doc.error.error_log ?? undefined } : undefined,
    queuePosition: doc.status === 'queued' ? queuePosition : undefined,
    createdAt: doc.createdAt,
    startedAt: doc.startedAt ?? undefined,
    finishedAt: doc.finishedAt ?? undefined,
    expiresAt: doc.expiresAt,
    webhookUrl: doc.webhookUrl || undefined,
  };
}

/**
 * A File as it came in a worker event, without null or undefined fields: MongoDB may store an
 * absent optional field as null, and the protobuf encoder must only see real values.
 */
export function cleanFile(file: filesV1.File): filesV1.File {
  return Object.fromEntries(
    Object.entries(file).filter(([, value]) => value !== null && value !== undefined),
  ) as unknown as filesV1.File;
}
