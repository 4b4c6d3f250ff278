import type { Tool } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import { CatalogGroupList } from '@mediakit/web-ui/CatalogGroups';
import type { RemotePageProps } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
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
