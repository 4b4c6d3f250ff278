import type { contentV1 } from '@mediakit/proto';
import { deriveExcerpt, renderMarkdown } from './markdown.ts';

export type ArticleStatus = 'draft' | 'published';
export const ARTICLE_STATUSES: readonly ArticleStatus[] = ['draft', 'published'];

/** An article as stored in the `articles` collection. */
export interface ArticleDoc {
  _id: string;
  /** Unique; the article's address. */
  slug: string;
  title: string;
  /** Markdown, as the editor wrote it. HTML is rendered when read, so sanitizer fixes apply to old articles. */
  body: string;
  /** Given by the editor; when absent, derived from the body on every read. */
  excerpt?: string;
  author: string;
  status: ArticleStatus;
  /** Set the first time the article is published; kept through unpublish and republish. */
  publishedAt?: string;
  createdAt: string;
  updatedAt: string;
  metaTitle?: string;
  metaDescription?: string;
  keywords: string[];
  /** The article's own copy of its cover (cover-store.ts) and the upload it was copied from. */
  cover?: { fileId: string; sourceFileId: string };
  /** Set while the article is exactly what the seed wrote (the seed file's hash); an editor's write removes it. */
  seedHash?: string;
}

export const DEFAULT_AUTHOR = 'Mediakit team';

export function excerptOf(doc: ArticleDoc): string {
  return doc.excerpt || deriveExcerpt(doc.body);
}

/** The wire form. `withBody` adds the Markdown and its sanitized HTML (single-article reads). */
export function toProto(doc: ArticleDoc, withBody: boolean): contentV1.Article {
  const excerpt = excerptOf(doc);
  return {
    id: doc._id,
    slug: doc.slug,
    title: doc.title,
    excerpt,
    author: doc.author,
    status: doc.status,
    publishedAt: doc.status === 'published' ? (doc.publishedAt ?? '') : '',
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    // Pages need a title and description even when the editor left them out.
    metaTitle: doc.metaTitle || doc.title,
    metaDescription: doc.metaDescription || excerpt,
    keywords: [...doc.keywords],
    coverFileId: doc.cover?.fileId ?? '',
    body: withBody ? doc.body : '',
    html: withBody ? renderMarkdown(doc.body) : '',
  };
}
