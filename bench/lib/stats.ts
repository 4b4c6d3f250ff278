/** Distribution of one measured quantity: what the report prints for every figure. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** Linear interpolation between closest ranks (the same definition numpy uses by default). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length === 1) return sorted[0];
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / (sorted.length || 1);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean,
  };
}

/** A number for a table cell: a fixed number of decimals, "n/a" for what was not measured. */
export function fmt(value: number | undefined, decimals = 1): string {
  if (value === undefined || !Number.isFinite(value)) return 'n/a';
  return value.toFixed(decimals);
}

/** "p50 12.3 (p95 14.0, min 11.2, max 15.9, n 20)" in one unit. */
export function spread(s: Summary, unit: string, decimals = 1): string {
  const f = (v: number) => fmt(v, decimals);
  return `p50 ${f(s.p50)} ${unit} (p95 ${f(s.p95)}, min ${f(s.min)}, max ${f(s.max)}, n ${s.n})`;
}

export const MB = 1_000_000;
export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;
