import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API contract and the architecture live in docs/, inside the repository. A file that sends the
 * reader to a folder next to the clone (`../shared`, `shared/API.md`) points at something a newcomer
 * does not have, so it fails here. The real-world corpus holds third-party files, left as they are.
 */
const root = resolve(import.meta.dirname, '../../..');
const OUTSIDE = ['../shared', 'shared/API.md'];
const self = relative(root, import.meta.filename);

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && file !== self && !file.startsWith('tests/corpus/'));
}

export function outsideReferences(file: string, content: Buffer): string[] {
  return OUTSIDE.filter((needle) => content.includes(needle)).map((needle) => `${file}: ${needle}`);
}

describe('the repository stands alone', () => {
  it('the check sees a reference to a folder beside the clone', () => {
    const text = ['The contract is', '../shared', '/API.md.'].join('');
    expect(outsideReferences('a.ts', Buffer.from(text))).toEqual(['a.ts: ../shared', 'a.ts: shared/API.md']);
  });

  it('no file refers to ../shared or shared/API.md', () => {
    const found = trackedFiles()
      .filter((file) => existsSync(join(root, file)))
      .flatMap((file) => outsideReferences(file, readFileSync(join(root, file))));
    expect(found).toEqual([]);
  });
});
