/**
 * The arithmetic of a start/end range on a timeline (trim-video, trim-audio): time ↔ position,
 * handles kept in order and in the file, and what a key press does to a handle. Pure, for tests.
 */

/** The least a range keeps (s): the handles never cross. */
export const MIN_GAP = 0.1;

export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Seconds as a form value: at most two decimals, no trailing zeros ("2.5", "3"). */
export const formatSeconds = (t: number) => String(Number(t.toFixed(2)));

/** The time at `x` pixels from the left of a `width`-pixel timeline of `length` seconds. */
export function timeAt(x: number, width: number, length: number): number {
  if (!(width > 0) || !(length > 0)) return 0;
  return clamp((x / width) * length, 0, length);
}

/** Where time `t` is on a `width`-pixel timeline of `length` seconds. */
export function xOf(t: number, width: number, length: number): number {
  if (!(length > 0)) return 0;
  return clamp(t / length, 0, 1) * width;
}

export interface Range {
  start: number;
  end: number;
  /** The file's length (s). */
  length: number;
}

/** The range the form's values describe: start 0 and end = the length when empty, inside the file. */
export function rangeOf(values: { start?: string; end?: string }, length: number): Range {
  const start = clamp(Number(values.start) || 0, 0, length);
  const end = clamp(
    values.end === '' || values.end === undefined ? length : Number(values.end) || 0,
    0,
    length,
  );
  return { start, end, length };
}

/** Where a handle may go: the start stays before the end, the end after the start, both in the file. */
export function placeHandle(which: 'start' | 'end', t: number, range: Range): number {
  return which === 'start'
    ? clamp(t, 0, Math.max(0, range.end - MIN_GAP))
    : clamp(t, Math.min(range.length, range.start + MIN_GAP), range.length);
}

/**
 * Where a key moves a handle from `current` (undefined: a key the handles do not use): arrows by
 * 0.1 s, with Shift by 1 s; Home and End to the file's ends.
 */
export function keyTarget(key: string, shift: boolean, current: number, length: number): number | undefined {
  const step = shift ? 1 : 0.1;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return current - step;
  if (key === 'ArrowRight' || key === 'ArrowUp') return current + step;
  if (key === 'Home') return 0;
  if (key === 'End') return length;
  return undefined;
}
