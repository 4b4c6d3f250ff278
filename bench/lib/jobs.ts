import { performance } from 'node:perf_hooks';
import { ApiClient } from '../../tests/integration/client.ts';

export { ApiClient };

export interface TimedJob {
  /** From just before `POST /jobs` to the final SSE event: what a user waits, outputs stored. */
  ms: number;
  job: { id: string; status: string; outputs: { id: string; size: number }[]; error?: { message: string } };
}

/**
 * One job through the public API as the web app runs it: submit, follow `GET /jobs/{id}/events`
 * to its final event. Throws unless the job succeeded with at least one stored output.
 */
export async function timedJob(
  client: ApiClient,
  tool: string,
  inputs: string[],
  params: Record<string, unknown>,
  timeoutMs = 30 * 60_000,
): Promise<TimedJob> {
  const started = performance.now();
  const created = await client.json('POST', '/jobs', { tool, inputs, params });
  if (created.status !== 202)
    throw new Error(`POST /jobs ${tool} answered ${created.status}: ${JSON.stringify(created.body)}`);
  const events = await client.events(created.body.id, timeoutMs);
  const ms = performance.now() - started;
  const last = events[events.length - 1];
  const job = last?.data as TimedJob['job'] | undefined;
  if (last?.event !== 'succeeded' || !job || job.outputs.length === 0) {
    throw new Error(
      `${tool} job ${created.body.id} ended ${last?.event ?? 'without a final event'}: ${job?.error?.message ?? ''}`,
    );
  }
  return { ms, job };
}

/** Uploads one file (multipart) and returns its id. */
export async function uploadOne(client: ApiClient, path: string, name?: string): Promise<string> {
  const uploaded = await client.upload([path], name ? [name] : undefined);
  if (uploaded.status !== 201)
    throw new Error(`upload of ${path} answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);
  return uploaded.body.files[0].id as string;
}
