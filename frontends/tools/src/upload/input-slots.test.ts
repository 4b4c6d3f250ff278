import { catalog, toPublicTool } from '@mediakit/catalog';
import type { Tool } from '@mediakit/web-api/types';
import { describe, expect, test } from 'vitest';
import { inputSlots } from './input-slots.ts';

describe('input places per tool', () => {
  test('every entry with positional inputs gets one place per position, with the catalog labels and types', () => {
    for (const entry of catalog) {
      const slots = inputSlots(toPublicTool(entry) as unknown as Tool);
      if (entry.inputs.labels) {
        expect(
          slots.map((s) => s.label),
          entry.name,
        ).toEqual(entry.inputs.labels);
        expect(
          slots.map((s) => [...s.accept]),
          entry.name,
        ).toEqual(entry.inputs.acceptByPosition);
      } else {
        expect(slots, entry.name).toHaveLength(1);
        expect(slots[0], entry.name).toMatchObject({ min: entry.inputs.min, max: entry.inputs.max });
      }
    }
  });
});
