import { CATALOG_GROUPS, toolPath } from '@mediakit/page-meta/page-meta';
import type { Tool } from '@mediakit/web-api/types';
import { Link } from '@mediakit/web-shared/router';
import { GROUP_ICONS, groupOf, iconFor } from './catalog-icons.ts';
import { Icon, IconTile } from './Icon.tsx';
import './catalog.css';

/** One entry as a card: its icon, title and description, linking to its page. */
export function CatalogCard({ tool }: { tool: Tool }) {
  const icon = iconFor(tool);
  return (
    <Link
      className={`card catalog-card${tool.kind === 'converter' ? ' is-converter' : ''}`}
      to={toolPath(tool)}
    >
      <IconTile icon={icon} />
      <span className="catalog-card-body">
        <span className="card-title">{tool.title}</span>
        <span className="card-text">{tool.description}</span>
      </span>
    </Link>
  );
}

interface CatalogGroupListProps {
  tools: readonly Tool[];
  /** Prefix of the sections' heading ids (two lists on one page must not share ids). */
  idPrefix: string;
  /** h2 on the tools pages. */
  headingLevel: 2 | 3;
  /**
   * The sections carry their group's id (`/tools#video-tools` opens at that group). Only one
   * list on a page may.
   */
  anchored?: boolean;
}

/**
 * The catalog in its groups (video tools, image tools, video converters, image converters), each
 * entry a card with its icon linking to its page. One implementation for the tools remote's
 * /tools page and the dashboard's tools page, which import this module at build time. Empty
 * groups are left out.
 */
export function CatalogGroupList({ tools, idPrefix, headingLevel, anchored = false }: CatalogGroupListProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="catalog">
      {CATALOG_GROUPS.map((group) => {
        const entries = tools.filter((t) => groupOf(t) === group.id);
        if (entries.length === 0) return null;
        return (
          <section
            key={group.id}
            id={anchored ? group.id : undefined}
            aria-labelledby={`${idPrefix}-${group.id}`}
            className="catalog-group"
          >
            <Heading id={`${idPrefix}-${group.id}`} className="catalog-group-title" tabIndex={-1}>
              <IconTile icon={GROUP_ICONS[group.id]} strong />
              {group.heading}
            </Heading>
            <ul className="card-grid">
              {entries.map((tool) => (
                <li key={tool.name}>
                  <CatalogCard tool={tool} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/**
 * Links to the groups of an anchored list on the same page (plain `#id` links: the browser
 * scrolls, and the page's `?q=` stays), each with its icon and how many entries it holds.
 */
export function CatalogJumpNav({ tools }: { tools: readonly Tool[] }) {
  const groups = CATALOG_GROUPS.map((group) => ({
    ...group,
    count: tools.filter((t) => groupOf(t) === group.id).length,
  })).filter((group) => group.count > 0);
  if (groups.length < 2) return null;
  return (
    <nav aria-label="Groups" className="catalog-jump">
      <ul>
        {groups.map((group) => {
          return (
            <li key={group.id}>
              <a href={`#${group.id}`}>
                <Icon icon={GROUP_ICONS[group.id]} size={18} />
                {group.heading} <span className="catalog-jump-count">{group.count}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
