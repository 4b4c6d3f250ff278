import { API_BASE } from '@mediakit/page-meta/api-base';
import { errorText } from '@mediakit/web-api/errors';
import type * as Tus from 'tus-js-client';

/** Where resumable uploads go (docs/api.md "Files": tus 1.0 at /api/v1/uploads). */
export const UPLOADS_ENDPOINT = `${API_BASE}/uploads`;

/**
 * 5 MiB per PATCH: a dropped connection loses at most one chunk, and the progress bar moves at
 * least every few seconds even on a slow phone connection.
 */
export const CHUNK_SIZE = 5 * 1024 * 1024;

/**
 * tus-js-client is fetched when the first upload starts instead of with the tool page: it was
 * about 15 KB gzip of every tool page's first load, before anyone picked a file. (This module
 * itself is loaded then too, see tus-upload.ts, which starts both downloads at once.)
 */
let tusModule: Promise<typeof Tus> | undefined;
const loadTus = () => {
  tusModule ??= import('tus-js-client');
  return tusModule;
};

/** tus-js-client's own retries for a failed request while online (server hiccups, resets). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

export interface UploadHandlers {
  onProgress(sent: number, total: number): void;
  /** The connection is gone; the upload waits and continues by itself when it is back. */
  onPaused(reason: string): void;
  onResumed(): void;
  onDone(fileId: string): void;
  onFailed(message: string): void;
  /** Headers for each request (the bearer of a signed-in user, fresh every time). */
  headers(): Promise<Record<string, string>>;
}

export interface RunningUpload {
  /** Continue now (after a pause) instead of waiting for the connection to come back. */
  resume(): void;
  /** Stop and delete what the server has of it. */
  cancel(): Promise<void>;
}

/** The API's error sentence from a tus error (its response body is our error JSON). */
function messageOf(error: Error): string {
  const detailed = error as Tus.DetailedError;
  const body = detailed.originalResponse?.getBody();
  if (body) {
    try {
      return errorText(JSON.parse(body)).message;
    } catch {
      // not JSON: fall through
    }
  }
  return 'The upload failed. Please try again.';
}

/** No answer at all: the connection dropped (or the device went offline), not a refusal. */
const isConnectionError = (error: Error) => !(error as Tus.DetailedError).originalResponse;

/**
 * Uploads one file with tus. Resumable in two ways: a request that fails while online is retried
 * from the server's offset (HEAD), and when the connection is lost (offline, reset), the upload
 * pauses, then continues from where the server stopped as soon as the browser is online again
 * (or when `resume` is called). The upload URL is remembered in localStorage, so picking the same
 * file again after a reload continues it too.
 */
export function startUpload(file: File, handlers: UploadHandlers): RunningUpload {
  let finished = false;
  let waitingForNetwork = false;
  // Set once tus-js-client has loaded (at once after the first upload of the page).
  let upload: Tus.Upload | undefined;
  const create = (tus: typeof Tus) =>
    new tus.Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      async onBeforeRequest(request) {
        // Same origin: a guest's cookie goes along by itself; a signed-in user needs the bearer.
        for (const [name, value] of Object.entries(await handlers.headers())) request.setHeader(name, value);
      },
      onProgress: (sent, total) => handlers.onProgress(sent, total),
      onSuccess({ lastResponse }) {
        finished = true;
        removeListeners();
        const id = lastResponse.getHeader('Mk-File-Id');
        if (id) handlers.onDone(id);
        else
          handlers.onFailed(
            'The upload finished, but the server did not say which file it made. Please upload again.',
          );
      },
      onError(error) {
        if (isConnectionError(error)) {
          waitingForNetwork = true;
          handlers.onPaused(
            navigator.onLine
              ? 'The connection dropped. Retrying in a few seconds…'
              : 'You are offline. The upload continues where it stopped when the connection is back.',
          );
          // Online but unreachable: try again on a timer as well as on the `online` event.
          if (navigator.onLine) retryTimer = setTimeout(resume, 5000);
          return;
        }
        finished = true;
        removeListeners();
        handlers.onFailed(messageOf(error));
      },
    });

  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  function resume() {
    clearTimeout(retryTimer);
    if (finished || !waitingForNetwork) return;
    waitingForNetwork = false;
    handlers.onResumed();
    // start() again continues from the server's offset: tus-js-client asks with HEAD first.
    upload?.start();
  }
  const onOnline = () => resume();
  window.addEventListener('online', onOnline);
  const removeListeners = () => {
    clearTimeout(retryTimer);
    window.removeEventListener('online', onOnline);
  };

  void loadTus().then(
    (tus) => {
      if (finished) return; // canceled while tus-js-client was loading
      const created = create(tus);
      upload = created;
      // A previous attempt at the same file (same name, size, type, modification time) continues.
      void created
        .findPreviousUploads()
        .then((previous) => {
          const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
          if (latest) created.resumeFromPreviousUpload(latest);
        })
        .catch(() => {})
        .finally(() => created.start());
    },
    () => {
      finished = true;
      removeListeners();
      handlers.onFailed(
        'The upload could not start: part of the page did not load. Reload the page and try again.',
      );
    },
  );

  return {
    resume,
    async cancel() {
      finished = true;
      removeListeners();
      await upload?.abort(true).catch(() => {});
    },
  };
}
