import type { contentV1 } from '@mediakit/proto';
import { ARTICLE_STATUSES, type ArticleStatus } from './article.ts';
import { slugify, slugProblem } from './slug.ts';

export const LIMITS = {
  title: 200,
  body: 200_000,
  excerpt: 500,
  author: 100,
  metaTitle: 120,
  metaDescription: 300,
  keywords: 20,
  keyword: 60,
} as const;

/** The checked, trimmed fields of a write; absent ones were not given. */
export interface ArticleInput {
  slug?: string;
  title?: string;
  body?: string;
  excerpt?: string;
  author?: string;
  /** '' removes the cover. */
  coverFileId?: string;
  status?: ArticleStatus;
  metaTitle?: string;
  metaDescription?: string;
  keywords?: string[];
}

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Checks an editor's fields, every problem at once (one `{ field, message }` each), so a form can
 * mark them all. `creating` requires title and body and fills the slug from the title when absent.
 * Field names are the API's (meta_title, coverFileId), since that is what the editor sent.
 */
export function checkArticleInput(
  fields: contentV1.ArticleFields,
  creating: boolean,
): { input: ArticleInput; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const input: ArticleInput = {};
  const text = (
    value: string | undefined,
    field: string,
    max: number,
    options: { required?: boolean; allowEmpty?: boolean } = {},
  ): string | undefined => {
    if (value === undefined) {
      if (options.required) issues.push({ field, message: `${field} is required.` });
      return undefined;
    }
    const trimmed = value.trim();
    if (!trimmed && !options.allowEmpty) issues.push({ field, message: `${field} must not be empty.` });
    else if (trimmed.length > max)
      issues.push({
        field,
        message: `${field} must have at most ${max} characters (it has ${trimmed.length}).`,
      });
    return trimmed;
  };

  input.title = text(fields.title, 'title', LIMITS.title, { required: creating });
  input.body = text(fields.body, 'body', LIMITS.body, { required: creating });
  // Empty means "derive it again" for these: the excerpt from the body, meta fields from title/excerpt.
  input.excerpt = text(fields.excerpt, 'excerpt', LIMITS.excerpt, { allowEmpty: true });
  input.metaTitle = text(fields.metaTitle, 'meta_title', LIMITS.metaTitle, { allowEmpty: true });
  input.metaDescription = text(fields.metaDescription, 'meta_description', LIMITS.metaDescription, {
    allowEmpty: true,
  });
  input.author = text(fields.author, 'author', LIMITS.author, { allowEmpty: true });
  if (fields.coverFileId !== undefined) input.coverFileId = fields.coverFileId.trim();

  if (fields.slug !== undefined) input.slug = fields.slug.trim();
  else if (creating && input.title) input.slug = slugify(input.title);
  if (input.slug !== undefined) {
    const problem = slugProblem(input.slug);
    if (problem)
      issues.push({
        field: 'slug',
        message:
          fields.slug === undefined
            ? `slug could not be made from the title (${problem}) Give one.`
            : problem,
      });
  }

  if (fields.status !== undefined) {
    if ((ARTICLE_STATUSES as readonly string[]).includes(fields.status))
      input.status = fields.status as ArticleStatus;
    else issues.push({ field: 'status', message: `status must be one of ${ARTICLE_STATUSES.join(', ')}.` });
  }

  if (fields.setKeywords) {
    const keywords = [...new Set(fields.keywords.map((k) => k.trim()).filter(Boolean))];
    if (keywords.length > LIMITS.keywords)
      issues.push({ field: 'keywords', message: `keywords may list at most ${LIMITS.keywords} words.` });
    const long = keywords.find((k) => k.length > LIMITS.keyword);
    if (long)
      issues.push({
        field: 'keywords',
        message: `each keyword must have at most ${LIMITS.keyword} characters ("${long.slice(0, 20)}…" is longer).`,
      });
    input.keywords = keywords;
  }
  return { input, issues };
}
