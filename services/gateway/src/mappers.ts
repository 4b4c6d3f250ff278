import { toPublicFile, toPublicJob } from '@mediakit/kit';
import type { authV1, filesV1, jobsV1 } from '@mediakit/proto';
import type { Static } from 'typebox';
import type * as S from './schemas.ts';

export type ApiFile = Static<typeof S.File>;
export type ApiJob = Static<typeof S.Job>;
export type ApiPlan = Static<typeof S.Plan>;

/** A file record as the API shows it (kit public-job.ts, shared with webhook payloads). */
export const toFile = (file: filesV1.File): ApiFile => toPublicFile(file);

/** A job as the API shows it (kit public-job.ts, shared with webhook payloads). */
export const toJob = (job: jobsV1.Job): ApiJob => toPublicJob(job);

/** What an SSE `progress` event carries: the part of a job that moves while it waits and runs. */
export function toProgress(job: jobsV1.Job): { status: string; progress: number; queuePosition?: number } {
  return job.queuePosition == null
    ? { status: job.status, progress: job.progress }
    : { status: job.status, progress: job.progress, queuePosition: job.queuePosition };
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
