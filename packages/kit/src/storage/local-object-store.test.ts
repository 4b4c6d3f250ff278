import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalObjectStore } from './local-object-store.ts';

describe('local object store: leftovers of a killed writer', () => {
  let dir: string;
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('the next process removes temp files of writers that no longer run, and keeps live ones', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-local-store-'));
    // A pid that certainly ran and is gone: a child that has exited.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid as number;
    await mkdir(join(dir, '.tmp'), { recursive: true });
    await writeFile(join(dir, '.tmp', `${deadPid}-half-written`), 'partial bytes');
    await writeFile(join(dir, '.tmp', `${process.ppid}-in-progress`), 'a live writer');
    const store = createLocalObjectStore(dir);
    await store.put('outputs/a', Buffer.from('whole'));
    expect(await readdir(join(dir, '.tmp'))).toEqual([`${process.ppid}-in-progress`]);
    expect(await store.list('outputs/')).toEqual(['outputs/a']);
  });
});
