import { ENGINE_NAMES } from '@mediakit/page-meta/engine-names';
import { PAGE_META } from '@mediakit/page-meta/page-meta';
import { describe, expect, test } from 'vitest';

// Node's fs, typed here: the frontends are typed for the browser only.
const fs = (await import('node:fs' as string)) as {
  readdirSync(dir: URL): string[];
  readFileSync(file: URL, encoding: 'utf8'): string;
};

describe('the shell’s public pages', () => {
  test('name no engine: not in their text, nor in any title or description', () => {
    // The home page's catalog groups live beside it (HomeCatalog.tsx, home-catalog.ts): read them too.
    const pages = fs
      .readdirSync(new URL('.', import.meta.url))
      .filter(
        (file) => file.endsWith('Page.tsx') || file.startsWith('HomeCatalog') || file === 'home-catalog.ts',
      );
    expect(pages).toContain('HomePage.tsx');
    expect(pages).toContain('PrivacyPage.tsx');
    for (const file of pages) {
      expect(fs.readFileSync(new URL(file, import.meta.url), 'utf8'), file).not.toMatch(ENGINE_NAMES);
    }
    for (const [path, meta] of Object.entries(PAGE_META)) {
      expect(`${meta.title} ${meta.description}`, path).not.toMatch(ENGINE_NAMES);
    }
  });
});
