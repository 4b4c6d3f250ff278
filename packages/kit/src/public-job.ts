import type { filesV1, jobsV1 } from '@mediakit/proto';

/**
 * The public shapes of a File and a Job (docs/api.md "Files", "Jobs"), from their gRPC form: what
 * the gateway answers and what a webhook's `data` carries, so both always agree.
 */
export interface PublicFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  media: string;
  width?: number;
  height?: number;
  duration?: number;
  fps?: number;
  hasAudio?: boolean;
  source: string;
  jobId?: string;
  createdAt: string;
  expiresAt: string;
}

export interface PublicJob {
  id: string;
  tool: string;
  status: string;
  progress: number;
  inputs: string[];
  params: Record<string, unknown>;
  outputs: PublicFile[];
  archive?: PublicFile;
  notes?: string[];
  error?: { message: string; error_msg?: string; error_log?: string };
  queuePosition?: number;
  webhookUrl?: string;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  expiresAt: string;
}

/** Copies the keys whose value is present: the API omits absent optionals instead of sending null. */
function present<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/**
 * A file record as the API shows it. Internal fields (ownerId, objectKey, format, codecs) are never
 * copied. `size` may arrive as a string from JSON (int64), so it is coerced.
 */
export function toPublicFile(file: filesV1.File): PublicFile {
  return present({
    id: file.id,
    name: file.name,
    size: Number(file.size),
    mime: file.mime,
    media: file.media,
    width: file.width,
    height: file.height,
    duration: file.duration,
    fps: file.fps,
    hasAudio: file.hasAudio,
    source: file.source,
    jobId: file.jobId || undefined,
    createdAt: file.createdAt,
    expiresAt: file.expiresAt,
  });
}

function parseParams(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json || '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function toPublicJob(job: jobsV1.Job): PublicJob {
  return present({
    id: job.id,
    tool: job.tool,
    status: job.status,
    progress: job.progress,
    inputs: [...job.inputs],
    params: parseParams(job.paramsJson),
    outputs: job.outputs.map(toPublicFile),
    archive: job.archive ? toPublicFile(job.archive) : undefined,
    notes: job.notes?.length ? [...job.notes] : undefined,
    error: job.error
      ? present({ message: job.error.message, error_msg: job.error.errorMsg, error_log: job.error.errorLog })
      : undefined,
    queuePosition: job.queuePosition,
    webhookUrl: job.webhookUrl || undefined,
    createdAt: job.createdAt,
    startedAt: job.startedAt || undefined,
    finishedAt: job.finishedAt || undefined,
    expiresAt: job.expiresAt,
  });
}
