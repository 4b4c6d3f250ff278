import { badRequest, conflict, type Logger, newId, notFound } from '@mediakit/kit';
import type { contentV1 } from '@mediakit/proto';
import { type Caller, isEditor, requireEditor } from '../caller.ts';
import { type ArticleDoc, type ArticleStatus, DEFAULT_AUTHOR } from './article.ts';
import { type ArticleInput, checkArticleInput } from './article-input.ts';
import { type ArticlePage, type ArticleRepository, SlugTakenError } from './article-repository.ts';
import type { Cover, CoverStore } from './cover-store.ts';
import { isValidSlug } from './slug.ts';

export const MAX_QUERY_LENGTH = 200;

/**
 * The blog's rules. Everyone reads published articles; editors (role editor or admin) also see
 * drafts and write. A draft is "not found" to everyone else, so its slug leaks nothing.
 */
export class ArticleService {
  readonly #articles: ArticleRepository;
  readonly #covers: CoverStore;
  readonly #log: Logger;
  readonly #now: () => Date;

  constructor(deps: { articles: ArticleRepository; covers: CoverStore; log: Logger; now?: () => Date }) {
    this.#articles = deps.articles;
    this.#covers = deps.covers;
    this.#log = deps.log;
    this.#now = deps.now ?? (() => new Date());
  }

  async list(
    caller: Caller,
    query: { q?: string; status?: string; cursor?: string; limit?: number },
  ): Promise<ArticlePage> {
    const status = statusFilter(query.status);
    if (status !== 'published') requireEditor(caller);
    const only = status === 'all' ? undefined : status;
    const q = query.q?.trim() ?? '';
    if (q.length > MAX_QUERY_LENGTH)
      throw badRequest(`q must have at most ${MAX_QUERY_LENGTH} characters.`, [
        { field: 'q', message: 'too long' },
      ]);
    if (q) return this.#articles.search({ q, status: only, cursor: query.cursor, limit: query.limit });
    if (only === 'published') return this.#articles.pagePublished(query);
    return this.#articles.pageAll({ status: only, cursor: query.cursor, limit: query.limit });
  }

  async get(caller: Caller, slug: string): Promise<ArticleDoc> {
    const doc = isValidSlug(slug) ? await this.#articles.findBySlug(slug) : null;
    if (!doc || (doc.status !== 'published' && !isEditor(caller))) throw notFound(`Article ${slug}`);
    return doc;
  }

  async create(caller: Caller, fields: contentV1.ArticleFields): Promise<ArticleDoc> {
    requireEditor(caller);
    const input = checked(fields, true);
    const slug = input.slug as string;
    // Checked before copying a cover, to spare the copy; the unique index settles races.
    if (await this.#articles.findBySlug(slug)) throw slugTaken(slug);
    const cover = input.coverFileId ? await this.#covers.adopt(caller.ownerId, input.coverFileId) : undefined;
    const now = this.#now().toISOString();
    const status = input.status ?? 'draft';
    const doc: ArticleDoc = {
      _id: newId(),
      slug,
      title: input.title as string,
      body: input.body as string,
      author: input.author || DEFAULT_AUTHOR,
      status,
      createdAt: now,
      updatedAt: now,
      keywords: input.keywords ?? [],
    };
    if (status === 'published') doc.publishedAt = now;
    if (input.excerpt) doc.excerpt = input.excerpt;
    if (input.metaTitle) doc.metaTitle = input.metaTitle;
    if (input.metaDescription) doc.metaDescription = input.metaDescription;
    if (cover) doc.cover = cover;
    try {
      await this.#articles.insert(doc);
    } catch (error) {
      await this.#release(cover);
      if (error instanceof SlugTakenError) throw slugTaken(slug);
      throw error;
    }
    this.#log.info({ slug, status, editor: caller.sub }, 'article created');
    return doc;
  }

  /** Changes the given fields only. Publishing stamps publishedAt the first time; unpublishing keeps it. */
  async update(caller: Caller, slug: string, fields: contentV1.ArticleFields): Promise<ArticleDoc> {
    requireEditor(caller);
    const doc = await this.get(caller, slug);
    const input = checked(fields, false);
    const set: Partial<ArticleDoc> = { updatedAt: this.#now().toISOString() };
    const unset: Array<keyof ArticleDoc> = ['seedHash']; // an editor's version: the seed leaves it alone
    if (input.slug !== undefined && input.slug !== doc.slug) set.slug = input.slug;
    if (input.title !== undefined) set.title = input.title;
    if (input.body !== undefined) set.body = input.body;
    if (input.author !== undefined) set.author = input.author || DEFAULT_AUTHOR;
    if (input.keywords !== undefined) set.keywords = input.keywords;
    optional(input.excerpt, 'excerpt', set, unset);
    optional(input.metaTitle, 'metaTitle', set, unset);
    optional(input.metaDescription, 'metaDescription', set, unset);
    if (input.status !== undefined) {
      set.status = input.status;
      if (input.status === 'published' && !doc.publishedAt) set.publishedAt = set.updatedAt;
    }

    let added: Cover | undefined;
    let replaced: Cover | undefined;
    if (input.coverFileId !== undefined && input.coverFileId !== doc.cover?.sourceFileId) {
      if (input.coverFileId) {
        added = await this.#covers.adopt(caller.ownerId, input.coverFileId);
        set.cover = added;
      } else unset.push('cover');
      replaced = doc.cover;
    }

    let updated: ArticleDoc | null;
    try {
      updated = await this.#articles.update(doc._id, set, unset);
    } catch (error) {
      await this.#release(added);
      if (error instanceof SlugTakenError) throw slugTaken(String(set.slug));
      throw error;
    }
    if (!updated) {
      // Deleted by another editor meanwhile.
      await this.#release(added);
      throw notFound(`Article ${slug}`);
    }
    await this.#release(replaced);
    this.#log.info({ slug: updated.slug, status: updated.status, editor: caller.sub }, 'article updated');
    return updated;
  }

  async remove(caller: Caller, slug: string): Promise<void> {
    requireEditor(caller);
    const doc = await this.get(caller, slug);
    const deleted = await this.#articles.deleteById(doc._id);
    if (!deleted) throw notFound(`Article ${slug}`);
    await this.#release(deleted.cover);
    this.#log.info({ slug, editor: caller.sub }, 'article deleted');
  }

  /** A cover copy nobody points at is only wasted space: failing to delete it must not fail the write. */
  async #release(cover: Cover | undefined): Promise<void> {
    try {
      await this.#covers.release(cover);
    } catch (error) {
      this.#log.warn({ err: error, cover }, 'could not delete an unused cover copy');
    }
  }
}

function statusFilter(status: string | undefined): ArticleStatus | 'all' {
  if (!status || status === 'published') return 'published';
  if (status === 'draft' || status === 'all') return status;
  throw badRequest('status must be one of published, draft, all.', [
    { field: 'status', message: 'unknown status' },
  ]);
}

function checked(fields: contentV1.ArticleFields | undefined, creating: boolean): ArticleInput {
  const { input, issues } = checkArticleInput(fields ?? { setKeywords: false, keywords: [] }, creating);
  if (issues.length) throw badRequest(issues.map((i) => i.message).join(' '), issues);
  return input;
}

/** '' clears a field (it is derived again when read); a value sets it. */
function optional<K extends 'excerpt' | 'metaTitle' | 'metaDescription'>(
  value: string | undefined,
  field: K,
  set: Partial<ArticleDoc>,
  unset: Array<keyof ArticleDoc>,
): void {
  if (value === undefined) return;
  if (value) set[field] = value;
  else unset.push(field);
}

const slugTaken = (slug: string) =>
  conflict(`An article with the slug ${slug} already exists: choose another slug.`);
