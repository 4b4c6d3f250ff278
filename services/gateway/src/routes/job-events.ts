import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inSpan, notFound, subjects, traceFromHeaders } from '@mediakit/kit';
import { jobsV1 } from '@mediakit/proto';
import { Type } from 'typebox';
import type { BusMessage, JobsClient, UpdateBus } from '../deps.ts';
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

const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);
const RANK: Record<string, number> = { queued: 0, running: 1 };

/** An update older than what the client already has (it can arrive while the job is first read). */
function isStale(last: jobsV1.Job | undefined, next: jobsV1.Job): boolean {
  if (!last) return false;
  const a = RANK[last.status] ?? 0;
  const b = RANK[next.status] ?? 0;
  return b < a || (b === a && next.progress < last.progress);
}

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

      // Subscribe before reading the job, so no update can fall between the read and the subscription.
      let deliver: ((job: jobsV1.Job) => void) | undefined;
      const early: jobsV1.Job[] = [];
      // Each update is handled in a span of the job's trace, which the jobs service sends along in
      // the update's headers: the SSE write shows at the end of the job's trace, not the stream's.
      const receive = (message: BusMessage, span: { updateName(name: string): unknown }) => {
        let job: jobsV1.Job;
        try {
          job = jobsV1.Job.decode(message.data);
        } catch (decodeError) {
          request.log.warn({ err: decodeError, jobId: id }, 'undecodable job update');
          return;
        }
        if (job.ownerId !== owner.id) return;
        span.updateName(`sse ${job.status}`);
        if (deliver) deliver(job);
        else early.push(job);
      };
      const subscription = nats.subscribe(subjects.update(id), {
        callback: (error, message) => {
          if (!error)
            inSpan('sse job update', (span) => receive(message, span), traceFromHeaders(message.headers));
        },
      });
      let job: jobsV1.Job;
      try {
        await nats.flush();
        job = await jobs.getJob({ ownerId: owner.id, id });
      } catch (error) {
        subscription.unsubscribe();
        // Not the caller's job, or the jobs service is down: a normal JSON error, not a stream.
        throw error;
      }

      reply.hijack();
      const stream = openEventStream(reply.raw, reply.getHeaders());
      let last: jobsV1.Job | undefined;
      const timer = setInterval(() => stream.comment('keep-alive'), keepAliveMs);
      const finish = () => {
        clearInterval(timer);
        subscription.unsubscribe();
        open.delete(finish);
        stream.end();
      };
      open.add(finish);
      reply.raw.on('close', finish);
      if (stream.closed) return finish();

      const send = (next: jobsV1.Job) => {
        if (stream.closed) return;
        if (TERMINAL.has(next.status)) {
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
      send(job);
      for (const update of early) send(update);
      deliver = send;
    },
  );
};
