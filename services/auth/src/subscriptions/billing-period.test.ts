import { describe, expect, it } from 'vitest';
import { addMonths, periodAt } from './billing-period.ts';

const at = (iso: string) => new Date(iso);

describe('monthly billing periods', () => {
  it('ends a month later, at the same time of day', () => {
    expect(addMonths(at('2025-03-10T08:30:00.000Z'), 1).toISOString()).toBe('2025-04-10T08:30:00.000Z');
    expect(addMonths(at('2025-12-15T00:00:00.000Z'), 1).toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });

  it('clamps the 31st to the end of a shorter month without drifting afterwards', () => {
    const anchor = at('2025-01-31T12:00:00.000Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2025-02-28T12:00:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2025-03-31T12:00:00.000Z');
    expect(addMonths(at('2024-01-31T12:00:00.000Z'), 1).toISOString()).toBe('2024-02-29T12:00:00.000Z');
  });

  it('finds the period that contains an instant, boundaries belonging to the next period', () => {
    const anchor = at('2025-01-31T12:00:00.000Z');
    expect(periodAt(anchor, at('2025-01-31T12:00:00.000Z'))).toEqual({
      start: at('2025-01-31T12:00:00.000Z'),
      end: at('2025-02-28T12:00:00.000Z'),
    });
    expect(periodAt(anchor, at('2025-02-28T12:00:00.000Z'))).toEqual({
      start: at('2025-02-28T12:00:00.000Z'),
      end: at('2025-03-31T12:00:00.000Z'),
    });
    expect(periodAt(anchor, at('2025-03-01T00:00:00.000Z')).start).toEqual(at('2025-02-28T12:00:00.000Z'));
    expect(periodAt(anchor, at('2026-07-04T00:00:00.000Z'))).toEqual({
      start: at('2026-06-30T12:00:00.000Z'),
      end: at('2026-07-31T12:00:00.000Z'),
    });
  });

  it('starts with the first period for an instant before the anchor', () => {
    const anchor = at('2025-05-20T00:00:00.000Z');
    expect(periodAt(anchor, at('2025-05-01T00:00:00.000Z')).start).toEqual(anchor);
  });
});
