import type { IncomingMessage } from 'node:http';
import { ApiError } from '@mediakit/kit';

/** How often the connection's byte count is looked at. */
const CHECK_EVERY_MS = 500;

export interface StallWatch {
  /** Aborts (with an UploadStalledError) once the body stopped arriving for the idle time. */
  readonly signal: AbortSignal;
  /**
   * While the server itself is busy (inspecting and storing one file of a multipart request) it
   * reads nothing, so the client cannot send: the clock stops, and starts afresh on `resume`.
   */
  pause(): void;
  resume(): void;
  stop(): void;
}

/** No byte of an upload's body arrived for the idle time. */
export class UploadStalledError extends Error {
  readonly idleMs: number;
  constructor(idleMs: number) {
    super(`no byte of the upload arrived for ${idleMs} ms`);
    this.name = 'UploadStalledError';
    this.idleMs = idleMs;
  }
}

/**
 * Watches an upload's connection while its body arrives: when the client stops sending (a
 * stalled or hostile client, a dead network) for `idleMs`, the signal aborts, so the upload ends
 * with a clear error instead of holding a request, a temp file and a socket forever. Counting the
 * socket's bytes rather than listening to the body leaves the body's flow to its parser.
 */
export function watchForStall(request: IncomingMessage, idleMs: number): StallWatch {
  const controller = new AbortController();
  const socket = request.socket;
  let lastBytes = socket.bytesRead;
  let lastChange = Date.now();
  let paused = false;
  const timer = setInterval(
    () => {
      if (request.complete) return stop();
      if (paused) return;
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastChange = Date.now();
      } else if (Date.now() - lastChange >= idleMs) {
        stop();
        controller.abort(new UploadStalledError(idleMs));
      }
    },
    Math.min(CHECK_EVERY_MS, idleMs),
  );
  timer.unref();
  const stop = () => clearInterval(timer);
  return {
    signal: controller.signal,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      lastBytes = socket.bytesRead;
      lastChange = Date.now();
    },
    stop,
  };
}

/** The 408 a stalled upload ends with. */
export function uploadStalled(idleMs: number, name?: string): ApiError {
  const seconds = Math.round(idleMs / 1000);
  const what = name ? `The upload of ${name}` : 'The upload';
  return new ApiError(
    408,
    'upload_stalled',
    `${what} stopped: nothing arrived for ${seconds} seconds. Please upload the file again.`,
  );
}

/** The promise, or a rejection as soon as the signal aborts (the promise is then left to settle unheard). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
