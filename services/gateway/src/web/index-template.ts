import { readFile, stat } from 'node:fs/promises';

/**
 * The built shell's index.html, read once and again only when the file changes (a redeploy of the
 * shell replaces it), so a page view costs a stat, not a read.
 */
export function createIndexTemplate(file: string) {
  let cached: { mtimeMs: number; html: string } | undefined;
  return async (): Promise<string> => {
    const { mtimeMs } = await stat(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
    return cached.html;
  };
}
