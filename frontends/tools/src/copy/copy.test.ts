import { describe, expect, test } from 'vitest';
import { catalog } from '../../../../packages/catalog/src/index.ts';
import { TOOL_COPY } from './index.ts';

describe('page copy', () => {
  test('every catalog entry has its own copy, and nothing else does', () => {
    expect(Object.keys(TOOL_COPY).sort()).toEqual(catalog.map((e) => e.name).sort());
  });

  test('each has a run button, an intro, three steps, a limit and a question', () => {
    for (const [name, copy] of Object.entries(TOOL_COPY)) {
      expect(copy.action, name).toMatch(/^[A-Z]/);
      expect(copy.intro.length, name).toBeGreaterThan(80);
      expect(copy.steps, name).toHaveLength(3);
      expect(copy.limits.length, name).toBeGreaterThan(0);
      expect(copy.faq.length, name).toBeGreaterThan(0);
    }
  });

  test('no two pages share an intro or a question (written per tool, not templated)', () => {
    const intros = Object.values(TOOL_COPY).map((c) => c.intro);
    expect(new Set(intros).size).toBe(intros.length);
    const questions = Object.values(TOOL_COPY).flatMap((c) => c.faq.map((f) => `${f.q} ${f.a}`));
    expect(new Set(questions).size).toBe(questions.length);
  });
});
