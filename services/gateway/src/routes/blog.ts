import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '@mediakit/kit';
import type { contentV1 } from '@mediakit/proto';
import { type Static, Type } from 'typebox';
import { contentCaller } from '../content-caller.ts';
import type { ContentApiClient } from '../deps.ts';
import { Bytes, DEFAULT_LIMIT, NotJson, Page, PageQuery } from '../schemas.ts';
import { forward } from '../upstream.ts';

export interface BlogRoutesOptions {
  content: ContentApiClient;
}

/** The files-service owner of every article's cover copy (services/content/src/articles/cover-store.ts). */
const COVERS_OWNER = 'content:covers';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** A list item (docs/api.md "Content and support"), plus status, times and the cover's public URL. */
export const ArticleSummary = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  author: Type.String(),
  /** null while a draft. */
  publishedAt: Nullable(Type.String()),
  meta_title: Type.String(),
  meta_description: Type.String(),
  keywords: Type.Array(Type.String()),
  status: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Anyone may load it while the article is published. */
  coverUrl: Nullable(Type.String()),
});

export const Article = Type.Object({
  ...ArticleSummary.properties,
  /** Markdown, as written. */
  body: Type.String(),
  /** The body rendered and sanitized: safe to insert into a page as it is. */
  html: Type.String(),
});

const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });
const tags = ['content'];

/** Types and generous caps here; the content service checks the rules and names every bad field. */
const writable = {
  slug: Type.String({ maxLength: 200 }),
  title: Type.String({ maxLength: 1000 }),
  body: Type.String({ maxLength: 300_000 }),
  excerpt: Type.String({ maxLength: 2000 }),
  author: Type.String({ maxLength: 500 }),
  /** An image the editor uploaded (POST /files); null removes the cover. */
  coverFileId: Nullable(Type.String({ maxLength: 100 })),
  status: Type.Union([Type.Literal('draft'), Type.Literal('published')]),
  meta_title: Type.String({ maxLength: 1000 }),
  meta_description: Type.String({ maxLength: 2000 }),
  keywords: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }),
};
const CreateArticleBody = Type.Object({
  ...Type.Partial(Type.Object(writable)).properties,
  title: writable.title,
  body: writable.body,
});
const UpdateArticleBody = Type.Partial(Type.Object(writable));

export function toArticleSummary(article: contentV1.Article): Static<typeof ArticleSummary> {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    author: article.author,
    publishedAt: article.publishedAt || null,
    meta_title: article.metaTitle,
    meta_description: article.metaDescription,
    keywords: article.keywords,
    status: article.status,
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
    // The cover's id in the URL: a new cover is a new URL, so caches never show the old one.
    coverUrl: article.coverFileId
      ? `/api/v1/blog/${encodeURIComponent(article.slug)}/cover?v=${encodeURIComponent(article.coverFileId)}`
      : null,
  };
}

export function toArticle(article: contentV1.Article): Static<typeof Article> {
  return { ...toArticleSummary(article), body: article.body, html: article.html };
}

function toFields(body: Partial<Static<typeof UpdateArticleBody>>): contentV1.ArticleFields {
  return {
    slug: body.slug,
    title: body.title,
    body: body.body,
    excerpt: body.excerpt,
    author: body.author,
    coverFileId: body.coverFileId === null ? '' : body.coverFileId,
    status: body.status,
    metaTitle: body.meta_title,
    metaDescription: body.meta_description,
    setKeywords: body.keywords !== undefined,
    keywords: body.keywords ?? [],
  };
}

/**
 * The blog (docs/api.md "Content and support"). Reading is public; drafts and writes are for editors,
 * which the content service decides from the verified token's roles (403 for others, and drafts
 * answer 404 to them). Covers are served here, publicly, only while their article is published.
 */
export const blogRoutes: FastifyPluginAsyncTypebox<BlogRoutesOptions> = async (app, { content }) => {
  app.get(
    '/blog',
    {
      config: { scope: 'public' },
      schema: {
        tags,
        summary: 'List articles, newest first (editors: drafts too)',
        querystring: Type.Object({
          q: Type.Optional(Type.String({ maxLength: 200 })),
          /** Editors only: draft or all (default: published). */
          status: Type.Optional(
            Type.Union([Type.Literal('published'), Type.Literal('draft'), Type.Literal('all')]),
          ),
          ...PageQuery,
        }),
        response: { 200: Page(ArticleSummary) },
      },
    },
    async (request) => {
      const { q, status, cursor, limit } = request.query;
      const page = await content.listArticles({
        caller: contentCaller(request.owner),
        q: q ?? '',
        status: status ?? '',
        cursor: cursor ?? '',
        limit: limit ?? DEFAULT_LIMIT,
      });
      return { items: page.items.map(toArticleSummary), nextCursor: page.nextCursor || null };
    },
  );

  const getArticle = { tags, summary: 'Get an article', params: SlugParams, response: { 200: Article } };
  app.get('/blog/:slug', { schema: getArticle, config: { scope: 'public' } }, async (request) =>
    toArticle(await content.getArticle({ caller: contentCaller(request.owner), slug: request.params.slug })),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/blog/:slug/cover',
    config: { scope: 'public' },
    schema: {
      tags,
      summary: "A published article's cover image",
      params: SlugParams,
      querystring: Type.Object({
        v: Type.Optional(Type.String({ maxLength: 100, description: "The cover's version, for caches" })),
      }),
      response: { 200: NotJson('image/*', Bytes('The image'), 'The cover image') },
    },
    handler: async (request, reply) => {
      const article = await content.getArticle({
        caller: contentCaller(request.owner),
        slug: request.params.slug,
      });
      if (!article.coverFileId) throw notFound(`The cover of article ${request.params.slug}`);
      // Only the article's own copy, owned by the covers owner, can be reached this way.
      return forward(reply, {
        path: `/internal/files/${encodeURIComponent(article.coverFileId)}/content`,
        query: 'inline=1',
        trusted: { 'x-mk-owner': COVERS_OWNER },
      });
    },
  });

  app.post(
    '/blog',
    {
      config: { scope: { session: 'edit the blog' } },
      schema: {
        tags,
        summary: 'Write an article (editors)',
        body: CreateArticleBody,
        response: { 201: Article },
      },
    },
    async (request, reply) => {
      const article = await content.createArticle({
        caller: contentCaller(request.owner),
        fields: toFields(request.body),
      });
      return reply.code(201).send(toArticle(article));
    },
  );

  app.put(
    '/blog/:slug',
    {
      config: { scope: { session: 'edit the blog' } },
      schema: {
        tags,
        summary: 'Change an article (editors)',
        params: SlugParams,
        body: UpdateArticleBody,
        response: { 200: Article },
      },
    },
    async (request) =>
      toArticle(
        await content.updateArticle({
          caller: contentCaller(request.owner),
          slug: request.params.slug,
          fields: toFields(request.body),
        }),
      ),
  );

  app.delete(
    '/blog/:slug',
    {
      config: { scope: { session: 'edit the blog' } },
      schema: {
        tags,
        summary: 'Delete an article (editors)',
        params: SlugParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await content.deleteArticle({ caller: contentCaller(request.owner), slug: request.params.slug });
      return reply.code(204).send(null);
    },
  );
};
