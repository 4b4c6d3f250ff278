import type { Tool } from '@mediakit/web-api/types';
import { describe, expect, test } from 'vitest';
import { matchesQuery } from './catalog-query.ts';

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
