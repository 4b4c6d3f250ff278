import type { Tool } from '@mediakit/web-api/types';
import type { MediaFile } from '../api/types.ts';

const accepts = (accept: readonly string[], mime: string) =>
  accept.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));

/**
 * The catalog entries a file can be opened in ("open in tool"): those whose accepted types include
 * the file's, tools before converters, each group by title.
 */
export function toolsForFile(tools: readonly Tool[], file: Pick<MediaFile, 'mime'>): Tool[] {
  return tools
    .filter((tool) => accepts(tool.inputs.accept, file.mime))
    .sort((a, b) => (a.kind === b.kind ? a.title.localeCompare(b.title) : a.kind === 'tool' ? -1 : 1));
}

/** The page of a catalog entry with the file handed over (the tools remote picks `?file=` up). */
export const openInToolPath = (tool: Pick<Tool, 'kind' | 'name'>, file: Pick<MediaFile, 'id'>) =>
  `/${tool.kind === 'converter' ? 'converter' : 'tool'}/${tool.name}?file=${encodeURIComponent(file.id)}`;
