import type { Tool } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import type { ShellHost } from '@mediakit/web-ui/contract';

/** The catalog from `GET /tools`; the same query key as the shell's home page, so it is fetched once. */
export function useCatalog(host: ShellHost) {
  return useQuery({ queryKey: ['tools'], queryFn: () => host.api.get<{ tools: Tool[] }>('/tools') });
}

/** True when every word of the query appears in the entry's title, name or description. */
export function matchesQuery(tool: Tool, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${tool.title} ${tool.name.replace(/-/g, ' ')} ${tool.description}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
