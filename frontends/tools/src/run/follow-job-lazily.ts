import type { followJob } from '../api/job-events.ts';

const loadJobEvents = () => import('../api/job-events.ts');

/** Starts fetching the event stream's code (call it when a job is being submitted). */
export function prepareToFollowJobs(): void {
  loadJobEvents().catch(() => {});
}

/**
 * `followJob`, with its code (the stream reader and its retries) fetched with the first job rather
 * than with the tool page: a visit that runs no job never needs it. Same contract: returns at once
 * a function that stops following; a code load that fails is reported through `onError`, with what to do.
 */
export function followJobLazily(...args: Parameters<typeof followJob>): () => void {
  const [, , handlers] = args;
  let stopped = false;
  let stopStream = () => {};
  loadJobEvents().then(
    (events) => {
      if (!stopped) stopStream = events.followJob(...args);
    },
    () => {
      if (!stopped)
        handlers.onError(
          new Error(
            'This page lost its connection and cannot show the job’s progress. The job keeps running: reload the page when you are back online (signed in, you also find it under Dashboard → Jobs).',
          ),
        );
    },
  );
  return () => {
    stopped = true;
    stopStream();
  };
}
