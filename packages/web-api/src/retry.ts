/** Default attempts of the retry layer (docs/api.md, "Web app rules"). */
export const DEFAULT_MAX_ATTEMPTS = 3;

export interface RetryOptions {
  /** Total attempts, the first included. Must be at least 1. */
  maxAttempts?: number;
  /** Whether a failure is worth another attempt (default: always). */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Wait before attempt n+1 (default: 300 ms, doubling). */
  delayMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `operation` until it succeeds or the attempts run out; the last error is thrown. */
export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(`maxAttempts must be an integer of at least 1 (got ${maxAttempts}).`);
  }
  const shouldRetry = options.shouldRetry ?? (() => true);
  const delayMs = options.delayMs ?? ((attempt: number) => 300 * 2 ** (attempt - 1));
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= maxAttempts || !shouldRetry(error, attempt)) throw error;
      await sleep(delayMs(attempt));
    }
  }
}
