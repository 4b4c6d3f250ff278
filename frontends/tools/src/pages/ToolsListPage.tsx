import { useLocation, useSearchParams } from '@mediakit/web-shared/router';
import { CatalogGroupList, CatalogJumpNav } from '@mediakit/web-ui/CatalogGroups';
import type { RemotePageProps } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useEffect } from 'react';
import { matchesQuery, useCatalog } from '../catalog-query.ts';

/**
 * `/tools#video-tools` (the home page's "All 18 video tools") opens at that group once the list is
 * there. A frame later than the render, so it comes after the layout's scroll to the top of a new
 * page; focus goes to the group's heading, where a screen reader continues.
 */
function useScrollToGroup(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const frame = requestAnimationFrame(() => {
      const section = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!section) return;
      section.scrollIntoView({ block: 'start' });
      section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, hash]);
}

/** `/tools`: every tool and converter, grouped, filtered live by `?q=`. */
export function ToolsListPage({ host }: RemotePageProps) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const catalog = useCatalog(host);
  useScrollToGroup(Boolean(catalog.data));
  const setQuery = (value: string) => setParams(value ? { q: value } : {}, { replace: true });
  const matching = catalog.data?.tools.filter((tool) => matchesQuery(tool, q)) ?? [];
  return (
    <>
      <h1>All tools</h1>
      <p className="lead">Free, without a watermark, and your files are deleted after processing.</p>
      <search className="search">
        <label htmlFor="tools-filter" className="visually-hidden">
          Filter the tools
        </label>
        <input
          id="tools-filter"
          type="search"
          value={q}
          placeholder="Filter, e.g. “heic” or “trim”"
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby="tools-count"
        />
      </search>
      {!catalog.data ? (
        <Skeleton label="Loading the tools" lines={10} />
      ) : (
        <>
          <p id="tools-count" className="meta" aria-live="polite">
            {q
              ? `${matching.length} of ${catalog.data.tools.length} tools match “${q}”.`
              : `${matching.length} tools.`}
          </p>
          {matching.length === 0 && <p className="notice">No tool matches “{q}”. Try another word.</p>}
          <CatalogJumpNav tools={matching} />
          <CatalogGroupList tools={matching} idPrefix="tools" headingLevel={2} anchored />
        </>
      )}
    </>
  );
}
