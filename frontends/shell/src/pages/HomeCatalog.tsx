import { toolPath } from '@mediakit/page-meta/page-meta';
import type { Tool } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import { GROUP_ICONS, iconFor } from '@mediakit/web-ui/catalog-icons';
import { Icon, IconTile } from '@mediakit/web-ui/Icon';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';
import { useShell } from '../shell-context.tsx';
import { converterLabel, type HomeGroup, homeGroups, shortTitle } from './home-catalog.ts';

/** A tool as a row: its icon and its short name. */
function ToolRow({ tool }: { tool: Tool }) {
  const icon = iconFor(tool);
  return (
    <li>
      <Link className="home-tool" to={toolPath(tool)}>
        <IconTile icon={icon} />
        <span>{shortTitle(tool)}</span>
      </Link>
    </li>
  );
}

/** A converter as a chip, "MOV → MP4", read out as "MOV to MP4". */
function ConverterChip({ tool }: { tool: Tool }) {
  const { from, to } = converterLabel(tool);
  return (
    <li>
      <Link className="home-chip" to={toolPath(tool)}>
        {from}
        {to && (
          <>
            <Icon icon={ArrowRight} size={16} className="home-chip-arrow" />
            <span className="visually-hidden"> to </span>
            {to}
          </>
        )}
      </Link>
    </li>
  );
}

function GroupSection({ group }: { group: HomeGroup }) {
  const headingId = `home-${group.id}`;
  return (
    <section className="home-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-group-title">
        <IconTile icon={GROUP_ICONS[group.id]} size={22} strong />
        {group.heading}
      </h2>
      <ul className={group.compact ? 'home-chips' : 'home-tools'}>
        {group.shown.map((tool) =>
          group.compact ? (
            <ConverterChip key={tool.name} tool={tool} />
          ) : (
            <ToolRow key={tool.name} tool={tool} />
          ),
        )}
      </ul>
      <Link className="home-group-more" to={group.href}>
        All {group.total} {group.heading.toLowerCase()}
        <Icon icon={ArrowRight} size={18} />
      </Link>
    </section>
  );
}

/** The catalog on the home page: each group's most useful entries, and the way to all of them. */
export function HomeCatalog() {
  const { api } = useShell();
  // The same query key as /tools, so the tools page opens with the catalog already here.
  const tools = useQuery({ queryKey: ['tools'], queryFn: () => api.get<{ tools: Tool[] }>('/tools') });
  if (!tools.data) return <Skeleton label="Loading the tools" lines={12} />;
  return (
    <div className="home-groups">
      {homeGroups(tools.data.tools).map((group) => (
        <GroupSection key={group.id} group={group} />
      ))}
    </div>
  );
}
