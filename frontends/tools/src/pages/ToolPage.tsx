import { NOT_FOUND_TEXT } from '@mediakit/page-meta/brand';
import { isApiRequestError } from '@mediakit/web-api/errors';
import type { Tool } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import { Link, useParams } from '@mediakit/web-shared/router';
import type { RemotePageProps } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useEffect } from 'react';
import { useCatalog } from '../catalog-query.ts';
import { loadToolCopy } from '../copy/index.ts';
import { useToolCopy } from '../copy/use-tool-copy.ts';
import { lazyComponent } from '../lazy-component.tsx';

// One placeholder until the tool's data, its copy and the page's code are all here: the page then
// shows whole, and nothing moves.
const LOADING = <Skeleton label="Loading the tool" lines={8} />;

// The page itself (workspace, editors' registry, copy sections) is a chunk of its own, which the
// list page never needs; ToolPage fetches it on mount, alongside the tool's data and copy.
const ToolArticle = lazyComponent(
  () => import('./ToolArticle.tsx').then((module) => module.ToolArticle),
  LOADING,
);

/**
 * Starts fetching a tool page's code and copy before React gets to ToolPage: the routes module
 * calls this as it runs, when the page it is loaded for is a tool's (on a phone, the render in
 * between is a few hundred milliseconds the downloads no longer wait for).
 */
export function preloadToolPage(name: string): void {
  ToolArticle.preload();
  loadToolCopy(name).catch(() => {}); // a failure is the copy query's to handle, which asks again
}

/** `/tool/:name` and `/converter/:name`: the entry's workspace (upload to download) and its copy. */
export function ToolPage({ host, kind }: RemotePageProps & { kind: 'tool' | 'converter' }) {
  const { name = '' } = useParams();
  const tool = useQuery({
    queryKey: ['tools', name],
    queryFn: () => host.api.get<Tool>(`/tools/${encodeURIComponent(name)}`),
    meta: { silent: true },
  });
  const catalog = useCatalog(host);
  const copy = useToolCopy(name);
  useEffect(() => ToolArticle.preload(), []);
  const missing =
    (isApiRequestError(tool.error) && tool.error.status === 404) || (tool.data && tool.data.kind !== kind);
  // The shell writes the head the server gives this page (catalog title, description, JSON-LD).
  useEffect(() => {
    if (missing) host.pageHead({ kind: 'not-found' });
    else if (tool.data) host.pageHead({ kind: 'tool', tool: tool.data });
  }, [host, missing, tool.data]);

  if (missing) {
    return (
      <section className="panel not-found" aria-labelledby="tool-missing">
        <h1 id="tool-missing">{NOT_FOUND_TEXT.title}</h1>
        <p>{NOT_FOUND_TEXT.message}</p>
        <p>
          <Link to="/" className="button primary">
            {NOT_FOUND_TEXT.link}
          </Link>
        </p>
      </section>
    );
  }
  if (tool.isError) {
    return (
      <p className="notice" role="alert">
        {tool.error.message}{' '}
        <button type="button" className="button" onClick={() => void tool.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!tool.data || copy.isPending) return LOADING;
  return <ToolArticle host={host} tool={tool.data} tools={catalog.data?.tools ?? []} copy={copy.data} />;
}
