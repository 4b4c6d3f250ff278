import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jobDirPrefix, removeOrphanedJobDirs } from './temp-dirs.ts';

const parent = await mkdtemp(join(tmpdir(), 'mk-orphans-'));
afterAll(() => rm(parent, { recursive: true, force: true }));

describe('removeOrphanedJobDirs', () => {
  it('removes the dirs of dead workers and keeps those of live ones and unrelated dirs', async () => {
    // A pid that surely exited: a child that already ran to completion.
    const deadPid = spawnSync('true').pid as number;
    await mkdir(join(parent, `${jobDirPrefix(deadPid)}abc-1`));
    await mkdir(join(parent, `${jobDirPrefix(process.pid)}mine-1`));
    await mkdir(join(parent, `${jobDirPrefix(1)}init-1`));
    await mkdir(join(parent, 'something-else'));
    const removed = await removeOrphanedJobDirs(parent);
    expect(removed).toEqual([`${jobDirPrefix(deadPid)}abc-1`]);
    expect((await readdir(parent)).sort()).toEqual(
      [`${jobDirPrefix(1)}init-1`, `${jobDirPrefix(process.pid)}mine-1`, 'something-else'].sort(),
    );
  });
});
