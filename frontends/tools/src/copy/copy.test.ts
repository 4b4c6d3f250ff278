import { catalog } from '@mediakit/catalog';
import { ENGINE_NAMES } from '@mediakit/page-meta/engine-names';
import { describe, expect, test } from 'vitest';
import { loadToolCopy } from './index.ts';
import type { ToolCopy } from './types.ts';

const names = catalog.map((e) => e.name);
const all = async (): Promise<[string, ToolCopy][]> =>
  Promise.all(names.map(async (name) => [name, await loadToolCopy(name)] as [string, ToolCopy]));

describe('page copy', () => {
  test('every catalog entry has its own copy, and nothing else does', async () => {
    // Node's fs, typed here: the frontends are typed for the browser only.
    const fs = (await import('node:fs' as string)) as { readdirSync(dir: URL): string[] };
    const files = fs.readdirSync(new URL('./entries', import.meta.url)).map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual([...names].sort());
    for (const [name, copy] of await all()) expect(copy, name).toBeDefined();
  });

  test('a name without copy is refused, and never reaches another file', async () => {
    await expect(loadToolCopy('not-a-tool')).rejects.toThrow();
    await expect(loadToolCopy('../index')).rejects.toThrow('No page copy');
  });

  test('each has a run button, an intro, three steps, a limit and a question', async () => {
    for (const [name, copy] of await all()) {
      expect(copy.action, name).toMatch(/^[A-Z]/);
      expect(copy.intro.length, name).toBeGreaterThan(80);
      expect(copy.steps, name).toHaveLength(3);
      expect(copy.limits.length, name).toBeGreaterThan(0);
      expect(copy.faq.length, name).toBeGreaterThan(0);
    }
  });

  test('no two pages share an intro or a question (written per tool, not templated)', async () => {
    const copies = (await all()).map(([, copy]) => copy);
    const intros = copies.map((c) => c.intro);
    expect(new Set(intros).size).toBe(intros.length);
    const questions = copies.flatMap((c) => c.faq.map((f) => `${f.q} ${f.a}`));
    expect(new Set(questions).size).toBe(questions.length);
  });

  test('no page names the engines behind it: copy and catalog text say what the tool does', async () => {
    for (const [name, copy] of await all()) expect(JSON.stringify(copy), name).not.toMatch(ENGINE_NAMES);
    for (const entry of catalog)
      expect(`${entry.title} ${entry.description}`, entry.name).not.toMatch(ENGINE_NAMES);
  });
});
