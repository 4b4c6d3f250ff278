/**
 * The targets, each judged in one place so the report states met or missed and by how
 * much the same way for all of them.
 */
export interface TargetResult {
  name: string;
  target: string;
  measured: string;
  /** undefined: not measured in this run (part skipped or failed). */
  met: boolean | undefined;
  /** "by 12 %" / "short by 3.1 ms": how far above or below the line the figure is. */
  margin: string;
  note?: string;
}

/** A figure that must be at least `min` (throughput, scores). */
export function atLeast(
  name: string,
  value: number | undefined,
  min: number,
  unit: string,
  decimals = 2,
  note?: string,
): TargetResult {
  const target = `≥ ${min}${unit}`;
  if (value === undefined || !Number.isFinite(value))
    return { name, target, measured: 'not measured', met: undefined, margin: '', note };
  const met = value >= min;
  const diff = Math.abs(value - min);
  const pct = min !== 0 ? ` (${((diff / min) * 100).toFixed(0)} %)` : '';
  return {
    name,
    target,
    measured: `${value.toFixed(decimals)}${unit}`,
    met,
    margin: met
      ? `above by ${diff.toFixed(decimals)}${unit}${pct}`
      : `short by ${diff.toFixed(decimals)}${unit}${pct}`,
    note,
  };
}

/** A figure that must be at most `max` (latency, ratios, sizes). */
export function atMost(
  name: string,
  value: number | undefined,
  max: number,
  unit: string,
  decimals = 2,
  note?: string,
): TargetResult {
  const target = `≤ ${max}${unit}`;
  if (value === undefined || !Number.isFinite(value))
    return { name, target, measured: 'not measured', met: undefined, margin: '', note };
  const met = value <= max;
  const diff = Math.abs(value - max);
  const pct = max !== 0 ? ` (${((diff / max) * 100).toFixed(0)} %)` : '';
  return {
    name,
    target,
    measured: `${value.toFixed(decimals)}${unit}`,
    met,
    margin: met
      ? `under by ${diff.toFixed(decimals)}${unit}${pct}`
      : `over by ${diff.toFixed(decimals)}${unit}${pct}`,
    note,
  };
}
