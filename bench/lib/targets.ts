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

/** Judges `value` against the line `limit`: `higherIsBetter` for throughput and scores, not for latency or sizes. */
function judge(
  name: string,
  value: number | undefined,
  limit: number,
  higherIsBetter: boolean,
  unit: string,
  decimals: number,
  note: string | undefined,
): TargetResult {
  const target = `${higherIsBetter ? '≥' : '≤'} ${limit}${unit}`;
  if (value === undefined || !Number.isFinite(value))
    return { name, target, measured: 'not measured', met: undefined, margin: '', note };
  const met = higherIsBetter ? value >= limit : value <= limit;
  const diff = Math.abs(value - limit);
  const pct = limit !== 0 ? ` (${((diff / limit) * 100).toFixed(0)} %)` : '';
  const side = higherIsBetter ? (met ? 'above' : 'short') : met ? 'under' : 'over';
  return {
    name,
    target,
    measured: `${value.toFixed(decimals)}${unit}`,
    met,
    margin: `${side} by ${diff.toFixed(decimals)}${unit}${pct}`,
    note,
  };
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
  return judge(name, value, min, true, unit, decimals, note);
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
  return judge(name, value, max, false, unit, decimals, note);
}
