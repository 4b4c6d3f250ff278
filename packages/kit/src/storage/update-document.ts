import type { Update } from './ports.ts';

/**
 * MongoDB tells an operator update (`{ $set: ... }`) from a replacement document (`{ name: ... }`)
 * by its keys: all start with `$`, or none does. Mixing both is a bug in the caller, so it is
 * refused here with a clear message instead of each engine's own.
 */
export function isReplacement(update: Update): boolean {
  const keys = Object.keys(update);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length > 0 && operators.length < keys.length) {
    throw new TypeError(
      `An update mixes operators and plain fields (${keys.join(', ')}); use one or the other.`,
    );
  }
  return operators.length === 0;
}

/** updateMany has no replacement form in MongoDB; both adapters refuse it the same way. */
export function assertOperatorUpdate(update: Update): void {
  if (isReplacement(update)) {
    throw new TypeError('updateMany needs update operators ($set, $inc, ...), not a replacement document.');
  }
}
