import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type CatalogEntry, getEntry, validateParams } from '@mediakit/catalog';
import { badRequest, notFound } from '@mediakit/kit';
import { Type } from 'typebox';
import type { JobsClient, UpdateBus } from '../deps.ts';
import { isFinal } from '../job-updates.ts';
import { toJob } from '../mappers.ts';
import type { Plans } from '../plans.ts';
import type { Owner } from '../plugins/identity.ts';
import { DEFAULT_LIMIT, IdParams, Job, JobStatus, Page, PageQuery } from '../schemas.ts';
import { type FieldIssue, summarize } from '../validation.ts';
import { WaitQuery, waitForEnd } from './job-wait.ts';

export interface JobsRoutesOptions {
  jobs: JobsClient;
  plans: Plans;
  writesPerMinute: number;
  /** Job updates, for `POST /jobs?wait` (job-wait.ts). */
  nats: UpdateBus;
}

const CreateJobBody = Type.Object(
  {
    tool: Type.String({ minLength: 1, maxLength: 100 }),
    inputs: Type.Array(IdParams.properties.id, { minItems: 1, maxItems: 1000 }),
    params: Type.Optional(Type.Object({}, { additionalProperties: true })),
    webhookUrl: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description: 'told of the job\'s end, signed (docs/api.md "Webhooks"); signed-in users only',
      }),
    ),
  },
  { additionalProperties: false },
);

const tags = ['jobs'];
const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** How many inputs this tool and this plan allow, as field issues on `inputs`. */
function inputIssues(entry: CatalogEntry, count: number, batchSize: number): FieldIssue[] {
  const { min, max } = entry.inputs;
  if (count < min || count > max) {
    const takes = min === max ? files(min) : `${min} to ${max} files`;
    return [{ field: 'inputs', message: `${entry.name} takes ${takes}, but this job has ${files(count)}` }];
  }
  if (count > batchSize) {
    return [
      {
        field: 'inputs',
        message: `your plan allows up to ${files(batchSize)} per job, but this job has ${files(count)}`,
      },
    ];
  }
  return [];
}

/** Jobs (docs/api.md). The jobs service checks inputs and state; the gateway checks what it can alone. */
export const jobsRoutes: FastifyPluginAsyncTypebox<JobsRoutesOptions> = async (
  app,
  { jobs, plans, writesPerMinute, nats },
) => {
  // Requests waiting for their job answer at once when the gateway shuts down.
  const waiting = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of waiting) end();
  });

  app.post(
    '/jobs',
    {
      schema: {
        tags,
        summary: 'Run a tool on files (params: the JSON Schema GET /tools/{name} gives)',
        body: CreateJobBody,
        querystring: WaitQuery,
        response: { 200: Job, 202: Job },
      },
      config: { scope: 'jobs:write', rateLimit: { max: writesPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { tool, inputs, params, webhookUrl } = request.body;
      const entry = getEntry(tool);
      if (!entry) {
        throw badRequest(`There is no tool named ${tool}: GET /api/v1/tools lists them all.`, [
          { field: 'tool', message: `${tool} is not a tool` },
        ]);
      }
      const checked = validateParams(entry, params);
      const owner = request.owner as Owner;
      const { limits } = await plans.forOwner(owner);
      // Every problem at once, so a form can mark all its bad fields in one round trip.
      const issues = [
        ...(checked.ok ? [] : checked.issues),
        ...inputIssues(entry, inputs.length, limits.batchSize),
      ];
      if (!checked.ok || issues.length > 0) throw badRequest(summarize(issues), issues);
      const job = await jobs.createJob({
        ownerId: owner.id,
        tool,
        inputs,
        paramsJson: JSON.stringify(checked.value),
        retentionHours: limits.retentionHours,
        concurrentJobs: limits.concurrentJobs,
        webhookUrl,
      });
      const wait = request.query.wait ?? 0;
      if (wait === 0) return reply.code(202).send(toJob(job));
      const read = () => jobs.getJob({ ownerId: owner.id, id: job.id });
      const latest = await waitForEnd({ job, read, nats, seconds: wait, request, reply, pending: waiting });
      return reply.code(isFinal(latest) ? 200 : 202).send(toJob(latest));
    },
  );

  app.get(
    '/jobs',
    {
      config: { scope: 'jobs:read' },
      schema: {
        tags,
        summary: "List the caller's jobs, newest first",
        querystring: Type.Object({ status: Type.Optional(JobStatus), ...PageQuery }),
        response: { 200: Page(Job) },
      },
    },
    async (request) => {
      if (!request.owner) return { items: [], nextCursor: null };
      const { status, cursor, limit } = request.query;
      const page = await jobs.listJobs({
        ownerId: request.owner.id,
        status: status ?? '',
        cursor: cursor ?? '',
        limit: limit ?? DEFAULT_LIMIT,
      });
      return { items: page.items.map(toJob), nextCursor: page.nextCursor || null };
    },
  );

  const getJob = { tags, summary: 'Get a job', params: IdParams, response: { 200: Job } };
  app.get('/jobs/:id', { schema: getJob, config: { scope: 'jobs:read' } }, async (request) => {
    if (!request.owner) throw notFound(`Job ${request.params.id}`);
    return toJob(await jobs.getJob({ ownerId: request.owner.id, id: request.params.id }));
  });

  app.post(
    '/jobs/:id/cancel',
    {
      config: { scope: 'jobs:write' },
      schema: { tags, summary: 'Cancel a job that waits or runs', params: IdParams, response: { 202: Job } },
    },
    async (request, reply) => {
      const job = await jobs.cancelJob({ ownerId: (request.owner as Owner).id, id: request.params.id });
      return reply.code(202).send(toJob(job));
    },
  );

  app.post(
    '/jobs/:id/retry',
    {
      config: { scope: 'jobs:write' },
      schema: {
        tags,
        summary: 'Run a failed or canceled job again',
        params: IdParams,
        response: { 202: Job },
      },
    },
    async (request, reply) => {
      const job = await jobs.retryJob({ ownerId: (request.owner as Owner).id, id: request.params.id });
      return reply.code(202).send(toJob(job));
    },
  );

  app.delete(
    '/jobs/:id',
    {
      config: { scope: 'jobs:write' },
      schema: {
        tags,
        summary: 'Delete a job and its outputs',
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await jobs.deleteJob({ ownerId: (request.owner as Owner).id, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
