import { describeError, isApiRequestError } from '@mediakit/web-api/errors';
import { useMutation, useQueryClient } from '@mediakit/web-shared/query';
import { useNavigate } from '@mediakit/web-shared/router';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { useState } from 'react';
import { invalidate, keys } from '../../api/cache-tags.ts';
import type { Article } from '../../api/types.ts';
import { uploadFiles } from '../../api/upload-files.ts';
import { type ArticleDraft, articleBody, draftOf, EMPTY_DRAFT, isDirty } from '../../lib/article-form.ts';
import { fieldErrors } from '../../lib/plan-change.ts';

export type EditorTab = 'write' | 'preview';

/**
 * The editor's state and its calls to the content service: the draft, its field errors, saving
 * (create, update, publish, unpublish), deleting and the cover upload. `saved` is the article as
 * last saved; none for a new one.
 */
export function useArticleEditor(host: ShellHost, saved: Article | undefined) {
  const { api } = host;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ArticleDraft>(() => (saved ? draftOf(saved) : EMPTY_DRAFT));
  const [tab, setTab] = useState<EditorTab>('write');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
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

  return {
    draft,
    setDraft,
    tab,
    setTab,
    errors,
    formError,
    dirty,
    save,
    remove,
    uploading,
    uploadCover,
    busy: save.isPending || remove.isPending || uploading,
  };
}

export type ArticleEditor = ReturnType<typeof useArticleEditor>;
