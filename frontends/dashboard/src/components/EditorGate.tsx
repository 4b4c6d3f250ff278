import { isApiRequestError } from '@mediakit/web-api/errors';
import type { Me } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { type ReactNode, useEffect } from 'react';
import { keys } from '../api/cache-tags.ts';
import type { ArticleSummary, Page } from '../api/types.ts';
import { saveUserRoles } from '../api/user-info.ts';
import { canEditBlog } from '../lib/roles.ts';
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
  const forbidden = isApiRequestError(articles.error) && articles.error.status === 403;
  useRolesFollowServer(host, forbidden ? false : articles.data ? true : undefined);
  if (forbidden) return <NotAllowed />;
  if (articles.isError && !articles.data) {
    return <LoadError what="The articles" error={articles.error} onRetry={() => void articles.refetch()} />;
  }
  if (!articles.data) return <Skeleton label="Loading the articles" lines={6} />;
  return children;
}

/**
 * The roles in the userInfo cookie are those of the sign-in. When the server's answer shows they
 * are out of date (the blog opened for a user the cookie calls no editor, or the reverse), the
 * account's roles are read again and saved, so the Blog tab shows or goes without a new sign-in.
 */
function useRolesFollowServer(host: ShellHost, editor: boolean | undefined) {
  const cookieSaysEditor = canEditBlog(host.session.user?.roles);
  const { api } = host;
  useEffect(() => {
    if (editor === undefined || editor === cookieSaysEditor) return;
    let current = true;
    api.get<Me>('/auth/me').then(
      (me) => current && saveUserRoles(me.roles),
      () => {}, // The tab stays as it was; the page itself already shows the server's answer.
    );
    return () => {
      current = false;
    };
  }, [api, editor, cookieSaysEditor]);
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
