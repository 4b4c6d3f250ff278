import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { isApiRequestError } from '../../../shell/src/api/errors.ts';
import type { Tool } from '../../../shell/src/api/types.ts';
import type { RemotePageProps } from '../../../shell/src/federation/contract.ts';
import { NOT_FOUND_TEXT, PAGE_META, withBrand } from '../../../shell/src/pages/page-meta.ts';
import { Skeleton } from '../../../shell/src/ui/Skeleton.tsx';
import { useCatalog } from '../catalog-query.ts';
import { copyFor } from '../copy/index.ts';
import '../tools.css';
import { ToolCopySections } from './ToolCopySections.tsx';
import { ToolWorkspace } from './ToolWorkspace.tsx';

/** `/tool/:name` and `/converter/:name`: the entry's workspace (upload to download) and its copy. */
export function ToolPage({ host, kind }: RemotePageProps & { kind: 'tool' | 'converter' }) {
  const { name = '' } = useParams();
  const tool = useQuery({
    queryKey: ['tools', name],
    queryFn: () => host.api.get<Tool>(`/tools/${encodeURIComponent(name)}`),
    meta: { silent: true },
  });
  const catalog = useCatalog(host);
  const missing =
    (isApiRequestError(tool.error) && tool.error.status === 404) || (tool.data && tool.data.kind !== kind);
  useEffect(() => {
    if (missing) document.title = PAGE_META['/404'].title;
    else if (tool.data) document.title = withBrand(tool.data.title);
  }, [missing, tool.data]);

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
  if (!tool.data) return <Skeleton label="Loading the tool" lines={8} />;
  const t = tool.data;
  const copy = copyFor(t.name);
  return (
    <article className="tool-page">
      <p className="back-link">
        <Link to="/tools">← All tools</Link>
      </p>
      <h1>{t.title}</h1>
      <p className="lead">{copy?.intro ?? t.description}</p>
      <p className="badges">
        <span className="badge">Free</span> <span className="badge">No watermark</span>{' '}
        <span className="badge">No sign-up</span>
      </p>
      {/* Keyed by name: moving to another tool (use in another tool) starts a fresh workspace. */}
      <ToolWorkspace key={t.name} host={host} tool={t} tools={catalog.data?.tools ?? []} />
      <ToolCopySections tool={t} copy={copy} />
    </article>
  );
}
