import { useQuery } from '@mediakit/web-shared/query';
import type { Tool } from '@mediakit/web-shell/api/types.ts';
import type { RemotePageProps } from '@mediakit/web-shell/federation/contract.ts';
import { CatalogGroupList } from '@mediakit/web-shell/ui/CatalogGroups.tsx';
import { Skeleton } from '@mediakit/web-shell/ui/Skeleton.tsx';
import { keys } from '../api/cache-tags.ts';
import { LoadError } from '../components/PageStates.tsx';

/** `/dashboard/tools`: the catalog, grouped by the shell's own list, inside the dashboard layout. */
export function DashboardToolsPage({ host }: RemotePageProps) {
  const tools = useQuery({
    queryKey: keys.tools(),
    queryFn: () => host.api.get<{ tools: Tool[] }>('/tools'),
  });
  return (
    <>
      <h1>Tools</h1>
      <p className="lead">Every tool and converter. What you make shows up under Jobs and Uploaded files.</p>
      {tools.isError && !tools.data ? (
        <LoadError what="The tools" error={tools.error} onRetry={() => void tools.refetch()} />
      ) : !tools.data ? (
        <Skeleton label="Loading the tools" lines={8} />
      ) : (
        <CatalogGroupList tools={tools.data.tools} idPrefix="dashboard" headingLevel={2} />
      )}
    </>
  );
}
