import { describeError, isApiRequestError } from '@mediakit/web-api/errors';
import { useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import { Link, useNavigate } from '@mediakit/web-shared/router';
import type { RemotePageProps, ShellHost } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { type ReactNode, useId, useState } from 'react';
import { invalidate, keys } from '../api/cache-tags.ts';
import type { Article } from '../api/types.ts';
import { uploadFiles } from '../api/upload-files.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { EditorGate } from '../components/EditorGate.tsx';
import { useSearchParam } from '../components/hooks.ts';
import { LoadError } from '../components/PageStates.tsx';
import { type ArticleDraft, articleBody, draftOf, EMPTY_DRAFT, isDirty } from '../lib/article-form.ts';
import { fieldErrors } from '../lib/plan-change.ts';
import { formatDateTime } from '../lib/time.ts';

const COVER_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

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
  const { api } = host;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const [draft, setDraft] = useState<ArticleDraft>(() => (saved ? draftOf(saved) : EMPTY_DRAFT));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dirty = saved ? isDirty(draft, draftOf(saved)) : isDirty(draft, EMPTY_DRAFT);

  const save = useMutation({
    mutationFn: ({ status }: { status?: 'draft' | 'published'; preview?: boolean }) =>
      saved
        ? api.put<Article>(`/blog/${encodeURIComponent(saved.slug)}`, articleBody(draft, 'update', status))
        : api.post<Article>('/blog', articleBody(draft, 'create', status ?? 'draft')),
    meta: { silent: true },
    onSuccess: async (article, { status, preview }) => {
      setErrors({});
      setFormError(undefined);
      setDraft(draftOf(article));
      queryClient.setQueryData(keys.article(article.slug), article);
      host.notify.success(
        status === 'published' && saved?.status !== 'published'
          ? 'Published: the article is on the blog now.'
          : status === 'draft' && saved?.status === 'published'
            ? 'Unpublished: the article is a draft again.'
            : 'Saved.',
      );
      if (preview) setTab('preview');
      if (!saved || article.slug !== saved.slug)
        navigate(`/dashboard/blog?slug=${encodeURIComponent(article.slug)}`, { replace: true });
      await invalidate(queryClient, 'articleChanged');
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.authFailed) return;
      if (isApiRequestError(error) && [400, 409, 415, 404].includes(error.status)) {
        const fields = fieldErrors(error.details);
        if (error.status === 409 && !fields.slug) fields.slug = error.message;
        if (error.status === 415 || (error.status === 404 && draft.coverFileId)) fields.cover = error.message;
        setErrors(fields);
        setFormError(Object.keys(fields).length ? 'Please fix the fields marked below.' : error.message);
        setTab('write');
      } else {
        setFormError(describeError(error).message);
        host.showError(error);
      }
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`/blog/${encodeURIComponent(saved?.slug ?? '')}`),
    onSuccess: async () => {
      host.notify.success('The article was deleted.');
      queryClient.removeQueries({ queryKey: keys.article(saved?.slug ?? '') });
      await invalidate(queryClient, 'articleChanged');
      navigate('/dashboard/blogs');
    },
  });
  const [uploading, setUploading] = useState(false);
  const uploadCover = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const [stored] = await uploadFiles(host, [file]);
      setDraft((d) => ({ ...d, coverFileId: stored.id }));
      setErrors(({ cover: _c, ...rest }) => rest);
    } catch (error) {
      setErrors((e) => ({ ...e, cover: describeError(error).message }));
    } finally {
      setUploading(false);
    }
  };

  const set = (field: keyof ArticleDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const field = (
    name: keyof ArticleDraft,
    label: ReactNode,
    control: (a: Record<string, unknown>) => ReactNode,
    hint?: string,
  ) => {
    const fid = `${id}-${name}`;
    const error = errors[name];
    const describedBy = [hint ? `${fid}-hint` : '', error ? `${fid}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="field">
        <label htmlFor={fid}>{label}</label>
        {control({
          id: fid,
          value: draft[name] ?? '',
          onChange: set(name),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
        {hint && (
          <p id={`${fid}-hint`} className="hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${fid}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };
  const published = saved?.status === 'published';
  const busy = save.isPending || remove.isPending || uploading;

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
        <section className="panel preview" aria-label="Preview">
          {!saved ? (
            <p>Save the article once to see it as readers will.</p>
          ) : (
            <>
              {dirty && (
                <div className="notice">
                  <p>This is the last saved version; your newest changes are not in it yet.</p>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => save.mutate({ preview: true })}
                  >
                    Save and preview
                  </button>
                </div>
              )}
              <article className="article">
                <h1>{saved.title}</h1>
                <p className="meta">{saved.author}</p>
                {/* The content service renders the Markdown (raw HTML off) and sanitizes it with its
                    allowlist, exactly as the public blog page shows it. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the content service */}
                <div className="prose" dangerouslySetInnerHTML={{ __html: saved.html }} />
              </article>
            </>
          )}
        </section>
      ) : (
        <form
          className="form editor"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({});
          }}
        >
          {field('title', 'Title', (a) => (
            <input {...a} maxLength={200} required />
          ))}
          {field(
            'slug',
            <>
              Address <span className="optional">(optional)</span>
            </>,
            (a) => (
              <input {...a} maxLength={80} placeholder="made from the title" />
            ),
            'Lowercase words joined by hyphens, e.g. heic-vs-jpeg. The article lives at /blog/<address>.',
          )}
          {field(
            'author',
            <>
              Author <span className="optional">(optional)</span>
            </>,
            (a) => (
              <input {...a} maxLength={200} />
            ),
          )}
          {field(
            'body',
            'Text (Markdown)',
            (a) => (
              <textarea {...a} rows={16} className="markdown" spellCheck />
            ),
            'Markdown: # heading, **bold**, [link](https://…), - lists. HTML is shown as text.',
          )}
          {field(
            'excerpt',
            <>
              Excerpt <span className="optional">(optional)</span>
            </>,
            (a) => (
              <textarea {...a} rows={2} maxLength={2000} />
            ),
            'Shown in the blog list. Empty: the first paragraph.',
          )}
          <div className="field">
            <label htmlFor={`${id}-cover`}>
              Cover image <span className="optional">(optional)</span>
            </label>
            <input
              id={`${id}-cover`}
              type="file"
              accept={COVER_TYPES}
              disabled={uploading}
              aria-describedby={errors.cover ? `${id}-cover-error` : `${id}-cover-hint`}
              onChange={(e) => void uploadCover(e.target.files?.[0])}
            />
            <p id={`${id}-cover-hint`} className="hint">
              {uploading
                ? 'Uploading…'
                : draft.coverFileId
                  ? 'New cover ready: it is used when you save.'
                  : draft.coverFileId === null
                    ? 'The cover is removed when you save.'
                    : saved?.coverUrl
                      ? 'This article has a cover.'
                      : 'JPEG, PNG, WebP, AVIF or GIF.'}
            </p>
            {saved?.coverUrl && draft.coverFileId === undefined && (
              <button
                type="button"
                className="link-button"
                onClick={() => setDraft((d) => ({ ...d, coverFileId: null }))}
              >
                Remove the cover
              </button>
            )}
            {errors.cover && (
              <p id={`${id}-cover-error`} className="field-error">
                {errors.cover}
              </p>
            )}
          </div>
          <fieldset className="meta-fields">
            <legend>Search engines</legend>
            {field(
              'meta_title',
              <>
                Meta title <span className="optional">(optional)</span>
              </>,
              (a) => (
                <input {...a} maxLength={200} />
              ),
              'Empty: the title.',
            )}
            {field(
              'meta_description',
              <>
                Meta description <span className="optional">(optional)</span>
              </>,
              (a) => (
                <textarea {...a} rows={2} maxLength={2000} />
              ),
              'Empty: the excerpt.',
            )}
            {field(
              'keywords',
              <>
                Keywords <span className="optional">(optional)</span>
              </>,
              (a) => (
                <input {...a} />
              ),
              'Separated by commas.',
            )}
          </fieldset>
          <div className="button-row sticky-actions">
            <button type="submit" className="button" disabled={busy}>
              {save.isPending && !save.variables?.status ? 'Saving…' : published ? 'Save' : 'Save draft'}
            </button>
            {published ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => save.mutate({ status: 'draft' })}
              >
                Unpublish
              </button>
            ) : (
              <button
                type="button"
                className="button primary"
                disabled={busy}
                onClick={() => save.mutate({ status: 'published' })}
              >
                Publish
              </button>
            )}
            {saved && (
              <button
                type="button"
                className="button ghost danger-text"
                disabled={busy}
                onClick={() => setConfirmDelete(true)}
              >
                Delete
              </button>
            )}
          </div>
        </form>
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
