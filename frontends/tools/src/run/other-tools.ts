import { normalizeMime } from '@mediakit/catalog/mime';
import type { Tool } from '@mediakit/web-api/types';

/**
 * The catalog entries a file can go to next ("use in another tool"): those that accept its type,
 * tools of the same media first, then converters; never the tool that made it.
 */
export function toolsFor(tools: readonly Tool[], mime: string, except?: string): Tool[] {
  const type = normalizeMime(mime);
  return tools
    .filter((tool) => tool.name !== except && tool.inputs.accept.includes(type))
    .sort((a, b) => rank(a, type) - rank(b, type) || a.title.localeCompare(b.title));
}

function rank(tool: Tool, type: string): number {
  const sameMedia = type.startsWith(`${tool.media}/`);
  // Tools that need a second, different input (overlays) come after the ones that take this file alone.
  const alone = tool.inputs.min <= 1;
  return (sameMedia ? 0 : 2) + (tool.kind === 'tool' ? 0 : 1) + (alone ? 0 : 4);
}
