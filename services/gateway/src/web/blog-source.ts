import { ApiError } from '@mediakit/kit';
import type { ArticleHeadFields } from '@mediakit/page-meta/page-heads';
import { contentV1 } from '@mediakit/proto';

/** The article fields the head and the sitemap use: the shell's, so both heads read the same. */
export type { ArticleHeadFields };

/** The content service's calls the web pages need; both answer only published articles to a visitor. */
export interface ContentReader {
  getArticle(request: contentV1.GetArticleRequest): Promise<contentV1.Article>;
  listArticles?(request: contentV1.ListArticlesRequest): Promise<contentV1.ListArticlesResponse>;
}

export type ArticleLookup =
  | { found: true; article: ArticleHeadFields }
  | { found: false; reason: 'not_found' | 'unavailable' };

/**
 * Requests built from the generated message's defaults (decoding zero bytes), so fields the
 * content service adds later are present with their proto defaults: an anonymous reader.
 */
const emptyGetRequest = () => contentV1.GetArticleRequest.decode(new Uint8Array(0));
const emptyListRequest = () => contentV1.ListArticlesRequest.decode(new Uint8Array(0));

const isPublished = (a: contentV1.Article) => {
  const status = (a as { status?: string }).status;
  return !status || status === 'published';
};

const toFields = (a: contentV1.Article): ArticleHeadFields => ({
  slug: a.slug,
  title: a.title,
  excerpt: a.excerpt,
  author: a.author,
  publishedAt: a.publishedAt,
  metaTitle: a.metaTitle,
  metaDescription: a.metaDescription,
  keywords: [...a.keywords],
});

export function createBlogSource(content: ContentReader | undefined) {
  return {
    async article(slug: string): Promise<ArticleLookup> {
      if (!content) return { found: false, reason: 'unavailable' };
      try {
        const article = await content.getArticle({ ...emptyGetRequest(), slug });
        // Belt and braces: a draft must never lend its title to a public page.
        if (!isPublished(article)) return { found: false, reason: 'not_found' };
        return { found: true, article: toFields(article) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { found: false, reason: 'not_found' };
        return { found: false, reason: 'unavailable' };
      }
    },

    /** Published articles for the sitemap, at most `max`; an unavailable service gives none. */
    async published(max = 1000): Promise<ArticleHeadFields[]> {
      if (!content?.listArticles) return [];
      const articles: ArticleHeadFields[] = [];
      let cursor = '';
      do {
        const page = await content.listArticles({ ...emptyListRequest(), limit: 100, cursor });
        articles.push(...page.items.filter(isPublished).map(toFields));
        cursor = page.nextCursor;
      } while (cursor && articles.length < max);
      return articles.slice(0, max);
    },
  };
}

export type BlogSource = ReturnType<typeof createBlogSource>;
