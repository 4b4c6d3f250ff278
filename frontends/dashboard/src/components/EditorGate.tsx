import { useQuery } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import type { ReactNode } from 'react';
import { isApiRequestError } from '../../../shell/src/api/errors.ts';
import type { ShellHost } from '../../../shell/src/federation/contract.ts';
import { Skeleton } from '../../../shell/src/ui/Skeleton.tsx';
import { keys } from '../api/cache-tags.ts';
import type { ArticleSummary, Page } from '../api/types.ts';
import { LoadError } from './PageStates.tsx';

/** Every article, drafts included: only editors may list them, so this query is also the role check. */
export function useAdminArticles(host: ShellHost) {
  return useQuery({
    queryKey: keys.blogAdmin('all'),
    queryFn: () => host.api.get<Page<ArticleSummary>>('/blog', { query: { status: 'all', limit: 100 } }),
    staleTime: 0,
    // A 403 is an answer here (not an editor), not an error for the dialog.
    meta: { silent: true },
  });
}

/**
 * Renders the blog admin only for editors. The server decides (403 for others), not the roles in
 * the userInfo cookie, which can be older than a role just given: the shell's client renews the
 * token once on a 403, so a new editor gets in without signing in again.
 */
export function EditorGate({ host, children }: { host: ShellHost; children: ReactNode }) {
  const articles = useAdminArticles(host);
  if (isApiRequestError(articles.error) && articles.error.status === 403) return <NotAllowed />;
  if (articles.isError && !articles.data) {
    return <LoadError what="The articles" error={articles.error} onRetry={() => void articles.refetch()} />;
  }
  if (!articles.data) return <Skeleton label="Loading the articles" lines={6} />;
  return children;
}

export function NotAllowed() {
  return (
    <section className="panel not-allowed" aria-labelledby="not-allowed-title">
      <h1 id="not-allowed-title">Not allowed</h1>
      <p>Only editors can write and publish blog articles, and your account is not an editor.</p>
      <p>
        An administrator can make you one; you can read every published article on the{' '}
        <Link to="/blog">blog</Link>.
      </p>
    </section>
  );
}
