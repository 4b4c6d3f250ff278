/**
 * Monthly billing periods, anchored like a card statement: a period that starts on the 31st ends on
 * the last day of a shorter month, and the next one is back on the 31st where the month has one
 * (each boundary is counted from the anchor, so short months never make the day drift). UTC.
 */

/** `anchor` moved by `months` calendar months, the day clamped to the target month's length. */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  // Day 0 of the month after is the target month's last day; Date.UTC carries months into years.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

export interface Period {
  start: Date;
  end: Date;
}

/** The monthly period of the cycle started at `anchor` that contains `at` (the first one before it). */
export function periodAt(anchor: Date, at: Date): Period {
  let n = Math.max(
    0,
    (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (at.getUTCMonth() - anchor.getUTCMonth()),
  );
  while (n > 0 && addMonths(anchor, n) > at) n -= 1;
  while (addMonths(anchor, n + 1) <= at) n += 1;
  return { start: addMonths(anchor, n), end: addMonths(anchor, n + 1) };
}
