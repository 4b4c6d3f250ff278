import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articleDoc, articleRepository, tempStore } from '../../test/support.ts';
import type { ArticleRepository } from './article-repository.ts';
import { renderMarkdown } from './markdown.ts';
import { parseSeedFile, readSeedDir, SEED_DIR, seedArticles } from './seed.ts';

const log = createLogger('seed-test', 'silent');
let ctx: Awaited<ReturnType<typeof tempStore>>;
let repo: ArticleRepository;
let dir: string;

beforeEach(async () => {
  ctx = await tempStore();
  repo = await articleRepository(ctx.store);
  dir = await mkdtemp(join(tmpdir(), 'mk-seed-'));
});
afterEach(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

const seedFile = (title: string, body = 'Body text.') =>
  `---\ntitle: ${title}\nslug: my-article\npublishedAt: 2025-01-02T03:04:05Z\nkeywords: a, b ,,c\n---\n${body}\n`;

describe('the shipped seed articles', () => {
  it('parse, have valid slugs, metadata and a real body, and render to safe HTML', async () => {
    const seeds = await readSeedDir(SEED_DIR);
    expect(seeds.length).toBeGreaterThanOrEqual(5);
    expect(new Set(seeds.map((s) => s.slug)).size).toBe(seeds.length);
    for (const seed of seeds) {
      expect(seed.title.length, seed.slug).toBeGreaterThan(10);
      expect(seed.metaTitle, seed.slug).toBeTruthy();
      expect(seed.metaDescription?.length ?? 0, seed.slug).toBeGreaterThan(50);
      expect(seed.keywords.length, seed.slug).toBeGreaterThan(2);
      expect(seed.body.split(/\s+/).length, seed.slug).toBeGreaterThan(300);
      const html = renderMarkdown(seed.body);
      expect(html).toContain('<h2>');
      // Links to our own tools are relative: a renamed host never breaks them.
      for (const [, href] of html.matchAll(/href="([^"]+)"/g))
        expect(href, seed.slug).toMatch(/^\/(tool|converter)\//);
    }
  });

  it('are all seeded on a fresh store, published, and nothing changes on the next start', async () => {
    const first = await seedArticles({ articles: repo, log });
    expect(Object.values(first).every((o) => o === 'inserted')).toBe(true);
    const page = await repo.pagePublished({ limit: 100 });
    expect(page.items.map((a) => a.slug).sort()).toEqual(Object.keys(first).sort());
    expect(page.items.every((a) => a.seedHash && a.status === 'published')).toBe(true);

    const second = await seedArticles({ articles: repo, log });
    expect(Object.values(second).every((o) => o === 'unchanged')).toBe(true);
  });
});

describe('seedArticles', () => {
  it('parses front matter: quoted values, comma-separated keywords, a fixed publication time', () => {
    const seed = parseSeedFile('x.md', seedFile('"Title: with a colon"'));
    expect(seed).toMatchObject({
      slug: 'my-article',
      title: 'Title: with a colon',
      keywords: ['a', 'b', 'c'],
      publishedAt: '2025-01-02T03:04:05.000Z',
      body: 'Body text.',
      author: 'Mediakit team',
    });
    expect(() => parseSeedFile('bad.md', 'no front matter')).toThrow(/bad.md: front matter/);
    expect(() => parseSeedFile('Bad Slug.md', '---\ntitle: x\npublishedAt: 2025-01-01\n---\nb')).toThrow(
      /lowercase/,
    );
  });

  it('updates an untouched seeded article when the seed file changes', async () => {
    await writeFile(join(dir, 'a.md'), seedFile('Version one'));
    expect(await seedArticles({ articles: repo, log, dir })).toEqual({ 'my-article': 'inserted' });
    const before = await repo.findBySlug('my-article');
    await writeFile(join(dir, 'a.md'), seedFile('Version two', 'New body.'));
    expect(await seedArticles({ articles: repo, log, dir })).toEqual({ 'my-article': 'updated' });
    const after = await repo.findBySlug('my-article');
    expect(after).toMatchObject({ title: 'Version two', body: 'New body.', _id: before?._id });
    expect(after?.publishedAt).toBe(before?.publishedAt);
  });

  it('never overwrites an article an editor changed', async () => {
    await writeFile(join(dir, 'a.md'), seedFile('Version one'));
    await seedArticles({ articles: repo, log, dir });
    const seeded = await repo.findBySlug('my-article');
    // What ArticleService.update does: the editor's version loses the seed hash.
    await repo.update(seeded?._id as string, { title: 'Edited by a person' }, ['seedHash']);
    await writeFile(join(dir, 'a.md'), seedFile('Version two'));
    expect(await seedArticles({ articles: repo, log, dir })).toEqual({ 'my-article': 'kept-editor-version' });
    expect((await repo.findBySlug('my-article'))?.title).toBe('Edited by a person');
  });

  it('never brings back an article an editor deleted', async () => {
    await writeFile(join(dir, 'a.md'), seedFile('Version one'));
    await seedArticles({ articles: repo, log, dir });
    await repo.deleteById((await repo.findBySlug('my-article'))?._id as string);
    expect(await seedArticles({ articles: repo, log, dir })).toEqual({ 'my-article': 'unchanged' });
    await writeFile(join(dir, 'a.md'), seedFile('Version two'));
    expect(await seedArticles({ articles: repo, log, dir })).toEqual({ 'my-article': 'kept-editor-version' });
    expect(await repo.findBySlug('my-article')).toBeNull();
  });

  it('leaves alone an article an editor created with the same slug before the seed arrived', async () => {
    await repo.insert(articleDoc({ slug: 'my-article', title: 'Mine' }));
    await writeFile(join(dir, 'a.md'), seedFile('Seed version'));
    expect(await seedArticles({ articles: repo, log, dir })).toEqual({ 'my-article': 'kept-editor-version' });
    expect((await repo.findBySlug('my-article'))?.title).toBe('Mine');
  });
});
