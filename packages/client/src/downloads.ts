import { createWriteStream } from 'node:fs';
import { link, mkdir, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Job, Mediakit } from './client.ts';

/**
 * Saves each output of a finished job into `dir` under its own name, never over an existing file:
 * `clip.mp4`, then `clip-1.mp4`, `clip-2.mp4`, ... Bytes go to a temporary file first, so a
 * download that breaks leaves no partial file behind.
 */
export async function downloadOutputs(client: Mediakit, job: Job, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const saved: string[] = [];
  for (const file of job.outputs) {
    const response = await client.fetch(`/api/v1/files/${encodeURIComponent(file.id)}/content`);
    const partial = join(dir, `.${file.id}.part`);
    try {
      await pipeline(Readable.fromWeb(response.body as never), createWriteStream(partial, { mode: 0o644 }));
      saved.push(await linkUnder(partial, dir, basename(file.name)));
    } finally {
      await rm(partial, { force: true });
    }
  }
  return saved;
}

/** Gives `partial` the first free name like `name` in `dir` (link fails rather than overwrite). */
async function linkUnder(partial: string, dir: string, name: string): Promise<string> {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length) || 'output';
  for (let n = 0; ; n++) {
    const target = join(dir, n === 0 ? `${stem}${ext}` : `${stem}-${n}${ext}`);
    try {
      await link(partial, target);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
