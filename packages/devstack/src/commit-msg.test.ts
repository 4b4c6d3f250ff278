import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/commit-msg.mjs and scripts/setup.mjs are plain JavaScript (they run before npm ci).
const root = resolve(import.meta.dirname, '../../..');
const { commitMessageProblems } = await import(pathToFileURL(join(root, 'scripts/commit-msg.mjs')).href);
const { commitHookAction } = await import(pathToFileURL(join(root, 'scripts/setup.mjs')).href);

const WHY = 'The body says why: what was wrong, and what this changes for users.';

describe('the commit message rule', () => {
  it('accepts a short imperative subject, a blank line and a body', () => {
    expect(commitMessageProblems(`Keep animations in the image tools\n\n${WHY}\n`)).toEqual([]);
  });

  it('names each thing to fix', () => {
    expect(commitMessageProblems(`${'x'.repeat(73)}\n\n${WHY}`)).toEqual([
      'The subject has 73 characters; keep it to 72 at most.',
    ]);
    expect(commitMessageProblems('Fix the thing.')).toEqual([
      'The subject ends with a full stop; leave it out.',
      'There is no body: add a blank line and a few lines that say why this change is made.',
    ]);
    expect(commitMessageProblems(`Fix the thing\n${WHY}`)).toEqual([
      'Leave the second line blank, between subject and body.',
      'There is no body: add a blank line and a few lines that say why this change is made.',
    ]);
    expect(commitMessageProblems('\n\n# only comments\n')).toEqual([
      'The subject line is empty: say in a few words what the commit does.',
    ]);
  });

  it("ignores git's comment lines and lets git's own subjects through", () => {
    expect(commitMessageProblems(`Fix the thing\n\n${WHY}\n# Please enter the commit message\n`)).toEqual([]);
    expect(commitMessageProblems("Merge branch 'i24-anim'")).toEqual([]);
    expect(commitMessageProblems('fixup! Fix the thing')).toEqual([]);
  });
});

describe('setup installs the check', () => {
  it('points git at .githooks unless the developer chose their own folder', () => {
    expect(commitHookAction({ isCheckout: true, hooksPath: '' })).toBe('set');
    expect(commitHookAction({ isCheckout: true, hooksPath: '.githooks' })).toBe('none');
    expect(commitHookAction({ isCheckout: true, hooksPath: '/home/me/hooks' })).toBe('keep-own');
    expect(commitHookAction({ isCheckout: false, hooksPath: '' })).toBe('none');
  });

  const dir = mkdtempSync(join(tmpdir(), 'commit-msg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a real git commit with a bad message is refused, a good one goes in', () => {
    const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('config', 'user.email', 'dev@example.invalid');
    git('config', 'user.name', 'Dev');
    git('config', 'core.hooksPath', join(root, '.githooks'));
    writeFileSync(join(dir, 'a.txt'), 'a');
    git('add', 'a.txt');
    const bad = git(
      'commit',
      '-q',
      '-m',
      'Did a lot of things in this commit and explained none of them at all, sorry.',
    );
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('keep it to 72 at most');
    const good = git('commit', '-q', '-m', 'Add a.txt', '-m', WHY);
    expect(good.status, good.stderr).toBe(0);
  });
});
