/**
 * The one search for "the best encoding under N bytes", shared by compress-image (`targetSizeKB`) and the
 * two PAN card presets (< 20 KB).
 *
 * Two knobs: an encoder quality (1..100; a bigger quality never makes a much smaller file) and a list of
 * fallback steps tried in order when even the lowest quality is too big: smaller scales for tools that may
 * shrink the picture, stronger smoothing for the PAN photo whose size is fixed. For each step, a binary
 * search finds the largest quality that fits (about 7 encodes for 1..100); the first step where anything
 * fits wins, so the picture is only shrunk or smoothed when quality alone cannot make it. A fallback
 * step is first tried at the lowest quality alone, so a step that cannot fit costs one encode.
 *
 * Encoders are not perfectly monotonic (a JPEG at quality 61 can be a few bytes smaller than at 60): the
 * search only ever returns an encoding it measured under the budget, so a wobble can cost a quality step,
 * never the budget. Sizes are bytes; callers convert KB (1 KB = 1000 bytes) before calling.
 */

export interface ByteBudget<S> {
  /** The largest acceptable size in bytes, inclusive ("under 20 KB" is 19 999). */
  maxBytes: number;
  /** Qualities searched, inclusive. */
  minQuality: number;
  maxQuality: number;
  /** Fallbacks in order of preference (the first is "as is"); each is passed to `encode`. */
  steps: readonly S[];
  encode(quality: number, step: S): Promise<Buffer>;
  /** Checked before every encode, so a canceled job stops searching. */
  signal?: AbortSignal;
}

export interface BudgetAttempt<S> {
  quality: number;
  step: S;
  bytes: number;
}

export interface Encoded<S> {
  data: Buffer;
  quality: number;
  step: S;
}

export type BudgetResult<S> =
  | ({ fits: true; attempts: BudgetAttempt<S>[] } & Encoded<S>)
  /** Nothing fits: `smallest` is the smallest encoding seen, to tell the user what is reachable. */
  | { fits: false; smallest: Encoded<S>; attempts: BudgetAttempt<S>[] };

export async function fitByteBudget<S>(budget: ByteBudget<S>): Promise<BudgetResult<S>> {
  const { maxBytes, minQuality, maxQuality, steps, encode, signal } = budget;
  if (!Number.isInteger(minQuality) || !Number.isInteger(maxQuality) || minQuality > maxQuality) {
    throw new RangeError(`Bad quality range ${minQuality}..${maxQuality}`);
  }
  if (steps.length === 0) throw new RangeError('A byte budget needs at least one step');

  const attempts: BudgetAttempt<S>[] = [];
  let smallest: Encoded<S> | undefined;
  const tryEncode = async (quality: number, step: S): Promise<Encoded<S>> => {
    signal?.throwIfAborted();
    const data = await encode(quality, step);
    attempts.push({ quality, step, bytes: data.length });
    const encoded = { data, quality, step };
    if (!smallest || data.length < smallest.data.length) smallest = encoded;
    return encoded;
  };

  for (const [index, step] of steps.entries()) {
    // Invariant: `lo` fits (or is the virtual minQuality - 1), `hi` does not (or is maxQuality + 1).
    // When nothing fits, hi ends at minQuality, which was then really encoded: smallest is known.
    let lo = minQuality - 1;
    let hi = maxQuality + 1;
    let best: Encoded<S> | undefined;
    // Once a step has failed, the next ones often fail too: one encode at the lowest quality rules a
    // step out instead of a whole search (7 steps cost 7 encodes, not 49).
    if (index > 0 && minQuality < maxQuality) {
      const floor = await tryEncode(minQuality, step);
      if (floor.data.length > maxBytes) continue;
      lo = minQuality;
      best = floor;
    }
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const encoded = await tryEncode(mid, step);
      if (encoded.data.length <= maxBytes) {
        lo = mid;
        best = encoded;
      } else {
        hi = mid;
      }
    }
    if (best) return { fits: true, ...best, attempts };
  }
  // steps is not empty and every step encoded at least once, so smallest is set.
  return { fits: false, smallest: smallest as Encoded<S>, attempts };
}

/** 14 150 bytes → "14.2": one decimal, rounded UP so that "at least 14.2 KB" is really reachable. */
export function kilobytes(bytes: number): string {
  const tenths = Math.ceil(bytes / 100);
  return (tenths / 10).toFixed(1);
}

/**
 * Scales for "shrink 10 % at a time": 1, 0.9, 0.81, ... down to `floor` (inclusive of the last step above
 * it). Each side is multiplied by the scale, so each step removes about 19 % of the pixels.
 */
export function shrinkSteps(floor: number, ratio = 0.9): number[] {
  const steps = [1];
  while (steps[steps.length - 1] * ratio >= floor) steps.push(steps[steps.length - 1] * ratio);
  return steps;
}
