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

describe('what the inputs are called', () => {
  const label = (name: string) => {
    const entry = catalog.find((e) => e.name === name);
    if (!entry) throw new Error(`${name} is not in the catalog`);
    return inputSlots(toPublicTool(entry) as unknown as Tool)[0].label;
  };

  test('by what the tool takes, not by what it makes', () => {
    expect(label('trim-video')).toBe('Your video');
    expect(label('convert-image-to-video')).toBe('Your images');
    expect(label('trim-audio')).toBe('Your audio file');
    expect(label('join-audio')).toBe('Your audio files');
    expect(label('extract-audio')).toBe('Your videos');
    expect(label('audio-converter')).toBe('Your files');
  });
});
