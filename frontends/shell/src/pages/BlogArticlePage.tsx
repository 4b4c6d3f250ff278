import { isApiRequestError } from '@mediakit/web-api/errors';
import type { Article } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import { Link, useParams } from '@mediakit/web-shared/router';
import type { PageHeadReport } from '@mediakit/web-ui/contract';
import { formatDate } from '@mediakit/web-ui/format';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useMemo } from 'react';
import { usePageHead } from '../head/use-page-head.ts';
import { useShell } from '../shell-context.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export function BlogArticlePage() {
  const { slug = '' } = useParams();
  const { api } = useShell();
  const article = useQuery({
    queryKey: ['blog', 'article', slug],
    queryFn: () => api.get<Article>(`/blog/${encodeURIComponent(slug)}`),
    meta: { silent: true },
  });
  const head = useMemo((): PageHeadReport | undefined => {
    const a = article.data;
    if (!a) return undefined;
    const fields = {
      slug: a.slug,
      title: a.title,
      excerpt: a.excerpt,
      author: a.author,
      publishedAt: a.publishedAt,
      metaTitle: a.meta_title ?? '',
      metaDescription: a.meta_description ?? '',
      keywords: a.keywords ?? [],
    };
    return { kind: 'article', article: fields };
  }, [article.data]);
  usePageHead(head);
  if (isApiRequestError(article.error) && article.error.status === 404) return <NotFoundPage />;
  if (article.isError) {
    return (
      <p className="notice">
        This article is not available right now. <Link to="/blog">Back to the blog</Link>
      </p>
    );
  }
  if (!article.data) return <Skeleton label="Loading the article" lines={12} />;
  const a = article.data;
  return (
    <article className="article">
      <p>
        <Link to="/blog">← Blog</Link>
      </p>
      <h1>{a.title}</h1>
      <p className="meta">
        {a.author}
        {a.publishedAt && (
          <>
            {' · '}
            <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
          </>
        )}
      </p>
      {/* The content service sanitizes the HTML it renders from Markdown (scripts, handlers and
          unsafe links removed) before it is stored; see services/content. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the content service */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: a.html }} />
    </article>
  );
}
