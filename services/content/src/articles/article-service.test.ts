import { createLogger } from '@mediakit/kit';
import type { contentV1 } from '@mediakit/proto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articleRepository, tempStore } from '../../test/support.ts';
import type { Caller } from '../caller.ts';
import type { ArticleRepository } from './article-repository.ts';
import { ArticleService } from './article-service.ts';
import type { Cover, CoverStore } from './cover-store.ts';

const caller = (sub: string, roles: string[]): Caller => ({
  ownerId: `user:${sub}`,
  isGuest: false,
  sub,
  roles,
});
const EDITOR = caller('ed', ['user', 'editor']);
const ADMIN = caller('root', ['user', 'admin']);
const USER = caller('u', ['user']);
const GUEST: Caller = { ownerId: '', isGuest: true, sub: '', roles: [] };

const fields = (f: Partial<contentV1.ArticleFields>): contentV1.ArticleFields => ({
  setKeywords: f.keywords !== undefined,
  keywords: [],
  ...f,
});

let ctx: Awaited<ReturnType<typeof tempStore>>;
let repo: ArticleRepository;
let service: ArticleService;
let clock: Date;
let adopted: Array<[string, string]>;
let released: string[];

beforeEach(async () => {
  ctx = await tempStore();
  repo = await articleRepository(ctx.store);
  clock = new Date('2025-05-01T10:00:00.000Z');
  adopted = [];
  released = [];
  // The cover store's own behaviour (copying through the files service) is tested end to end.
  const covers = {
    async adopt(ownerId: string, fileId: string): Promise<Cover> {
      adopted.push([ownerId, fileId]);
      return { fileId: `copy-of-${fileId}`, sourceFileId: fileId };
    },
    async release(cover: Cover | undefined) {
      if (cover) released.push(cover.fileId);
    },
  } as unknown as CoverStore;
  service = new ArticleService({
    articles: repo,
    covers,
    log: createLogger('t', 'silent'),
    now: () => clock,
  });
});
afterEach(() => ctx.close());

describe('ArticleService', () => {
  it('lets editors and admins write; users get 403, guests 401', async () => {
    const write = fields({ title: 'A title', body: 'Body.' });
    await expect(service.create(USER, write)).rejects.toMatchObject({ status: 403 });
    await expect(service.create(GUEST, write)).rejects.toMatchObject({ status: 401 });
    expect((await service.create(EDITOR, write)).slug).toBe('a-title');
    await expect(service.update(USER, 'a-title', fields({ title: 'x' }))).rejects.toMatchObject({
      status: 403,
    });
    await expect(service.remove(USER, 'a-title')).rejects.toMatchObject({ status: 403 });
    await service.remove(ADMIN, 'a-title');
    await expect(service.get(ADMIN, 'a-title')).rejects.toMatchObject({ status: 404 });
  });

  it('hides drafts from everyone but editors, as not found', async () => {
    await service.create(EDITOR, fields({ title: 'Secret plan', body: 'B' }));
    for (const who of [USER, GUEST]) {
      await expect(service.get(who, 'secret-plan')).rejects.toMatchObject({ status: 404 });
      expect((await service.list(who, {})).items).toEqual([]);
      expect((await service.list(who, { q: 'secret' })).items).toEqual([]);
      await expect(service.list(who, { status: 'draft' })).rejects.toMatchObject({
        status: who === GUEST ? 401 : 403,
      });
    }
    expect((await service.get(EDITOR, 'secret-plan')).status).toBe('draft');
    expect((await service.list(EDITOR, { status: 'all' })).items).toHaveLength(1);
  });

  it('validates every field at once', async () => {
    const error = await service
      .create(
        EDITOR,
        fields({ title: ' ', body: '', slug: 'Bad Slug', status: 'live', keywords: ['x'.repeat(61)] }),
      )
      .catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details.map((d: { field: string }) => d.field)).toEqual([
      'title',
      'body',
      'slug',
      'status',
      'keywords',
    ]);
  });

  it('answers 409 for a taken slug, on create and on rename', async () => {
    await service.create(EDITOR, fields({ title: 'One', body: 'B', slug: 'one-article' }));
    await service.create(EDITOR, fields({ title: 'Two', body: 'B', slug: 'two-article' }));
    await expect(
      service.create(EDITOR, fields({ title: 'One', body: 'B', slug: 'one-article' })),
    ).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      service.update(EDITOR, 'two-article', fields({ slug: 'one-article' })),
    ).rejects.toMatchObject({
      status: 409,
    });
  });

  it('publishes once: publishedAt is stamped on first publication and kept through unpublishing', async () => {
    await service.create(EDITOR, fields({ title: 'News', body: 'B' }));
    clock = new Date('2025-05-02T00:00:00.000Z');
    const published = await service.update(EDITOR, 'news', fields({ status: 'published' }));
    expect(published.publishedAt).toBe('2025-05-02T00:00:00.000Z');
    clock = new Date('2025-05-03T00:00:00.000Z');
    await service.update(EDITOR, 'news', fields({ status: 'draft' }));
    const again = await service.update(EDITOR, 'news', fields({ status: 'published' }));
    expect(again.publishedAt).toBe('2025-05-02T00:00:00.000Z');
    expect(again.updatedAt).toBe('2025-05-03T00:00:00.000Z');
  });

  it('changes only the fields given, and clears derived ones with ""', async () => {
    await service.create(
      EDITOR,
      fields({
        title: 'T',
        body: 'Body one.',
        excerpt: 'Given',
        metaTitle: 'Meta',
        keywords: ['a'],
        slug: 'ttt',
      }),
    );
    const updated = await service.update(EDITOR, 'ttt', fields({ body: 'Body two.', excerpt: '' }));
    expect(updated).toMatchObject({ title: 'T', body: 'Body two.', metaTitle: 'Meta', keywords: ['a'] });
    expect(updated.excerpt).toBeUndefined();
  });

  it('copies a cover from the editor’s upload, replaces and releases old copies', async () => {
    const created = await service.create(EDITOR, fields({ title: 'Cover', body: 'B', coverFileId: 'up1' }));
    expect(created.cover).toEqual({ fileId: 'copy-of-up1', sourceFileId: 'up1' });
    expect(adopted).toEqual([['user:ed', 'up1']]);
    // Naming the same upload again copies nothing.
    await service.update(EDITOR, 'cover', fields({ coverFileId: 'up1' }));
    expect(adopted).toHaveLength(1);
    await service.update(EDITOR, 'cover', fields({ coverFileId: 'up2' }));
    expect(released).toEqual(['copy-of-up1']);
    const removed = await service.update(EDITOR, 'cover', fields({ coverFileId: '' }));
    expect(removed.cover).toBeUndefined();
    await service.create(EDITOR, fields({ title: 'Other', body: 'B', coverFileId: 'up3' }));
    await service.remove(EDITOR, 'other');
    expect(released).toEqual(['copy-of-up1', 'copy-of-up2', 'copy-of-up3']);
  });
});
