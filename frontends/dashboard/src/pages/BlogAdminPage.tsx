import { Link } from '@mediakit/web-shared/router';
import type { RemotePageProps } from '@mediakit/web-ui/contract';
import type { ArticleSummary } from '../api/types.ts';
import { EditorGate, useAdminArticles } from '../components/EditorGate.tsx';
import { useSearchParam } from '../components/hooks.ts';
import { EmptyState } from '../components/PageStates.tsx';
import { formatDateTime } from '../lib/time.ts';

/** `/dashboard/blogs`: every article, drafts included, for editors; others see "Not allowed". */
export function BlogAdminPage({ host }: RemotePageProps) {
  return (
    <EditorGate host={host}>
      <ArticleList host={host} />
    </EditorGate>
  );
}

function ArticleList({ host }: RemotePageProps) {
  const articles = useAdminArticles(host);
  const [status, setStatus] = useSearchParam('status');
  const filter = status === 'draft' || status === 'published' ? status : '';
  const items = (articles.data?.items ?? []).filter((a) => !filter || a.status === filter);
  return (
    <>
      <div className="thread-head">
        <h1>Blog articles</h1>
        <Link className="button primary" to="/dashboard/blog">
          New article
        </Link>
      </div>
      <div className="toolbar">
        <label htmlFor="article-filter">Show</label>
        <select id="article-filter" value={filter} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All articles</option>
          <option value="draft">Drafts</option>
          <option value="published">Published</option>
        </select>
      </div>
      {items.length === 0 ? (
        <EmptyState
          title={filter === 'draft' ? 'No drafts.' : filter ? 'Nothing published yet.' : 'No articles yet.'}
        >
          <p>
            <Link to="/dashboard/blog">Write the first one</Link>.
          </p>
        </EmptyState>
      ) : (
        <ul className="row-list" aria-label="Articles">
          {items.map((a: ArticleSummary) => (
            <li key={a.slug} className="row">
              <span className="row-main">
                <Link to={`/dashboard/blog?slug=${encodeURIComponent(a.slug)}`}>{a.title}</Link>
                <span className="meta">
                  {' '}
                  · /{a.slug} ·{' '}
                  {a.status === 'published'
                    ? `published ${formatDateTime(a.publishedAt ?? '')}`
                    : `edited ${formatDateTime(a.updatedAt)}`}
                </span>
              </span>
              <span className={`status ${a.status === 'published' ? 'status-succeeded' : 'status-queued'}`}>
                {a.status === 'published' ? 'Published' : 'Draft'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {articles.data?.nextCursor && <p className="meta">Showing the 100 newest articles.</p>}
    </>
  );
}
