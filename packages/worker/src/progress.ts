/**
 * Keeps reported progress honest: never backwards, at most one report per interval, rounded to
 * 0.1 %, and never 100 before the job has really succeeded (the final event says 100).
 */
export function throttleProgress(
  report: (percent: number) => void,
  intervalMs = 250,
): (percent: number) => void {
  let last = 0;
  let lastAt = 0;
  return (percent: number) => {
    const value = Math.min(99.9, Math.round(percent * 10) / 10);
    const now = Date.now();
    if (!Number.isFinite(value) || value <= last || now - lastAt < intervalMs) return;
    last = value;
    lastAt = now;
    report(value);
  };
}
