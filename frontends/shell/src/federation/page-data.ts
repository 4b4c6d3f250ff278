import { type QueryClient, queryOptions } from '@mediakit/web-shared/query';
import type { ApiClient } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';
import type { Job, Page, Plan, Stats, Tool } from '../api/types.ts';
import type { SessionStore } from '../session/session-store.ts';
import { pathMatches } from './remote-at.ts';

/**
 * What the dashboard's overview (`/dashboard`) reads. The page uses these, and the shell starts them
 * itself on a first visit (prefetchPageData), so both share each cache entry.
 *
 * `staleTime`: an answer a few seconds old is what a visit would fetch anyway; with 0 the page
 * asked again for what the shell's request had just brought. Changes the dashboard makes
 * invalidate these keys (cache-tags.ts) whatever their age.
 */
export function overviewQueries(api: ApiClient) {
  return {
    stats: queryOptions({
      queryKey: queryKeys.stats(),
      queryFn: () => api.get<Stats>('/stats'),
      staleTime: 5_000,
    }),
    plans: queryOptions({ queryKey: queryKeys.plans(), queryFn: () => api.get<{ plans: Plan[] }>('/plans') }),
    recent: queryOptions({
      queryKey: [...queryKeys.jobs(''), 'recent'],
      queryFn: () => api.get<Page<Job>>('/jobs', { query: { limit: 50 } }),
      staleTime: 5_000,
    }),
    tools: queryOptions({ queryKey: queryKeys.tools(), queryFn: () => api.get<{ tools: Tool[] }>('/tools') }),
  };
}

/**
 * Starts the requests of the page the visit opens on, when the shell knows them: the overview's
 * four calls then travel while the dashboard remote downloads and renders, instead of after it
 * (on a phone on slow 4G that chain was the last third of the page's largest paint). Signed-in
 * visitors only: a signed-out one is sent to the login route and must not meet a 401 first.
 * A remote deployed with other queries only makes these wasted; a failed request stays quiet
 * here and is asked again, and reported, by the page.
 */
export function prefetchPageData(
  pathname: string,
  shell: { api: ApiClient; queryClient: QueryClient; store: SessionStore },
): void {
  if (!pathMatches('/dashboard', pathname) || !shell.store.isSignedIn()) return;
  const { stats, plans, recent, tools } = overviewQueries(shell.api);
  const quietly = { meta: { silent: true } };
  void shell.queryClient.prefetchQuery({ ...stats, ...quietly });
  void shell.queryClient.prefetchQuery({ ...plans, ...quietly });
  void shell.queryClient.prefetchQuery({ ...recent, ...quietly });
  void shell.queryClient.prefetchQuery({ ...tools, ...quietly });
}
