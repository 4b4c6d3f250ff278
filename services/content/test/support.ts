import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, type DocumentStore } from '@mediakit/kit';
import type { ArticleDoc } from '../src/articles/article.ts';
import { ArticleRepository, type SeedStateDoc } from '../src/articles/article-repository.ts';

/** A real embedded document store in a fresh temp dir (test helper, not shipped code). */
export async function tempStore(): Promise<{ store: DocumentStore; dir: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'mk-content-'));
  const store = createEmbeddedDocumentStore(join(dir, 'content'));
  return {
    store,
    dir,
    async close() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function articleRepository(store: DocumentStore): Promise<ArticleRepository> {
  const repository = new ArticleRepository({
    articles: store.collection<ArticleDoc>('articles'),
    seedState: store.collection<SeedStateDoc>('seed_state'),
  });
  await repository.ensureIndexes();
  return repository;
}

let counter = 0;

/** A published article; fields can be overridden. */
export function articleDoc(overrides: Partial<ArticleDoc> = {}): ArticleDoc {
  counter++;
  const at = new Date(Date.UTC(2025, 0, 1, 0, counter)).toISOString();
  return {
    _id: `id${String(counter).padStart(4, '0')}`,
    slug: `article-${counter}`,
    title: `Article ${counter}`,
    body: 'Nothing special here.',
    author: 'Tester',
    status: 'published',
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    keywords: [],
    ...overrides,
  };
}
