import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Tool } from '../api/types.ts';
import { CATALOG_GROUPS, toolPath } from '../pages/page-meta.ts';
import { useShell } from '../shell-context.tsx';
import { Skeleton } from './Skeleton.tsx';

/** The catalog grouped as the tools page groups it: each entry links to its page. */
export function CatalogGroups() {
  const { api } = useShell();
  const tools = useQuery({ queryKey: ['tools'], queryFn: () => api.get<{ tools: Tool[] }>('/tools') });
  if (!tools.data) return <Skeleton label="Loading the tools" lines={8} />;
  return (
    <div className="catalog">
      {CATALOG_GROUPS.map((group) => {
        const entries = tools.data.tools.filter((t) => t.kind === group.kind && t.media === group.media);
        return (
          <section key={group.id} aria-labelledby={`home-${group.id}`} className="catalog-group">
            <h3 id={`home-${group.id}`}>{group.heading}</h3>
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
