import { setTimeout as sleep } from 'node:timers/promises';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { type Job, type Mediakit, unwrap } from './client.ts';

/** The most seconds `POST /jobs?wait` holds a request (the API's limit). */
const MAX_WAIT_SECONDS = 300;
/** Between two reads of a job whose event stream broke. */
const POLL_MS = 1000;

/** A job ends succeeded, failed or canceled, and never changes after. */
export const isFinal = (job: Pick<Job, 'status'>) =>
  job.status === 'succeeded' || job.status === 'failed' || job.status === 'canceled';

export interface RunOptions {
  /** Seconds the API may hold the request while the job runs (0..300): when the job ends in time,
   * the answer is the finished job. Default 0: the job as it was queued. */
  wait?: number;
}

/** `POST /jobs`: the job as queued, or finished when it ended within `wait` seconds. */
export async function runTool(
  client: Mediakit,
  body: { tool: string; inputs: string[]; params: Record<string, unknown> },
  { wait = 0 }: RunOptions = {},
): Promise<Job> {
  const seconds = Math.max(0, Math.min(MAX_WAIT_SECONDS, Math.floor(wait)));
  return unwrap(
    client.api.POST('/api/v1/jobs', { params: { query: seconds > 0 ? { wait: seconds } : {} }, body }),
  );
}

/** What a `progress` event says while a job waits or runs. */
export interface JobProgress {
  status: Job['status'];
  progress: number;
  queuePosition?: number;
}

export interface WaitOptions {
  onProgress?: (progress: JobProgress) => void;
  /** Give up after this many seconds and resolve with the job as it is then. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

/**
 * Follows a job to its end through `GET /jobs/{id}/events`. A stream that breaks (a gateway
 * restarting, a proxy timing out) is not an error: the job is read, and followed again.
 */
export async function waitForJob(
  client: Mediakit,
  id: string,
  { onProgress, timeoutSeconds, signal }: WaitOptions = {},
): Promise<Job> {
  const timeout = timeoutSeconds === undefined ? undefined : AbortSignal.timeout(timeoutSeconds * 1000);
  const stop = AbortSignal.any([timeout, signal].filter((s): s is AbortSignal => s !== undefined));
  const read = () => unwrap(client.api.GET('/api/v1/jobs/{id}', { params: { path: { id } } }));
  while (true) {
    try {
      const finished = await followEvents(client, id, stop, onProgress);
      if (finished) return finished;
    } catch (error) {
      if (!stop.aborted && (error as { code?: string }).code !== 'unreachable') throw error;
    }
    if (signal?.aborted) throw signal.reason;
    const job = await read();
    if (isFinal(job) || timeout?.aborted) return job;
    await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}

/** The final Job of the event stream, or undefined when the stream ended without one. */
async function followEvents(
  client: Mediakit,
  id: string,
  signal: AbortSignal,
  onProgress: WaitOptions['onProgress'],
): Promise<Job | undefined> {
  const response = await client.fetch(`/api/v1/jobs/${encodeURIComponent(id)}/events`, {
    headers: { accept: 'text/event-stream' },
    signal,
  });
  const events = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  try {
    for await (const { event, data } of events) {
      if (event === 'progress') onProgress?.(JSON.parse(data));
      else if (event === 'succeeded' || event === 'failed' || event === 'canceled') return JSON.parse(data);
    }
  } catch (error) {
    if (!signal.aborted) return undefined;
    throw error;
  }
  return undefined;
}
