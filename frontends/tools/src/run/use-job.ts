import { ApiRequestError, isApiRequestError } from '@mediakit/web-api/errors';
import { useQueryClient } from '@mediakit/web-shared/query';
import { CACHE_TAGS, type ShellHost } from '@mediakit/web-ui/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Job, JobStatus } from '../api/types.ts';
import { followJobLazily, prepareToFollowJobs } from './follow-job-lazily.ts';

export type RunState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | {
      phase: 'running';
      id: string;
      status: JobStatus;
      progress: number;
      queuePosition?: number;
      canceling?: boolean;
    }
  | { phase: 'done'; job: Job };

/** Field problems the server found (400 `details`), by field path. */
export type FieldErrors = Record<string, string>;

function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  if (!isApiRequestError(error) || error.status !== 400 || !error.details?.length) return undefined;
  const errors: FieldErrors = {};
  for (const detail of error.details as { field?: string; message?: string }[]) {
    if (detail.message) errors[detail.field || '_'] = detail.message;
  }
  return errors;
}

/** The error dialog's view of a failed job: its message and the worker's log. */
export function jobFailure(job: Job): ApiRequestError {
  const message = job.error?.message || job.error?.error_msg || 'The job failed.';
  return new ApiRequestError(message, { status: 422, log: job.error?.error_log });
}

/**
 * One job of a tool page: submit (POST /jobs), then progress, queue position and the final job
 * from the event stream; cancel. A failure opens the shell's error dialog with the job's log.
 */
export function useJob(host: ShellHost) {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const stop = useRef<() => void>(() => {});
  const hostRef = useRef(host);
  hostRef.current = host;
  const queryClient = useQueryClient();
  // The dashboard's lists and counters (shared query client) see new and finished jobs and outputs.
  const invalidate = useCallback(() => {
    for (const tag of [CACHE_TAGS.jobs, CACHE_TAGS.stats, CACHE_TAGS.files])
      void queryClient.invalidateQueries({ queryKey: [tag] });
  }, [queryClient]);

  useEffect(() => () => stop.current(), []);

  const finish = useCallback(
    (job: Job) => {
      setState({ phase: 'done', job });
      invalidate();
      if (job.status === 'failed') hostRef.current.showError(jobFailure(job));
      if (job.status === 'canceled') hostRef.current.notify.show('The job was canceled.');
    },
    [invalidate],
  );

  const follow = useCallback(
    (job: Job) => {
      stop.current();
      if (job.status === 'succeeded' || job.status === 'failed' || job.status === 'canceled') {
        finish(job);
        return;
      }
      setState({
        phase: 'running',
        id: job.id,
        status: job.status,
        progress: job.progress,
        queuePosition: job.queuePosition,
      });
      stop.current = followJobLazily(job.id, (options) => hostRef.current.authHeaders(options), {
        onProgress: (p) =>
          setState((s) =>
            s.phase === 'running' && s.id === job.id
              ? { ...s, status: p.status, progress: p.progress, queuePosition: p.queuePosition }
              : s,
          ),
        onEnd: finish,
        onError: (error) => {
          hostRef.current.showError(error);
          setState({ phase: 'idle' });
        },
      });
    },
    [finish],
  );

  /** Submits; resolves to the field problems when the server refused the params (nothing else to show). */
  const run = useCallback(
    async (
      tool: string,
      inputs: string[],
      params: Record<string, unknown>,
    ): Promise<FieldErrors | undefined> => {
      setState({ phase: 'submitting' });
      prepareToFollowJobs();
      try {
        const job = await hostRef.current.api.post<Job>('/jobs', { tool, inputs, params });
        invalidate();
        follow(job);
        return undefined;
      } catch (error) {
        setState({ phase: 'idle' });
        const fields = fieldErrorsOf(error);
        if (!fields) hostRef.current.showError(error);
        return fields;
      }
    },
    [follow, invalidate],
  );

  const cancel = useCallback(async () => {
    if (state.phase !== 'running') return;
    setState({ ...state, canceling: true });
    try {
      // The final `canceled` event arrives on the stream; the answer here only confirms the request.
      await hostRef.current.api.post<Job>(`/jobs/${encodeURIComponent(state.id)}/cancel`);
    } catch (error) {
      // 409: it finished meanwhile; the stream brings the final state.
      if (!(isApiRequestError(error) && error.status === 409)) hostRef.current.showError(error);
      setState((s) => (s.phase === 'running' ? { ...s, canceling: false } : s));
    }
  }, [state]);

  const reset = useCallback(() => {
    stop.current();
    setState({ phase: 'idle' });
  }, []);

  return { state, run, cancel, reset };
}
