import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '@mediakit/kit';
import type { jobsV1 } from '@mediakit/proto';
import { Type } from 'typebox';
import type { JobsClient, UpdateBus } from '../deps.ts';
import { followJob, isFinal, isStale } from '../job-updates.ts';
import { toJob, toProgress } from '../mappers.ts';
import { IdParams, NotJson } from '../schemas.ts';
import { openEventStream } from '../sse.ts';

export interface JobEventsOptions {
  jobs: JobsClient;
  nats: UpdateBus;
  keepAliveMs?: number;
}

const EventsSchema = {
  tags: ['jobs'],
  summary: "Follow a job's progress (server-sent events)",
  params: IdParams,
  response: {
    200: NotJson(
      'text/event-stream',
      Type.String(),
      '`progress` events `{ status, progress, queuePosition? }` while the job waits and runs, then one ' +
        '`succeeded`, `failed` or `canceled` event with the Job, and the stream ends.',
    ),
  },
};

/**
 * `GET /jobs/{id}/events` (docs/api.md "Jobs"): `progress` events while the job waits and runs, then one
 * `succeeded` / `failed` / `canceled` event with the final Job, then the stream closes. The jobs
 * service announces every new state on core NATS `jobs.updates.<id>`.
 */
export const jobEventsRoutes: FastifyPluginAsyncTypebox<JobEventsOptions> = async (
  app,
  { jobs, nats, keepAliveMs = 15_000 },
) => {
  // Open streams end when the gateway shuts down, or the server would wait for them forever.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/jobs/:id/events',
    { schema: EventsSchema, config: { scope: 'jobs:read' } },
    async (request, reply) => {
      const owner = request.owner;
      const { id } = request.params;
      if (!owner) throw notFound(`Job ${id}`);

      // Not the caller's job, or the jobs service is down: a normal JSON error, not a stream.
      const updates = await followJob({
        nats,
        id,
        ownerId: owner.id,
        read: () => jobs.getJob({ ownerId: owner.id, id }),
        log: request.log,
        spanPrefix: 'sse',
      });

      reply.hijack();
      const stream = openEventStream(reply.raw, reply.getHeaders());
      let last: jobsV1.Job | undefined;
      const timer = setInterval(() => stream.comment('keep-alive'), keepAliveMs);
      const finish = () => {
        clearInterval(timer);
        updates.close();
        open.delete(finish);
        stream.end();
      };
      open.add(finish);
      reply.raw.on('close', finish);
      if (stream.closed) return finish();

      const send = (next: jobsV1.Job) => {
        if (stream.closed) return;
        if (isFinal(next)) {
          stream.send(next.status, toJob(next));
          finish();
          return;
        }
        if (isStale(last, next)) return;
        if (
          last &&
          last.status === next.status &&
          last.progress === next.progress &&
          last.queuePosition === next.queuePosition
        )
          return;
        last = next;
        stream.send('progress', toProgress(next));
      };
      send(updates.job);
      updates.listen(send);
    },
  );
};
