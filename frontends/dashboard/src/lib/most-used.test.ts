import { expect, test } from 'vitest';
import { mostUsedTools, STARTER_TOOLS } from './most-used.ts';

test('most used first, ties by recency, topped up with starters', () => {
  const jobs = [
    { tool: 'png-to-jpg' },
    { tool: 'trim-video' },
    { tool: 'trim-video' },
    { tool: 'loop-video' },
  ];
  expect(mostUsedTools(jobs)).toEqual(['trim-video', 'png-to-jpg', 'loop-video', 'compress-video']);
});

test('no jobs: the starter tools', () => {
  expect(mostUsedTools([])).toEqual([...STARTER_TOOLS]);
  expect(mostUsedTools([], 2)).toEqual(STARTER_TOOLS.slice(0, 2));
});
