import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Workspaces use each other only by package name (`@mediakit/worker`, `@mediakit/web-api/…`), so
 * each one declares what it needs and can be built, tested and shipped on its own. A relative import
 * that climbs out of its workspace (`../../../packages/worker/src/types.ts`) fails here, and so does
 * any import of the shell's source: the shell is an app; what others need of it lives in packages.
 */
const root = resolve(import.meta.dirname, '../../..');
const SOURCE = /\.(?:ts|tsx|mts|mjs|js)$/;
const SKIP = new Set(['node_modules', 'dist', 'gen', '.tmp']);
/**
 * Shared files outside every workspace that workspaces may reach by path. Only build configuration
 * belongs here, never code that ships: the three web apps' common rspack settings.
 */
const SHARED_BY_PATH = new Set([join(root, 'frontends', 'rspack.shared.mjs')]);
/** Module specifiers: static and dynamic imports, re-exports, require and vitest's mocks. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.mock\s*\(\s*)['"]([^'"]*)['"]/g;
/** The shell app's package: no workspace imports its modules. */
const SHELL_APP = '@mediakit/web-shell/';

function workspaces(): string[] {
  return ['packages', 'services', 'frontends'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, 'package.json')))
      .map((entry) => join(root, group, entry.name)),
  );
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** Every module specifier, relative or by package name. */
const ANY_SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.mock\s*\(\s*)['"]([^'"]+)['"]/g;
const TEST_FILE = /\.test\.tsx?$/;

/**
 * Test helpers live in each workspace's test/ folder (shared ones behind a `./testing` export) and
 * stay out of the images, so code under src/ that is not itself a test must never import them.
 */
export function testHelperImports(workspace: string, file: string, text: string): string[] {
  if (TEST_FILE.test(file)) return [];
  return [...text.matchAll(ANY_SPECIFIER)]
    .map((match) => match[1])
    .filter((specifier) =>
      specifier.startsWith('.')
        ? relative(workspace, resolve(dirname(file), specifier)).split(sep)[0] === 'test'
        : /^@mediakit\/[^/]+\/testing(?:\/|$)/.test(specifier),
    );
}

export function importsLeaving(workspace: string, file: string, text: string): string[] {
  return [...text.matchAll(SPECIFIER)]
    .map((match) => match[1])
    .filter((specifier) => {
      if (specifier.startsWith(SHELL_APP)) return true;
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) return false;
      const target = resolve(dirname(file), specifier);
      return target !== workspace && !target.startsWith(workspace + sep) && !SHARED_BY_PATH.has(target);
    });
}

describe('workspace boundaries', () => {
  it('the check sees an import that climbs out of its workspace', () => {
    const workspace = join(root, 'services', 'imager');
    const file = join(workspace, 'src', 'tools', 'a.test.ts');
    const climbing = ['..', '..', '..', '..', 'packages/worker/src/types.ts'].join('/');
    const text = `import x from './b.ts';\nvi.mock('@mediakit/worker', () => import('${climbing}'));`;
    expect(importsLeaving(workspace, file, text)).toEqual([climbing]);
  });

  it('the check sees an import of the shell app by its package name', () => {
    const workspace = join(root, 'frontends', 'tools');
    const file = join(workspace, 'src', 'pages', 'a.tsx');
    const text = `import { API_BASE } from '@mediakit/web-api/api-client';\nimport { x } from '${SHELL_APP}ui/format.ts';`;
    expect(importsLeaving(workspace, file, text)).toEqual([`${SHELL_APP}ui/format.ts`]);
  });

  it('the check sees production code importing a test helper, and lets tests do it', () => {
    const workspace = join(root, 'services', 'gateway');
    // Built from parts, so that this file itself holds no such import.
    const [helper, shared] = [
      ['..', '..', 'test', 'support.ts'].join('/'),
      ['@mediakit/media', 'testing'].join('/'),
    ];
    const text = `import { a } from '${helper}';\nimport { b } from '${shared}';`;
    const code = join(workspace, 'src', 'routes', 'files.ts');
    expect(testHelperImports(workspace, code, text)).toEqual([helper, shared]);
    expect(testHelperImports(workspace, join(workspace, 'src', 'routes', 'files.test.ts'), text)).toEqual([]);
  });

  it('no file under src/ that is not a test imports a test helper', () => {
    const found: string[] = [];
    for (const workspace of workspaces()) {
      const src = join(workspace, 'src');
      if (!existsSync(src)) continue;
      for (const file of sourceFiles(src)) {
        for (const specifier of testHelperImports(workspace, file, readFileSync(file, 'utf8'))) {
          found.push(`${relative(root, file)}: ${specifier}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('no workspace imports another by a relative path, nor the shell app at all', () => {
    const found: string[] = [];
    for (const workspace of workspaces()) {
      for (const file of sourceFiles(workspace)) {
        for (const specifier of importsLeaving(workspace, file, readFileSync(file, 'utf8'))) {
          found.push(`${relative(root, file)}: ${specifier}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
