import type { ByteRange } from './ports.ts';

/** Both object stores accept the same ranges: whole numbers, start <= end (an end past the object is clipped). */
export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(
      `Byte range ${start}-${end} is not valid: need whole numbers with 0 <= start <= end.`,
    );
  }
}
