import { describe, expect, test } from 'vitest';
import type { Tool } from '../../shell/src/api/types.ts';
import { matchesQuery } from './catalog-query.ts';
import { describeParams } from './params-list.ts';

const tool = (name: string, title: string, description: string) => ({ name, title, description }) as Tool;

describe('the ?q= filter', () => {
  const heic = tool('heic-to-jpg', 'Convert HEIC to JPG Online', 'Turn iPhone photos into JPG.');
  test('every word must appear in the title, name or description, any case', () => {
    expect(matchesQuery(heic, 'heic')).toBe(true);
    expect(matchesQuery(heic, 'IPHONE jpg')).toBe(true);
    expect(matchesQuery(heic, 'heic to')).toBe(true);
    expect(matchesQuery(heic, 'heic png')).toBe(false);
    expect(matchesQuery(heic, '   ')).toBe(true);
  });
});

describe('params described for people, from the JSON Schema', () => {
  test('numbers with bounds, choices, defaults, required and optional', () => {
    const params = describeParams({
      type: 'object',
      required: ['end'],
      properties: {
        start: { type: 'number', title: 'Start (seconds)', minimum: 0, default: 0 },
        end: { type: 'number', title: 'End (seconds)', exclusiveMinimum: 0 },
        level: {
          anyOf: [{ const: 'low' }, { const: 'high' }],
          title: 'Level',
          description: 'high is smallest.',
        },
        caption: { type: 'string', maxLength: 120 },
      },
    });
    expect(params).toEqual([
      {
        name: 'start',
        title: 'Start (seconds)',
        required: false,
        accepts: 'a number from 0',
        defaultValue: '0',
        description: undefined,
      },
      {
        name: 'end',
        title: 'End (seconds)',
        required: true,
        accepts: 'a number above 0',
        defaultValue: undefined,
        description: undefined,
      },
      {
        name: 'level',
        title: 'Level',
        required: false,
        accepts: 'one of: low, high',
        defaultValue: undefined,
        description: 'high is smallest.',
      },
      {
        name: 'caption',
        title: 'caption',
        required: false,
        accepts: 'text, at most 120 characters',
        defaultValue: undefined,
        description: undefined,
      },
    ]);
  });
});
