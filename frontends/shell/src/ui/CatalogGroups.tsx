import { useQuery } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import type { Tool } from '../api/types.ts';
import { CATALOG_GROUPS, toolPath } from '../pages/page-meta.ts';
import { useShell } from '../shell-context.tsx';
import { Skeleton } from './Skeleton.tsx';

interface CatalogGroupListProps {
  tools: readonly Tool[];
  /** Prefix of the sections' heading ids (two lists on one page must not share ids). */
  idPrefix: string;
  /** h2 on the tools page, h3 under the home page's "All tools". */
  headingLevel: 2 | 3;
}

/**
 * The catalog in its four groups (video tools, image tools, video converters, image converters),
 * each entry a card linking to its page. One implementation for the home page (here) and the tools
 * remote's /tools page, which imports this module at build time. Empty groups are left out.
 */
export function CatalogGroupList({ tools, idPrefix, headingLevel }: CatalogGroupListProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="catalog">
      {CATALOG_GROUPS.map((group) => {
        const entries = tools.filter((t) => t.kind === group.kind && t.media === group.media);
        if (entries.length === 0) return null;
        return (
          <section key={group.id} aria-labelledby={`${idPrefix}-${group.id}`} className="catalog-group">
            <Heading id={`${idPrefix}-${group.id}`}>{group.heading}</Heading>
            <ul className="card-grid">
              {entries.map((tool) => (
                <li key={tool.name}>
                  <Link className="card" to={toolPath(tool)}>
                    <span className="card-title">{tool.title}</span>
                    <span className="card-text">{tool.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The home page's catalog: every entry, grouped. */
export function CatalogGroups() {
  const { api } = useShell();
  const tools = useQuery({ queryKey: ['tools'], queryFn: () => api.get<{ tools: Tool[] }>('/tools') });
  if (!tools.data) return <Skeleton label="Loading the tools" lines={8} />;
  return <CatalogGroupList tools={tools.data.tools} idPrefix="home" headingLevel={3} />;
}
