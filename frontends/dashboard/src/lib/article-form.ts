import type { Article } from '../api/types.ts';

/** The editor's fields as typed (keywords as one comma-separated line). */
export interface ArticleDraft {
  title: string;
  slug: string;
  author: string;
  excerpt: string;
  body: string;
  meta_title: string;
  meta_description: string;
  keywords: string;
  /** undefined: leave the cover as it is; null: remove it; a file id: the new cover. */
  coverFileId?: string | null;
}

export const EMPTY_DRAFT: ArticleDraft = {
  title: '',
  slug: '',
  author: '',
  excerpt: '',
  body: '',
  meta_title: '',
  meta_description: '',
  keywords: '',
};

export function draftOf(article: Article): ArticleDraft {
  return {
    title: article.title,
    slug: article.slug,
    author: article.author,
    excerpt: article.excerpt,
    body: article.body,
    meta_title: article.meta_title,
    meta_description: article.meta_description,
    keywords: article.keywords.join(', '),
  };
}

export const parseKeywords = (line: string) => [
  ...new Set(
    line
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  ),
];

/**
 * The body of `POST /blog` or `PUT /blog/{slug}`. On create, empty optional fields are left out
 * (the server derives slug, excerpt and meta from the title and body). On update every text field
 * that can be cleared is sent, and `""` clears it so the server derives it again; slug and author
 * are only sent when given.
 */
export function articleBody(draft: ArticleDraft, mode: 'create' | 'update', status?: 'draft' | 'published') {
  const body: Record<string, unknown> = {
    title: draft.title.trim(),
    body: draft.body,
    keywords: parseKeywords(draft.keywords),
  };
  // Sent as "" on update to clear them (the server derives them again from title and body).
  const clearable = new Set(['excerpt', 'meta_title', 'meta_description']);
  for (const field of ['slug', 'author', 'excerpt', 'meta_title', 'meta_description'] as const) {
    const value = draft[field].trim();
    if (value !== '' || (mode === 'update' && clearable.has(field))) body[field] = value;
  }
  if (draft.coverFileId !== undefined) body.coverFileId = draft.coverFileId;
  if (status) body.status = status;
  return body;
}

/** True when the draft differs from what is saved. */
export const isDirty = (draft: ArticleDraft, saved: ArticleDraft) =>
  draft.coverFileId !== undefined ||
  (Object.keys(EMPTY_DRAFT) as (keyof ArticleDraft)[]).some((k) =>
    k === 'keywords'
      ? parseKeywords(draft.keywords).join(',') !== parseKeywords(saved.keywords).join(',')
      : draft[k] !== saved[k],
  );
