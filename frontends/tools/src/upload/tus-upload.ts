import type { RunningUpload, UploadHandlers } from './resumable-upload.ts';

export type { RunningUpload, UploadHandlers };

const loadResumableUpload = () => import('./resumable-upload.ts');

/**
 * Uploads one file with tus (resumable-upload.ts has how). That code and tus-js-client are
 * fetched when the first upload starts, not with the tool page, which a visitor may leave without
 * picking a file; the two downloads start together. Answers at once, as the upload itself does.
 */
export function startUpload(file: File, handlers: UploadHandlers): RunningUpload {
  let canceled = false;
  // Fetched alongside, not after: resumable-upload.ts imports it too and gets this same download
  // (and reports it if it fails).
  import('tus-js-client').catch(() => {});
  const running = loadResumableUpload().then(
    (upload) => (canceled ? undefined : upload.startUpload(file, handlers)),
    () => {
      if (!canceled)
        handlers.onFailed('The upload could not start: the page lost its connection. Please try again.');
      return undefined;
    },
  );
  return {
    resume: () => void running.then((upload) => upload?.resume()),
    async cancel() {
      canceled = true;
      await (await running)?.cancel();
    },
  };
}
