import { catalog, toPublicTool } from '@mediakit/catalog';
import { headFor } from '@mediakit/page-meta/head-for';
import { PAGE_META } from '@mediakit/page-meta/page-meta';
import { describe, expect, test } from 'vitest';
import type { ArticleHeadFields } from './blog-source.ts';
import { routeHead } from './route-head.ts';

const PUBLIC_URL = 'https://media.example';
const tools = catalog.map(toPublicTool);
const article: ArticleHeadFields = {
  slug: 'compress-video-for-email',
  title: 'How to compress a video for email',
  excerpt: 'Make it fit under 25 MB.',
  author: 'Ada',
  publishedAt: '2025-02-01T10:00:00.000Z',
  metaTitle: 'Compress a video for email',
  metaDescription: 'Get any video under the attachment limit.',
  keywords: ['compress', 'email'],
};
const ctx = {
  publicUrl: PUBLIC_URL,
  tools: new Map(tools.map((tool) => [tool.name, tool])),
  blog: {
    article: async (slug: string) =>
      slug === article.slug
        ? ({ found: true, article } as const)
        : ({ found: false, reason: 'not_found' } as const),
    published: async () => [article],
  },
};

/**
 * The shell's head after client-side navigation (head/head-for.ts) is the server's head for the
 * same path, for every kind of page: the two are built by one module, and this keeps the choice of
 * builder in step too.
 */
describe('the head after navigation is the first response’s head', () => {
  test('every page with a fixed head, personal pages and /404 included', async () => {
    for (const path of Object.keys(PAGE_META)) {
      const server = await routeHead(path, ctx);
      expect(headFor({ path }, PUBLIC_URL), path).toEqual(server.head);
    }
    // A trailing slash is the same page.
    expect(headFor({ path: '/pricing/' }, PUBLIC_URL)).toEqual((await routeHead('/pricing', ctx)).head);
  });

  test('every catalog entry, once its page reports it', async () => {
    for (const tool of tools) {
      const path = `/${tool.kind}/${tool.name}`;
      const client = headFor({ path, report: { path, report: { kind: 'tool', tool } } }, PUBLIC_URL);
      expect(client, path).toEqual((await routeHead(path, ctx)).head);
    }
  });

  test('an article once its page reports it; a missing one as the not-found page', async () => {
    const path = `/blog/${article.slug}`;
    expect(headFor({ path, report: { path, report: { kind: 'article', article } } }, PUBLIC_URL)).toEqual(
      (await routeHead(path, ctx)).head,
    );
    const missing = '/blog/no-such-article';
    expect(
      headFor({ path: missing, report: { path: missing, report: { kind: 'not-found' } } }, PUBLIC_URL),
    ).toEqual((await routeHead(missing, ctx)).head);
  });

  test('unknown paths get the not-found head; data pages wait for their own report', async () => {
    for (const path of ['/no/such/page', '/dashboard/nope', '/tool/']) {
      expect(headFor({ path }, PUBLIC_URL), path).toEqual((await routeHead(path, ctx)).head);
    }
    // Until the page says what it shows, the head is left alone...
    expect(headFor({ path: '/tool/trim-video' }, PUBLIC_URL)).toBeUndefined();
    // ...and a late report from the page being left does not count for the next one.
    const [first, second] = tools.filter((t) => t.kind === 'tool');
    const path = `/tool/${second.name}`;
    expect(
      headFor({ path, report: { path, report: { kind: 'tool', tool: first } } }, PUBLIC_URL),
    ).toBeUndefined();
  });
});
