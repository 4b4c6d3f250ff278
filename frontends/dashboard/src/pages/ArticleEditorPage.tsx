import { isApiRequestError } from '@mediakit/web-api/errors';
import { useQuery } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import type { RemotePageProps, ShellHost } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useState } from 'react';
import { keys } from '../api/cache-tags.ts';
import type { Article } from '../api/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { EditorGate } from '../components/EditorGate.tsx';
import { useSearchParam } from '../components/hooks.ts';
import { LoadError } from '../components/PageStates.tsx';
import { formatDateTime } from '../lib/time.ts';
import { ArticleForm } from './article-editor/ArticleForm.tsx';
import { ArticlePreview } from './article-editor/ArticlePreview.tsx';
import { useArticleEditor } from './article-editor/use-article-editor.ts';

/** `/dashboard/blog` (new article) and `/dashboard/blog?slug=<slug>` (edit): editors only. */
export function ArticleEditorPage({ host }: RemotePageProps) {
  const [slug] = useSearchParam('slug');
  return (
    <EditorGate host={host}>
      {slug ? <ExistingArticle key={slug} host={host} slug={slug} /> : <Editor key="new" host={host} />}
    </EditorGate>
  );
}

function ExistingArticle({ host, slug }: { host: ShellHost; slug: string }) {
  const article = useQuery({
    queryKey: keys.article(slug),
    queryFn: () => host.api.get<Article>(`/blog/${encodeURIComponent(slug)}`),
    meta: { silent: true },
  });
  if (isApiRequestError(article.error) && article.error.status === 404) {
    return (
      <>
        <h1>Article not found</h1>
        <p>
          There is no article at /{slug}. <Link to="/dashboard/blogs">All articles</Link>
        </p>
      </>
    );
  }
  if (article.isError && !article.data) {
    return <LoadError what="The article" error={article.error} onRetry={() => void article.refetch()} />;
  }
  if (!article.data) return <Skeleton label="Loading the article" lines={10} />;
  return <Editor host={host} saved={article.data} />;
}

function Editor({ host, saved }: { host: ShellHost; saved?: Article }) {
  const editor = useArticleEditor(host, saved);
  const { tab, setTab, formError, remove } = editor;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const published = saved?.status === 'published';

  return (
    <>
      <p>
        <Link to="/dashboard/blogs">← All articles</Link>
      </p>
      <div className="thread-head">
        <h1>{saved ? 'Edit article' : 'New article'}</h1>
        {saved && (
          <span className={`status ${published ? 'status-succeeded' : 'status-queued'}`}>
            {published ? 'Published' : 'Draft'}
          </span>
        )}
      </div>
      {saved && (
        <p className="meta">
          Last saved {formatDateTime(saved.updatedAt)}
          {published && (
            <>
              {' · '}
              <Link to={`/blog/${encodeURIComponent(saved.slug)}`}>View on the blog</Link>
            </>
          )}
        </p>
      )}
      {formError && (
        <p className="notice error-state" role="alert">
          {formError}
        </p>
      )}

      <div className="tabs" role="tablist" aria-label="Editor">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'write'}
          className="tab"
          onClick={() => setTab('write')}
        >
          Write
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'preview'}
          className="tab"
          onClick={() => setTab('preview')}
        >
          Preview
        </button>
      </div>

      {tab === 'preview' ? (
        <ArticlePreview editor={editor} saved={saved} />
      ) : (
        <ArticleForm editor={editor} saved={saved} onDelete={() => setConfirmDelete(true)} />
      )}

      <ConfirmDialog
        open={confirmDelete}
        title="Delete this article?"
        confirmLabel="Delete article"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirmDelete(false) })}
      >
        <p>
          “{saved?.title}” is deleted for good{published ? ' and disappears from the blog' : ''}.
        </p>
      </ConfirmDialog>
    </>
  );
}
