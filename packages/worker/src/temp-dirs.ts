import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from '@mediakit/kit';

/** Every job's temp dir is named `mk-<pid>-…` after the worker process that made it. */
export const jobDirPrefix = (pid: number) => `mk-${pid}-`;

/**
 * Removes job temp dirs whose worker process no longer exists: a worker killed mid-job (OOM,
 * kill -9) leaves its inputs and partial outputs behind, and nothing else would delete them.
 * Dirs of live processes (other replicas sharing the parent dir) are left alone.
 */
export async function removeOrphanedJobDirs(parent = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const pid = Number(/^mk-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isProcessAlive(pid)) continue;
    await rm(join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
