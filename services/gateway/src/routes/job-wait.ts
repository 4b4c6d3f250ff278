import type { jobsV1 } from '@mediakit/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { UpdateBus } from '../deps.ts';
import { followJob, isFinal, isStale, type JobUpdates } from '../job-updates.ts';
import { suspendIdleTimeout } from '../socket-idle.ts';

/** The most a `POST /jobs?wait` may hold its request open. */
export const MAX_WAIT_SECONDS = 300;

export const WaitQuery = Type.Object({
  wait: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_WAIT_SECONDS,
      description:
        'Seconds to hold the request while the job runs: when it ends in time the answer is 200 with the ' +
        'finished Job (succeeded, failed or canceled), else 202 as without it.',
    }),
  ),
});

export interface WaitOptions {
  /** The job just created. */
  job: jobsV1.Job;
  /** Reads the job again (once subscribed to its updates). */
  read: () => Promise<jobsV1.Job>;
  nats: UpdateBus;
  seconds: number;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Waits in progress, ended early when the gateway shuts down. */
  pending: Set<() => void>;
}

/**
 * Holds `POST /jobs?wait=<seconds>` until the job ends, the time is up, the client goes away or the
 * gateway shuts down, whichever comes first, and gives the newest state of the job it saw. The job
 * exists already: when its updates cannot be followed, the answer is the job as created, not an error.
 */
export async function waitForEnd({ job, read, nats, request, ...rest }: WaitOptions): Promise<jobsV1.Job> {
  let updates: JobUpdates;
  try {
    updates = await followJob({
      nats,
      id: job.id,
      ownerId: job.ownerId,
      read,
      log: request.log,
      spanPrefix: 'wait',
    });
  } catch (error) {
    request.log.warn({ err: error, jobId: job.id }, 'cannot follow the job, answering without waiting');
    return job;
  }
  return holdUntilEnd(updates, { request, ...rest });
}

/** No byte moves while a request waits, so its socket's idle timeout is lifted for the wait. */
function holdUntilEnd(
  updates: JobUpdates,
  { seconds, request, reply, pending }: Pick<WaitOptions, 'seconds' | 'request' | 'reply' | 'pending'>,
): Promise<jobsV1.Job> {
  return new Promise((resolve) => {
    let latest = updates.job;
    let restoreIdleTimeout = () => {};
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      updates.close();
      reply.raw.off('close', done);
      pending.delete(done);
      restoreIdleTimeout();
      resolve(latest);
    };
    if (isFinal(latest)) return done();
    timer = setTimeout(done, seconds * 1000);
    restoreIdleTimeout = suspendIdleTimeout(request.raw.socket);
    // The response closes before it is written only when the client went away.
    reply.raw.on('close', done);
    pending.add(done);
    updates.listen((next) => {
      if (isFinal(latest) || (!isFinal(next) && isStale(latest, next))) return;
      latest = next;
      if (isFinal(next)) done();
    });
  });
}
