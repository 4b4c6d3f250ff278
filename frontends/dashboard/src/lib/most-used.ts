/** Tools shown to someone who has not run any job yet: the catalog's everyday ones. */
export const STARTER_TOOLS = ['compress-video', 'trim-video', 'resize-image', 'compress-image'] as const;

/**
 * The `count` tools the user ran most among `jobs` (ties: the most recent first), topped up with
 * starter tools so there are always quick links.
 */
export function mostUsedTools(jobs: readonly { tool: string }[], count = 4): string[] {
  const uses = new Map<string, number>();
  for (const job of jobs) uses.set(job.tool, (uses.get(job.tool) ?? 0) + 1);
  // Map keeps first-insertion order, and jobs come newest first: a stable sort keeps recency for ties.
  const ranked = [...uses.entries()].sort((a, b) => b[1] - a[1]).map(([tool]) => tool);
  for (const starter of STARTER_TOOLS) if (!ranked.includes(starter)) ranked.push(starter);
  return ranked.slice(0, count);
}
