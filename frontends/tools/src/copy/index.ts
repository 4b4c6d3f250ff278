import type { ToolCopy } from './types.ts';

/**
 * The page copy of one catalog entry, from `entries/<name>.ts`: one file, and so one chunk, per
 * entry, so a page fetches its own text only, not its group's. The name is in the page's URL, so
 * the copy loads alongside the tool's data, not after it. Rejects for a name without copy (a test checks that every catalog entry has some).
 * The facts (limits, outputs) follow docs/api.md, the transcoder and the imager.
 */
export async function loadToolCopy(name: string): Promise<ToolCopy> {
  // Only an entry's own file: the name is the page's URL, whatever a visitor typed.
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`No page copy for "${name}".`);
  const entry: { copy: ToolCopy } = await import(`./entries/${name}.ts`);
  return entry.copy;
}
