import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs are read on GitHub and in an editor, so a link that points nowhere is a dead end for a
 * newcomer. Every relative link in a tracked Markdown file must name a file that exists and, when it
 * has a `#fragment` into Markdown, a heading of that file. Mermaid blocks must open with a diagram
 * type and be closed, or GitHub shows an error box instead of the diagram.
 */
const root = resolve(import.meta.dirname, '../../..');
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const DIAGRAMS =
  /^(?:flowchart|graph|sequenceDiagram|classDiagram|stateDiagram(?:-v2)?|erDiagram|gantt|pie|journey)\b/;

function markdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)));
}

/** The text outside fenced code blocks, where a `](…)` is not a link. */
function prose(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

export function brokenLinks(
  file: string,
  text: string,
  read: (path: string) => string | undefined,
): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(LINK)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue; // a URL or a site path
    const [path, fragment] = target.split('#', 2);
    const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    const content = read(resolved);
    if (content === undefined) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (fragment && resolved.endsWith('.md') && !anchors(content).has(fragment)) {
      broken.push(`${file}: ${target} (no such heading)`);
    }
  }
  return broken;
}

function readFromRoot(path: string): string | undefined {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return undefined;
  return path.endsWith('.md') ? readFileSync(absolute, 'utf8') : '';
}

describe('documentation links', () => {
  it('the check sees a missing file and a missing heading, and follows a good link', () => {
    const files: Record<string, string> = { 'docs/a.md': '# A page\n\n## Two words\n' };
    const read = (path: string) => files[path];
    const text = '[ok](a.md#two-words) [self](#x) [gone](b.md) [bad](a.md#nope) [web](https://x.org)';
    expect(brokenLinks('docs/a.md', text, read)).toEqual([
      'docs/a.md: #x (no such heading)',
      'docs/a.md: b.md (no such file)',
      'docs/a.md: a.md#nope (no such heading)',
    ]);
  });

  it('anchors follow GitHub: punctuation dropped, repeats numbered', () => {
    expect([
      ...anchors('# Tests (`vitest run --project deploy`)\n## Configuration\n## Configuration\n'),
    ]).toEqual(['tests-vitest-run---project-deploy', 'configuration', 'configuration-1']);
  });

  it('every relative link in the Markdown files resolves', () => {
    const broken = markdownFiles().flatMap((file) =>
      brokenLinks(file, readFileSync(join(root, file), 'utf8'), readFromRoot),
    );
    expect(broken).toEqual([]);
  });

  it('every Mermaid block names its diagram type and is closed', () => {
    const problems: string[] = [];
    for (const file of markdownFiles()) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      for (let i = 0; i < lines.length; i++) {
        if (lines[i].trim() !== '```mermaid') continue;
        const end = lines.findIndex((line, j) => j > i && line.trim() === '```');
        if (end === -1) problems.push(`${file}:${i + 1}: a mermaid block is never closed`);
        else if (!DIAGRAMS.test(lines[i + 1]?.trim() ?? ''))
          problems.push(`${file}:${i + 1}: a mermaid block must start with a diagram type`);
        i = end === -1 ? lines.length : end;
      }
    }
    expect(problems).toEqual([]);
  });
});
