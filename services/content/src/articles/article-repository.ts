import {
  badRequest,
  type Collection,
  clampLimit,
  DuplicateKeyError,
  type Filter,
  pageQuery,
  toPage,
} from '@mediakit/kit';
import type { ArticleDoc, ArticleStatus } from './article.ts';

export class SlugTakenError extends Error {
  constructor(slug: string) {
    super(`slug ${slug} is taken`);
    this.name = 'SlugTakenError';
  }
}

export interface ArticlePage {
  items: ArticleDoc[];
  nextCursor: string | null;
}

/** What the seed has written for one slug (seed.ts): lets it tell "never seeded" from "deleted since". */
export interface SeedStateDoc {
  _id: string;
  hash: string;
  appliedAt: string;
}

/**
 * The `articles` collection in MongoDB's query language, so the same code runs on MongoDB and the
 * embedded store. Three orders: published articles newest first (the blog), every article by
 * creation (editors), and search results by score.
 *
 * Search is the store's own (`Collection.search`): MongoDB's $text and text score in production, the
 * embedded store's portable equivalent otherwise, both under the document store's contract suite.
 * Hits are paged by (score, publishedAt, id). Fine for a blog of hundreds or a few thousand articles.
 */
export class ArticleRepository {
  readonly #articles: Collection<ArticleDoc>;
  readonly #seedState: Collection<SeedStateDoc>;

  constructor(options: { articles: Collection<ArticleDoc>; seedState: Collection<SeedStateDoc> }) {
    this.#articles = options.articles;
    this.#seedState = options.seedState;
  }

  async ensureIndexes(): Promise<void> {
    await this.#articles.createIndex({ slug: 1 }, { unique: true });
    await this.#articles.createIndex({ status: 1, publishedAt: -1, _id: -1 }); // the blog, newest first
    await this.#articles.createIndex({ createdAt: -1, _id: -1 }); // the editors' list
    await this.#articles.createIndex({ status: 1, createdAt: -1, _id: -1 }); // the editors' list of one status
    // A title word outweighs keywords, which outweigh the body.
    await this.#articles.createTextIndex({ title: 10, keywords: 4, body: 1 });
  }

  async insert(doc: ArticleDoc): Promise<void> {
    try {
      await this.#articles.insertOne(doc);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new SlugTakenError(doc.slug);
      throw error;
    }
  }

  findBySlug(slug: string): Promise<ArticleDoc | null> {
    return this.#articles.findOne({ slug });
  }

  /** Rewrites fields of one article; rejects with SlugTakenError when a new slug is taken. */
  async update(
    id: string,
    set: Partial<Omit<ArticleDoc, '_id'>>,
    unset: ReadonlyArray<keyof ArticleDoc> = [],
  ): Promise<ArticleDoc | null> {
    const update: Record<string, unknown> = { $set: set };
    if (unset.length) update.$unset = Object.fromEntries(unset.map((field) => [field, '']));
    try {
      return await this.#articles.updateOne({ _id: id }, update);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new SlugTakenError(String(set.slug));
      throw error;
    }
  }

  deleteById(id: string): Promise<ArticleDoc | null> {
    return this.#articles.deleteOne({ _id: id });
  }

  /** Published articles, newest publication first. */
  async pagePublished(options: { cursor?: string; limit?: number }): Promise<ArticlePage> {
    const limit = clampLimit(options.limit);
    const filter: Filter = { status: 'published' };
    if (options.cursor) {
      const [publishedAt, id] = decode(options.cursor, 'p', 2) as [string, string];
      filter.$or = [{ publishedAt: { $lt: publishedAt } }, { publishedAt, _id: { $lt: id } }];
    }
    const docs = await this.#articles.find(filter, { sort: { publishedAt: -1, _id: -1 }, limit: limit + 1 });
    const items = docs.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor: docs.length > limit && last ? encode('p', [last.publishedAt ?? '', last._id]) : null,
    };
  }

  /** Articles of any status (or one), newest created first: what editors manage. */
  async pageAll(options: { status?: ArticleStatus; cursor?: string; limit?: number }): Promise<ArticlePage> {
    const limit = clampLimit(options.limit);
    const { filter: after, sort } = pageQuery(options.cursor);
    const filter: Filter = { ...after };
    if (options.status) filter.status = options.status;
    return toPage(await this.#articles.find(filter, { sort, limit: limit + 1 }), limit);
  }

  /** Articles matching `q`, best first; `status` narrows them (the blog passes "published"). */
  async search(options: {
    q: string;
    status?: ArticleStatus;
    cursor?: string;
    limit?: number;
  }): Promise<ArticlePage> {
    const limit = clampLimit(options.limit);
    const after = options.cursor ? (decode(options.cursor, 's', 3) as [number, string, string]) : null;
    const hits = await this.#articles.search(options.q, {
      filter: options.status ? { status: options.status } : {},
      limit: MAX_SEARCH_HITS,
    });
    const ranked = hits
      .map(({ doc, score }) => ({ doc, score, at: doc.publishedAt ?? doc.createdAt }))
      .sort((a, b) => compareHits(b, a));
    const start = after
      ? ranked.findIndex((hit) => compareHits(hit, { score: after[0], at: after[1], id: after[2] }) < 0)
      : 0;
    const page = start < 0 ? [] : ranked.slice(start, start + limit);
    const last = page[page.length - 1];
    const more = start >= 0 && ranked.length > start + limit;
    return {
      items: page.map((hit) => hit.doc),
      nextCursor: more && last ? encode('s', [last.score, last.at, last.doc._id]) : null,
    };
  }

  findSeedState(slug: string): Promise<SeedStateDoc | null> {
    return this.#seedState.findOne({ _id: slug });
  }

  async recordSeed(slug: string, hash: string, now: string): Promise<void> {
    await this.#seedState.updateOne({ _id: slug }, { $set: { hash, appliedAt: now } }, { upsert: true });
  }
}

/** How many hits a search ranks and pages through; a blog search rarely needs more. */
const MAX_SEARCH_HITS = 1000;

interface Rank {
  score: number;
  at: string;
  id?: string;
  doc?: ArticleDoc;
}

/** Orders hits: score, then publication time, then id (all ascending; callers reverse). */
function compareHits(a: Rank, b: Rank): number {
  if (a.score !== b.score) return a.score - b.score;
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  const idA = a.id ?? a.doc?._id ?? '';
  const idB = b.id ?? b.doc?._id ?? '';
  return idA === idB ? 0 : idA < idB ? -1 : 1;
}

/** Cursors say which order they belong to, so one from another list is refused, not misread. */
function encode(kind: 'p' | 's', position: unknown[]): string {
  return Buffer.from(JSON.stringify([kind, ...position])).toString('base64url');
}

function decode(cursor: string, kind: 'p' | 's', size: number): unknown[] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value[0] === kind && value.length === size + 1) return value.slice(1);
  } catch {}
  throw badRequest('cursor is not valid: pass the nextCursor of a previous page of the same list.', [
    { field: 'cursor', message: 'invalid cursor' },
  ]);
}
