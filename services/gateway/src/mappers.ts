import type { authV1, filesV1, jobsV1 } from '@mediakit/proto';
import type { Static } from 'typebox';
import type * as S from './schemas.ts';

export type ApiFile = Static<typeof S.File>;
export type ApiJob = Static<typeof S.Job>;
export type ApiPlan = Static<typeof S.Plan>;

/** Copies the keys whose value is present: the API omits absent optionals instead of sending null. */
function present<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/**
 * A file record as the API shows it. Internal fields (ownerId, objectKey, format, codecs) are never
 * copied. `size` may arrive as a string from JSON (int64), so it is coerced.
 */
export function toFile(file: filesV1.File): ApiFile {
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

export function toJob(job: jobsV1.Job): ApiJob {
  return present({
    id: job.id,
    tool: job.tool,
    status: job.status,
    progress: job.progress,
    inputs: [...job.inputs],
    params: parseParams(job.paramsJson),
    outputs: job.outputs.map(toFile),
    archive: job.archive ? toFile(job.archive) : undefined,
    notes: job.notes?.length ? [...job.notes] : undefined,
    error: job.error
      ? present({ message: job.error.message, error_msg: job.error.errorMsg, error_log: job.error.errorLog })
      : undefined,
    queuePosition: job.queuePosition,
    createdAt: job.createdAt,
    startedAt: job.startedAt || undefined,
    finishedAt: job.finishedAt || undefined,
    expiresAt: job.expiresAt,
  });
}

/** What an SSE `progress` event carries: the part of a job that moves while it waits and runs. */
export function toProgress(job: jobsV1.Job): { status: string; progress: number; queuePosition?: number } {
  return present({ status: job.status, progress: job.progress, queuePosition: job.queuePosition });
}

export function toPlan(plan: authV1.Plan): ApiPlan {
  return {
    id: plan.id,
    name: plan.name,
    price: {
      amount: plan.price?.amount ?? 0,
      currency: plan.price?.currency ?? '',
      interval: plan.price?.interval ?? '',
    },
    limits: {
      maxFileBytes: plan.limits?.maxFileBytes ?? 0,
      concurrentJobs: plan.limits?.concurrentJobs ?? 0,
      retentionHours: plan.limits?.retentionHours ?? 0,
      batchSize: plan.limits?.batchSize ?? 0,
    },
  };
}

export type ApiUser = Static<typeof S.User>;

export function toUser(user: authV1.User): ApiUser {
  return { sub: user.sub, email: user.email, name: user.name, plan: user.plan, roles: [...user.roles] };
}
