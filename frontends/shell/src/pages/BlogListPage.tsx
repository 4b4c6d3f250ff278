import { isApiRequestError } from '@mediakit/web-api/errors';
import type { ArticleSummary, Page } from '@mediakit/web-api/types';
import { useInfiniteQuery } from '@mediakit/web-shared/query';
import { Link, useSearchParams } from '@mediakit/web-shared/router';
import { formatDate } from '@mediakit/web-ui/format';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useShell } from '../shell-context.tsx';
import { SearchForm } from '../ui/SearchForm.tsx';

export function BlogListPage() {
  const { api } = useShell();
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const articles = useInfiniteQuery({
    queryKey: ['blog', q],
    queryFn: ({ pageParam }) => api.get<Page<ArticleSummary>>('/blog', { query: { q, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { silent: true },
  });
  const items = articles.data?.pages.flatMap((page) => page.items) ?? [];
  const unavailable = isApiRequestError(articles.error) && [404, 501, 503].includes(articles.error.status);
  return (
    <>
      <h1>Blog</h1>
      <SearchForm action="/blog" label="Search the blog" placeholder="Search articles" defaultValue={q} />
      {articles.isError ? (
        <p className="notice">
          {unavailable
            ? 'The blog is not available right now. Please come back later.'
            : articles.error.message}
        </p>
      ) : articles.isPending ? (
        <Skeleton label="Loading the articles" lines={6} />
      ) : items.length === 0 ? (
        <p className="notice">{q ? `No article matches “${q}”.` : 'No articles yet.'}</p>
      ) : (
        <>
          <ul className="article-list">
            {items.map((article) => (
              <li key={article.slug}>
                <article>
                  <h2>
                    <Link to={`/blog/${article.slug}`}>{article.title}</Link>
                  </h2>
                  <p className="meta">
                    {article.author}
                    {article.publishedAt && (
                      <>
                        {' · '}
                        <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
                      </>
                    )}
                  </p>
                  <p>{article.excerpt}</p>
                </article>
              </li>
            ))}
          </ul>
          {articles.hasNextPage && (
            <button
              type="button"
              className="button"
              onClick={() => void articles.fetchNextPage()}
              disabled={articles.isFetchingNextPage}
            >
              {articles.isFetchingNextPage ? 'Loading…' : 'More articles'}
            </button>
          )}
        </>
      )}
    </>
  );
}
