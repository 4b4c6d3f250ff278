/**
 * Waits between the attempts of a webhook delivery, in seconds: 30 s, 2 m, 10 m, 30 m, 1 h, 3 h,
 * 6 h, 12 h. Nine attempts over about 23 hours, so a receiver down for most of a day still gets it.
 */
const SCHEDULE_SECONDS = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600];

/**
 * The wait after the `failedAttempts`-th failed scheduled attempt, in milliseconds, or null when the
 * retries are spent. `baseSeconds` (WEBHOOK_RETRY_BASE_SECONDS) is the first wait; the others keep
 * their proportion to it, so a test can run the whole schedule fast.
 */
export function retryDelayMs(failedAttempts: number, baseSeconds = SCHEDULE_SECONDS[0]): number | null {
  const seconds = SCHEDULE_SECONDS[failedAttempts - 1];
  if (seconds === undefined || failedAttempts < 1) return null;
  return Math.round((seconds * baseSeconds * 1000) / SCHEDULE_SECONDS[0]);
}
