import type { followJob } from '../api/job-events.ts';

const loadJobEvents = () => import('../api/job-events.ts');

/** Starts fetching the event stream's code (call it when a job is being submitted). */
export function prepareToFollowJobs(): void {
  loadJobEvents().catch(() => {});
}

/**
 * `followJob`, with its code (the stream reader and its retries) fetched with the first job rather
 * than with the tool page: a visit that runs no job never needs it. Same contract: returns at once
 * a function that stops following; a code load that fails is reported through `onError`.
 */
export function followJobLazily(...args: Parameters<typeof followJob>): () => void {
  const [, , handlers] = args;
  let stopped = false;
  let stopStream = () => {};
  loadJobEvents().then(
    (events) => {
      if (!stopped) stopStream = events.followJob(...args);
    },
    (error: unknown) => {
      if (!stopped) handlers.onError(error);
    },
  );
  return () => {
    stopped = true;
    stopStream();
  };
}
