import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { forEveryDocumentStore, type StoreUnderTest } from '../../test/document-store-targets.ts';
import type { Doc } from './ports.ts';

/**
 * Blog search, one code path per store: `$text` with a weighted text index on MongoDB, the portable
 * scorer (text-search.ts) on the embedded store. Both must rank the same posts in the same order.
 */
function searchContract(suite: StoreUnderTest): void {
  const posts = [
    {
      _id: 'p1',
      status: 'published',
      title: 'Compress a video for email',
      body: 'Make the file smaller.',
      keywords: ['email'],
    },
    {
      _id: 'p2',
      status: 'published',
      title: 'Trim a clip',
      body: 'Cut the video where you want. Video editing basics.',
      keywords: [],
    },
    {
      _id: 'p3',
      status: 'published',
      title: 'Resize images',
      body: 'Photos from phones.',
      keywords: ['video thumbnails'],
    },
    {
      _id: 'p4',
      status: 'published',
      title: 'Videos in the browser',
      body: 'Play them anywhere.',
      keywords: [],
    },
    {
      _id: 'p5',
      status: 'published',
      title: 'HEIC to JPEG',
      body: 'Convert photos from phones.',
      keywords: [],
    },
    { _id: 'p6', status: 'draft', title: 'Video codecs', body: 'Which codec to pick.', keywords: [] },
  ];
  async function blog() {
    const articles = suite.store.collection<(typeof posts)[number]>(`s_${randomUUID().replaceAll('-', '')}`);
    await articles.createTextIndex({ title: 10, keywords: 4, body: 1 });
    for (const post of posts) await articles.insertOne(post);
    return articles;
  }
  const order = (hits: { doc: Doc; score: number }[]) => hits.map((hit) => hit.doc._id);

  it('ranks title hits above keyword hits above body hits, shorter fields first', async () => {
    const articles = await blog();
    const published = { filter: { status: 'published' } };
    expect(order(await articles.search('videos', published))).toEqual(['p4', 'p1', 'p3', 'p2']);
    expect(order(await articles.search('VIDÉO', published))).toEqual(['p4', 'p1', 'p3', 'p2']);
    expect(order(await articles.search('trimming videos', published))).toEqual(['p2', 'p4', 'p1', 'p3']);
    expect(order(await articles.search('video'))).toEqual(['p4', 'p6', 'p1', 'p3', 'p2']);
    expect(order(await articles.search('video', { ...published, limit: 2 }))).toEqual(['p4', 'p1']);
    const [best] = await articles.search('heic');
    expect(best?.doc).toEqual(posts[4]);
    expect(best?.score).toBeGreaterThan(0);
  });

  it('finds nothing for words no post has, or only stop words', async () => {
    const articles = await blog();
    expect(await articles.search('kubernetes')).toEqual([]);
    expect(await articles.search('the of and')).toEqual([]);
  });

  it('refuses to search a collection without a text index', async () => {
    await expect(
      suite.store.collection(`e_${randomUUID().replaceAll('-', '')}`).search('video'),
    ).rejects.toThrow();
  });
}

await forEveryDocumentStore('DocumentStore search', searchContract);
