import { ApiError } from '@mediakit/kit';
import type { contentV1 } from '@mediakit/proto';
import { afterEach, describe, expect, test } from 'vitest';
import { bearer, buildTestApp, startFakeFilesServer, type TestApp } from '../../test/support.ts';
import type { ContentApiClient } from '../deps.ts';

const article = (overrides: Partial<contentV1.Article> = {}): contentV1.Article => ({
  id: 'a1',
  slug: 'heic-vs-jpeg',
  title: 'HEIC vs JPEG',
  excerpt: 'Which one.',
  author: 'Mediakit team',
  publishedAt: '2025-03-17T09:00:00.000Z',
  metaTitle: 'HEIC vs JPEG: differences',
  metaDescription: 'What HEIC is.',
  keywords: ['heic', 'jpeg'],
  body: '# Hi',
  html: '<h1>Hi</h1>',
  status: 'published',
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-02T00:00:00.000Z',
  coverFileId: '',
  ...overrides,
});

const unexpected = () => Promise.reject(new Error('not expected in this test'));

/** A content client whose calls record their requests; each test replaces what it needs. */
function fakeContent(): ContentApiClient & { calls: Array<[string, unknown]> } {
  const calls: Array<[string, unknown]> = [];
  const record =
    <T>(name: string, answer: (request: never) => Promise<T>) =>
    (request: unknown) => {
      calls.push([name, request]);
      return answer(request as never);
    };
  return {
    calls,
    getArticle: record('getArticle', async () => article()),
    listArticles: record('listArticles', async () => ({ items: [article()], nextCursor: 'next' })),
    createArticle: record('createArticle', async () => article({ status: 'draft', publishedAt: '' })),
    updateArticle: record('updateArticle', async () => article()),
    deleteArticle: record('deleteArticle', async () => ({})),
    submitContact: unexpected,
    createTicket: unexpected,
    listTickets: unexpected,
    getTicket: unexpected,
    addTicketMessage: unexpected,
    setTicketStatus: unexpected,
  };
}

describe('blog routes', () => {
  let t: TestApp;
  afterEach(() => t.app.close());

  test('GET /blog lists with the API’s field names, passing q, paging and an anonymous caller', async () => {
    const content = fakeContent();
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blog?q=heic&limit=5&cursor=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          slug: 'heic-vs-jpeg',
          title: 'HEIC vs JPEG',
          excerpt: 'Which one.',
          author: 'Mediakit team',
          publishedAt: '2025-03-17T09:00:00.000Z',
          meta_title: 'HEIC vs JPEG: differences',
          meta_description: 'What HEIC is.',
          keywords: ['heic', 'jpeg'],
          status: 'published',
          createdAt: '2025-03-01T00:00:00.000Z',
          updatedAt: '2025-03-02T00:00:00.000Z',
          coverUrl: null,
        },
      ],
      nextCursor: 'next',
    });
    expect(content.calls).toEqual([
      [
        'listArticles',
        {
          caller: { ownerId: '', isGuest: true, sub: '', roles: [] },
          q: 'heic',
          status: '',
          cursor: 'abc',
          limit: 5,
        },
      ],
    ]);
  });

  test('GET /blog/{slug} gives body, sanitized html and the cover URL; passes the signed-in caller’s roles', async () => {
    const content = fakeContent();
    content.getArticle = async (request) => {
      content.calls.push(['getArticle', request]);
      return article({ coverFileId: 'cov1', status: 'draft', publishedAt: '' });
    };
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/blog/heic-vs-jpeg',
      headers: await bearer('ed1', { roles: ['user', 'editor'] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      body: '# Hi',
      html: '<h1>Hi</h1>',
      publishedAt: null,
      status: 'draft',
      coverUrl: '/api/v1/blog/heic-vs-jpeg/cover?v=cov1',
    });
    expect(content.calls[0][1]).toEqual({
      caller: { ownerId: 'user:ed1', isGuest: false, sub: 'ed1', roles: ['user', 'editor'] },
      slug: 'heic-vs-jpeg',
    });
  });

  test('a 404 or 403 of the content service reaches the client unchanged', async () => {
    const content = fakeContent();
    content.getArticle = async () => {
      throw new ApiError(404, 'not_found', 'Article draft-x was not found.');
    };
    content.createArticle = async () => {
      throw new ApiError(403, 'forbidden', 'Only editors can write blog articles.');
    };
    t = await buildTestApp({ contentApi: content });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/blog/draft-x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', message: 'Article draft-x was not found.' });
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/blog',
      headers: await bearer('u1'),
      payload: { title: 'T', body: 'B' },
    });
    expect(write.statusCode).toBe(403);
  });

  test('POST /blog maps the body to fields (keywords given, null cover) and answers 201', async () => {
    const content = fakeContent();
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/blog',
      headers: await bearer('ed1', { roles: ['editor'] }),
      payload: { title: 'T', body: 'B', meta_title: 'M', keywords: ['k'], status: 'draft' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().publishedAt).toBeNull();
    expect(content.calls[0][1]).toMatchObject({
      fields: { title: 'T', body: 'B', metaTitle: 'M', setKeywords: true, keywords: ['k'], status: 'draft' },
    });
  });

  test('POST /blog needs a title and a body, with a known status', async () => {
    t = await buildTestApp({ contentApi: fakeContent() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/blog',
      headers: await bearer('ed1', { roles: ['editor'] }),
      payload: { status: 'live' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'title is required' },
        { field: 'body', message: 'body is required' },
        { field: 'status', message: 'status must be one of draft, published' },
      ]),
    );
  });

  test('PUT /blog/{slug} sends only the given fields; coverFileId null removes the cover', async () => {
    const content = fakeContent();
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/blog/heic-vs-jpeg',
      headers: await bearer('ed1', { roles: ['editor'] }),
      payload: { status: 'published', coverFileId: null },
    });
    expect(res.statusCode).toBe(200);
    expect(content.calls[0][1]).toMatchObject({
      slug: 'heic-vs-jpeg',
      fields: { status: 'published', coverFileId: '', setKeywords: false, title: undefined, body: undefined },
    });
  });

  test('DELETE /blog/{slug} answers 204', async () => {
    const content = fakeContent();
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/blog/heic-vs-jpeg',
      headers: await bearer('ed1', { roles: ['editor'] }),
    });
    expect(res.statusCode).toBe(204);
    expect(content.calls[0]).toEqual([
      'deleteArticle',
      { caller: expect.objectContaining({ sub: 'ed1' }), slug: 'heic-vs-jpeg' },
    ]);
  });

  test('GET /blog/{slug}/cover streams the article’s cover copy as the covers owner, inline', async () => {
    const files = await startFakeFilesServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-disposition': 'inline; filename="c.png"' });
      res.end(Buffer.from('PNGDATA'));
    });
    const content = fakeContent();
    content.getArticle = async () => article({ coverFileId: 'cov1' });
    t = await buildTestApp({ contentApi: content, filesHttpUrl: files.url });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/blog/heic-vs-jpeg/cover?v=cov1',
        headers: { 'x-mk-owner': 'guest:forged', cookie: 'mk_guest=AAAAAAAAAAAAAAAAAAAAAA' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.body).toBe('PNGDATA');
      expect(files.requests).toHaveLength(1);
      expect(files.requests[0].url).toBe('/internal/files/cov1/content?inline=1');
      expect(files.requests[0].headers['x-mk-owner']).toBe('content:covers');
      expect(files.requests[0].headers.cookie).toBeUndefined();
    } finally {
      await files.close();
    }
  });

  test('GET /blog/{slug}/cover is 404 when the article has no cover (or is not visible)', async () => {
    const content = fakeContent();
    t = await buildTestApp({ contentApi: content });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blog/heic-vs-jpeg/cover' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The cover of article heic-vs-jpeg was not found.');
  });
});
