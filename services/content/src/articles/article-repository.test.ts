import { ApiError } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articleDoc, articleRepository, tempStore } from '../../test/support.ts';
import type { ArticleDoc } from './article.ts';
import { type ArticleRepository, SlugTakenError } from './article-repository.ts';

let ctx: Awaited<ReturnType<typeof tempStore>>;
let repo: ArticleRepository;

beforeEach(async () => {
  ctx = await tempStore();
  repo = await articleRepository(ctx.store);
});
afterEach(() => ctx.close());

/** Every page of a list, following nextCursor. */
async function all(
  next: (cursor?: string) => Promise<{ items: ArticleDoc[]; nextCursor: string | null }>,
): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await next(cursor);
    pages.push(page.items.map((a) => a.slug));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('ArticleRepository on the embedded store', () => {
  it('keeps slugs unique, on insert and on rename', async () => {
    await repo.insert(articleDoc({ slug: 'heic-vs-jpeg' }));
    const other = articleDoc({ slug: 'webp-or-avif' });
    await repo.insert(other);
    await expect(repo.insert(articleDoc({ slug: 'heic-vs-jpeg' }))).rejects.toBeInstanceOf(SlugTakenError);
    await expect(repo.update(other._id, { slug: 'heic-vs-jpeg' })).rejects.toBeInstanceOf(SlugTakenError);
    expect((await repo.findBySlug('webp-or-avif'))?._id).toBe(other._id);
  });

  it('updates and unsets fields', async () => {
    const doc = articleDoc({ excerpt: 'given', seedHash: 'abc' });
    await repo.insert(doc);
    const updated = await repo.update(doc._id, { title: 'New' }, ['excerpt', 'seedHash']);
    expect(updated?.title).toBe('New');
    expect(updated).not.toHaveProperty('excerpt');
    expect(updated).not.toHaveProperty('seedHash');
    expect(await repo.update('missing', { title: 'x' })).toBeNull();
  });

  it('pages published articles newest first, without drafts, each exactly once', async () => {
    const published = Array.from({ length: 7 }, (_, i) =>
      articleDoc({ slug: `post-${i}`, publishedAt: `2025-02-0${i + 1}T00:00:00.000Z` }),
    );
    // Two articles published at the same instant still page in a stable order.
    published.push(articleDoc({ slug: 'same-time', publishedAt: '2025-02-03T00:00:00.000Z' }));
    for (const doc of published) await repo.insert(doc);
    await repo.insert(articleDoc({ slug: 'secret-draft', status: 'draft', publishedAt: undefined }));

    const pages = await all((cursor) => repo.pagePublished({ cursor, limit: 3 }));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    const slugs = pages.flat();
    expect(slugs).not.toContain('secret-draft');
    expect(new Set(slugs).size).toBe(8);
    expect(slugs.slice(0, 3)).toEqual(['post-6', 'post-5', 'post-4']);
    expect(slugs.indexOf('post-2')).toBeLessThan(slugs.indexOf('post-1'));
  });

  it('pages every article, or one status, newest created first (the editors’ list)', async () => {
    await repo.insert(articleDoc({ slug: 'first-post' }));
    await repo.insert(articleDoc({ slug: 'a-draft', status: 'draft', publishedAt: undefined }));
    await repo.insert(articleDoc({ slug: 'last-post' }));
    expect((await all((cursor) => repo.pageAll({ cursor, limit: 2 }))).flat()).toEqual([
      'last-post',
      'a-draft',
      'first-post',
    ]);
    expect((await repo.pageAll({ status: 'draft' })).items.map((a) => a.slug)).toEqual(['a-draft']);
  });

  it('searches title and body, title hits first, drafts only when asked', async () => {
    await repo.insert(
      articleDoc({
        slug: 'body-only',
        title: 'Phone photos',
        body: 'Phones save HEIC files. HEIC is small.',
      }),
    );
    await repo.insert(
      articleDoc({ slug: 'title-hit', title: 'HEIC vs JPEG', body: 'Which format to keep.' }),
    );
    await repo.insert(articleDoc({ slug: 'unrelated', title: 'Trim a video', body: 'Cut frames exactly.' }));
    await repo.insert(
      articleDoc({ slug: 'draft-heic', title: 'HEIC draft', status: 'draft', publishedAt: undefined }),
    );

    const published = await repo.search({ q: 'heic', status: 'published' });
    expect(published.items.map((a) => a.slug)).toEqual(['title-hit', 'body-only']);
    const everything = await repo.search({ q: 'HEIC' });
    expect(everything.items.map((a) => a.slug).sort()).toEqual(['body-only', 'draft-heic', 'title-hit']);
    expect((await repo.search({ q: 'the a of' })).items).toEqual([]);
    expect((await repo.search({ q: 'cutting frame' })).items.map((a) => a.slug)).toEqual(['unrelated']);
  });

  it('pages search results in rank order, each exactly once', async () => {
    for (let i = 0; i < 5; i++) await repo.insert(articleDoc({ slug: `title-${i}`, title: `Video ${i}` }));
    for (let i = 0; i < 4; i++) await repo.insert(articleDoc({ slug: `body-${i}`, body: `a video ${i}` }));
    const pages = await all((cursor) => repo.search({ q: 'video', status: 'published', cursor, limit: 4 }));
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    const slugs = pages.flat();
    expect(new Set(slugs).size).toBe(9);
    expect(slugs.slice(0, 5).every((s) => s.startsWith('title-'))).toBe(true);
  });

  it('refuses a cursor from another list with a 400', async () => {
    for (let i = 0; i < 3; i++) await repo.insert(articleDoc({ title: `Video ${i}` }));
    const { nextCursor } = await repo.pagePublished({ limit: 1 });
    const error = await repo.search({ q: 'video', cursor: nextCursor as string }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    await expect(repo.pagePublished({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ status: 400 });
  });

  it('remembers what the seed applied per slug', async () => {
    expect(await repo.findSeedState('heic-vs-jpeg')).toBeNull();
    await repo.recordSeed('heic-vs-jpeg', 'h1', '2025-01-01T00:00:00.000Z');
    await repo.recordSeed('heic-vs-jpeg', 'h2', '2025-01-02T00:00:00.000Z');
    expect(await repo.findSeedState('heic-vs-jpeg')).toMatchObject({ hash: 'h2' });
  });
});
