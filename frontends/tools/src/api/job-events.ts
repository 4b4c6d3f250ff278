import { API_BASE } from '@mediakit/page-meta/api-base';
import { errorFromResponse } from '@mediakit/web-api/errors';
import { createSseParser } from './sse.ts';
import { type Job, type JobProgress, TERMINAL_STATUSES } from './types.ts';

export interface JobEventHandlers {
  onProgress(progress: JobProgress): void;
  /** The final job (succeeded, failed or canceled); the stream is over. */
  onEnd(job: Job): void;
  /** The stream could not be opened or kept, after retries. */
  onError(error: unknown): void;
}

/**
 * Follows GET /jobs/{id}/events until the job ends. A dropped stream is opened again (the gateway
 * sends the current state first, and the final event at once to a late client), so a phone that
 * loses its connection for a moment still sees the result. Returns a function that stops following.
 */
export function followJob(
  id: string,
  headers: (options: { renew?: boolean }) => Promise<Record<string, string>>,
  handlers: JobEventHandlers,
): () => void {
  const controller = new AbortController();
  let failures = 0;
  // A bearer the gateway refused (401) is renewed once through the shell's session, then retried.
  let renew = false;
  let renewed = false;

  async function connect(): Promise<void> {
    const response = await fetch(`${API_BASE}/jobs/${encodeURIComponent(id)}/events`, {
      headers: { accept: 'text/event-stream', ...(await headers({ renew })) },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    renew = false;
    if (response.status === 401 && !renewed) {
      renew = renewed = true;
      throw new Error('The session needs renewing.');
    }
    if (!response.ok) {
      const error = await errorFromResponse(response);
      // 4xx will not change on a retry (not the caller's job, signed out).
      if (response.status < 500) throw Object.assign(error, { final: true });
      throw error;
    }
    if (!response.body) throw new Error('The browser cannot read the progress stream.');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parse = createSseParser();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      failures = 0;
      for (const event of parse(value)) {
        const data = JSON.parse(event.data) as JobProgress | Job;
        if (TERMINAL_STATUSES.has(event.event as Job['status'])) {
          handlers.onEnd(data as Job);
          controller.abort();
          return;
        }
        if (event.event === 'progress') handlers.onProgress(data as JobProgress);
      }
    }
  }

  void (async () => {
    while (!controller.signal.aborted) {
      try {
        await connect();
      } catch (error) {
        if (controller.signal.aborted) return;
        failures++;
        if ((error as { final?: boolean }).final || failures > 8) {
          handlers.onError(error);
          return;
        }
      }
      if (controller.signal.aborted) return;
      // The stream ended without a final event, or failed: wait a little, then ask again.
      await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 500 * 2 ** failures)));
    }
  })();

  return () => controller.abort();
}
