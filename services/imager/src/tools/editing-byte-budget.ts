/**
 * The one search for "the best encoding under N bytes", shared by compress-image (`targetSizeKB`) and the
 * two PAN card presets (< 20 KB).
 *
 * Three knobs, coarse to fine:
 *
 * 1. An encoder quality (minQuality..maxQuality; a bigger quality never makes a much smaller file),
 *    binary-searched for the largest quality that fits: about 7 encodes for 1..100.
 * 2. Fallback steps, used only when even the lowest quality is too big: smaller scales for tools that
 *    may shrink the picture, stronger smoothing for the PAN photo whose size is fixed. They are ordered
 *    mildest first and each makes a smaller file than the one before, so the mildest step where the
 *    lowest quality fits is found by bisection too (3 encodes for 6 fallbacks, 6 for 37), and the
 *    quality search then runs at that step. The first probe that fails on the first step is followed by
 *    one at the lowest quality, so a budget that nothing meets at full size costs 2 encodes there, not 7.
 * 3. Optional `refine`: quality steps are coarse (a JPEG photo grows 10-30 % from one quality to the
 *    next above quality 60), so "the largest quality that fits" can land far under the budget. When it
 *    lands under `refine.minBytes`, continuous knobs (a 0..1 `amount`, more = smaller file) are turned
 *    at the next quality up, the one that was too big, until an encoding lands in
 *    [minBytes, maxBytes]: the first knob the caller lists for that quality, then the next if the first
 *    cannot reach the window. The amount is found by a safeguarded interpolation (regula falsi on the
 *    logarithm of the size, falling back to bisection when it stalls): 2-4 encodes on a smooth knob,
 *    never more than `refine.maxEncodes`.
 *
 * Encoders are not perfectly monotonic (a JPEG at quality 61 can be a few bytes smaller than at 60, a
 * palette PNG's size wanders with the palette it picks): the search only ever returns an encoding it
 * measured under the budget, and the largest such one, so a wobble can cost closeness, never the budget.
 * When every quality fits, the top quality is the answer even if it is far under the budget: there is
 * nothing better to spend the bytes on. Sizes are bytes; callers convert KB (1 KB = 1000 bytes) first.
 */

export interface ByteBudget<S, K = never> {
  /** The largest acceptable size in bytes, inclusive ("under 20 KB" is 19 999). */
  maxBytes: number;
  /** Qualities searched, inclusive. */
  minQuality: number;
  maxQuality: number;
  /**
   * Fallbacks in order of preference (the first is "as is"); each is passed to `encode`. Each must make a
   * smaller file than the one before at the same quality (they are bisected).
   */
  steps: readonly S[];
  encode(quality: number, step: S): Promise<Buffer>;
  /** Finer knobs between two neighbouring qualities, to land close under the budget. */
  refine?: Refinement<S, K>;
  /** Checked before every encode, so a canceled job stops searching. */
  signal?: AbortSignal;
}

export interface Refinement<S, K> {
  /** An encoding of at least this many bytes (and at most maxBytes) is close enough: the search stops. */
  minBytes: number;
  /** At most this many encodes for the refinement, whatever the knobs. */
  maxEncodes: number;
  /** The knobs worth turning at this quality and step, in order of preference ([] for none). */
  knobs(quality: number, step: S): readonly K[];
  /**
   * `amount` in (0, 1]: near 0 it should be about `encode(quality, step)`, at 1 the knob's strongest, and
   * more should give a smaller file (roughly: a wobble only costs encodes).
   */
  encode(quality: number, step: S, knob: K, amount: number): Promise<Buffer>;
}

export interface Fine<K> {
  knob: K;
  amount: number;
}

export interface BudgetAttempt<S, K = never> {
  quality: number;
  step: S;
  bytes: number;
  fine?: Fine<K>;
}

export interface Encoded<S, K = never> {
  data: Buffer;
  quality: number;
  step: S;
  /** Set when a refinement knob made this encoding. */
  fine?: Fine<K>;
}

export type BudgetResult<S, K = never> =
  | ({ fits: true; attempts: BudgetAttempt<S, K>[] } & Encoded<S, K>)
  /** Nothing fits: `smallest` is the smallest encoding seen, to tell the user what is reachable. */
  | { fits: false; smallest: Encoded<S, K>; attempts: BudgetAttempt<S, K>[] };

export async function fitByteBudget<S, K = never>(budget: ByteBudget<S, K>): Promise<BudgetResult<S, K>> {
  const { maxBytes, minQuality, maxQuality, steps, encode, refine, signal } = budget;
  if (!Number.isInteger(minQuality) || !Number.isInteger(maxQuality) || minQuality > maxQuality) {
    throw new RangeError(`Bad quality range ${minQuality}..${maxQuality}`);
  }
  if (steps.length === 0) throw new RangeError('A byte budget needs at least one step');

  const attempts: BudgetAttempt<S, K>[] = [];
  let smallest: Encoded<S, K> | undefined;
  /** The largest encoding seen that fits. */
  let best: Encoded<S, K> | undefined;
  const record = (encoded: Encoded<S, K>): number => {
    const bytes = encoded.data.length;
    const { quality, step, fine } = encoded;
    attempts.push(fine ? { quality, step, bytes, fine } : { quality, step, bytes });
    if (!smallest || bytes < smallest.data.length) smallest = encoded;
    if (bytes <= maxBytes && (!best || bytes > best.data.length)) best = encoded;
    return bytes;
  };
  const tryEncode = async (quality: number, step: S): Promise<number> => {
    signal?.throwIfAborted();
    return record({ data: await encode(quality, step), quality, step });
  };

  /**
   * Binary search for the largest quality that fits at `step`. Invariant: `lo` fits (measured, or the
   * virtual minQuality - 1), `hi` does not (measured, with `hiBytes`, or the virtual maxQuality + 1).
   * `floorProbe`: when the first probe fails, try the lowest quality at once (see the header).
   */
  const searchQuality = async (step: S, lo: number, floorProbe: boolean) => {
    let hi = maxQuality + 1;
    let hiBytes = Number.POSITIVE_INFINITY;
    let first = floorProbe;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const bytes = await tryEncode(mid, step);
      if (bytes <= maxBytes) lo = mid;
      else {
        [hi, hiBytes] = [mid, bytes];
        if (first && mid > minQuality) {
          const floor = await tryEncode(minQuality, step);
          if (floor <= maxBytes) lo = minQuality;
          else [hi, hiBytes] = [minQuality, floor];
        }
      }
      first = false;
    }
    return { lo, hi, hiBytes };
  };

  let step = steps[0];
  let found = await searchQuality(step, minQuality - 1, steps.length > 1);
  if (found.lo < minQuality) {
    // Nothing fits at the first step: bisect the fallbacks at the lowest quality. `failed` is known too
    // big there; `fits` is known to fit, or is past the end. When nothing fits the last one is encoded,
    // so `smallest` is the smallest reachable.
    let failed = 0;
    let fits = steps.length;
    while (fits - failed > 1) {
      const mid = Math.floor((failed + fits) / 2);
      if ((await tryEncode(minQuality, steps[mid])) <= maxBytes) fits = mid;
      else failed = mid;
    }
    if (fits === steps.length) return { fits: false, smallest: smallest as Encoded<S, K>, attempts };
    step = steps[fits];
    found = await searchQuality(step, minQuality, false);
  }
  const { hi, hiBytes } = found;
  if (refine && hi <= maxQuality && (best?.data.length ?? 0) < refine.minBytes) {
    await refineAt({ quality: hi, step, bytes: hiBytes }, refine, maxBytes, record, () => best, signal);
  }
  // Something fits: `lo` was measured under the budget.
  return { fits: true, ...(best as Encoded<S, K>), attempts };
}

/**
 * Turns each knob at `at.quality` (the smallest quality that was too big, `at.bytes` there) until an
 * encoding lands in [refine.minBytes, maxBytes] or the encodes run out. Per knob: amount 1 first (if
 * even the strongest setting is too big the knob cannot help: next knob), then a bracket [too big, too
 * small] narrowed by interpolating log(size) linearly towards the middle of the window, each probe kept
 * at least a tenth of the bracket away from its ends so that a kinked curve still converges like a
 * bisection.
 */
async function refineAt<S, K>(
  at: { quality: number; step: S; bytes: number },
  refine: Refinement<S, K>,
  maxBytes: number,
  record: (encoded: Encoded<S, K>) => number,
  best: () => Encoded<S, K> | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { quality, step } = at;
  const { minBytes } = refine;
  const goal = Math.log((minBytes + maxBytes) / 2);
  let left = refine.maxEncodes;
  const closeEnough = () => (best()?.data.length ?? 0) >= minBytes;
  const measure = async (knob: K, amount: number): Promise<number> => {
    signal?.throwIfAborted();
    left--;
    const data = await refine.encode(quality, step, knob, amount);
    return record({ data, quality, step, fine: { knob, amount } });
  };

  for (const knob of refine.knobs(quality, step)) {
    if (left <= 0 || closeEnough()) return;
    const strongest = await measure(knob, 1);
    if (strongest > maxBytes) continue;
    let big = { amount: 0, log: Math.log(at.bytes) };
    let small = { amount: 1, log: Math.log(strongest) };
    let sameSide = 0; // probes in a row that moved the same end: then bisect (a kinked curve)
    let lastSide = false;
    while (left > 0 && !closeEnough() && small.amount - big.amount > 1e-3) {
      const t = sameSide >= 2 ? 0.5 : (big.log - goal) / (big.log - small.log);
      const amount = big.amount + (small.amount - big.amount) * Math.min(0.9, Math.max(0.1, t));
      const bytes = await measure(knob, amount);
      const side = bytes > maxBytes;
      sameSide = side === lastSide ? sameSide + 1 : 1;
      lastSide = side;
      if (side) big = { amount, log: Math.log(bytes) };
      else small = { amount, log: Math.log(bytes) };
    }
  }
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
/** The resize to `scale` of a size (each side at least a pixel) a size search encodes; none at 1. */
export function resizeToScale(
  size: { width: number; height: number },
  scale: number,
): { width: number; height: number; fit: 'fill' } | undefined {
  if (scale >= 1) return undefined;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
    fit: 'fill',
  };
}

export function shrinkSteps(floor: number, ratio = 0.9): number[] {
  const steps = [1];
  while (steps[steps.length - 1] * ratio >= floor) steps.push(steps[steps.length - 1] * ratio);
  return steps;
}
