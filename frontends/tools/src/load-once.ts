/** A fetch of code (a chunk) that is made once and remembered, unless it failed. */
export interface LoadOnce<T> {
  /** Starts the fetch, or returns the one under way or done. */
  (): Promise<T>;
  /** What the fetch gave, once it is done (synchronously, so a render can use it at once). */
  readonly value: T | undefined;
}

/**
 * Wraps `load` so it runs once: later calls share its promise and `value` holds its result. A
 * failure is not kept: the next call fetches again, so a "Try again" really goes back to the network.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  const start = () => {
    pending ??= load().then(
      (result) => {
        value = result;
        return result;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.defineProperty(start, 'value', { get: () => value }) as LoadOnce<T>;
}
