/**
 * The head of every page (title, description, canonical link, Open Graph, robots, JSON-LD) from
 * the same inputs on both sides: the gateway writes it into the first HTML response
 * (services/gateway/src/web/route-head.ts) and the shell writes it after client-side navigation
 * (frontends/shell/src/head/write-head.ts). Pure data: no DOM, importable from Node.
 */
import { blogPostingJsonLd, softwareApplicationJsonLd, webSiteJsonLd } from './json-ld.ts';
import { PAGE_META, pageMeta, toolPath, withBrand } from './page-meta.ts';

/** Everything that goes into a page's <head> besides the bundles. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute canonical URL (also og:url); none on the not-found page. */
  canonical?: string;
  noindex?: boolean;
  keywords?: string[];
  ogType?: 'website' | 'article';
  jsonLd?: object[];
}

/** A catalog entry, as much of it as its page's head needs. */
export interface ToolHeadFields {
  name: string;
  kind: string;
  title: string;
  description: string;
  media: string;
}

/** A published article, as much of it as its page's head needs. */
export interface ArticleHeadFields {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
}

/**
 * What a page whose head depends on its data says about itself once it has it (the shell's
 * ShellHost.pageHead in @mediakit/web-ui/contract).
 */
export type PageHeadReport =
  | { kind: 'tool'; tool: ToolHeadFields }
  | { kind: 'article'; article: ArticleHeadFields }
  | { kind: 'not-found' };

/** `/tools/` and `/tools` are the same page; the root stays `/`. */
export const normalizePath = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** `publicUrl` without a trailing slash, `path` normalized. */
export const canonicalUrl = (publicUrl: string, path: string) => `${publicUrl}${path}`;

/** The "Page Not Found" page: no canonical link, not for search engines. */
export const notFoundHead = (): PageHead => ({ ...PAGE_META['/404'] });

/**
 * The head of a page whose title and description never change (page-meta.ts), `/404` included;
 * undefined for any other path.
 */
export function fixedPageHead(path: string, publicUrl: string): PageHead | undefined {
  if (path === '/404') return notFoundHead();
  const meta = pageMeta(path);
  if (!meta) return undefined;
  const head: PageHead = { ...meta, canonical: canonicalUrl(publicUrl, path) };
  // The home page and the catalog offer search engines a search box into /tools.
  if (path === '/' || path === '/tools') head.jsonLd = [webSiteJsonLd(publicUrl)];
  return head;
}

export function toolHead(tool: ToolHeadFields, publicUrl: string): PageHead {
  const canonical = canonicalUrl(publicUrl, toolPath(tool));
  return {
    title: withBrand(tool.title),
    description: tool.description,
    canonical,
    jsonLd: [softwareApplicationJsonLd(tool, canonical)],
  };
}

export const articlePath = (slug: string) => `/blog/${slug}`;

export function articleHead(a: ArticleHeadFields, publicUrl: string): PageHead {
  const canonical = canonicalUrl(publicUrl, articlePath(a.slug));
  const description = a.metaDescription || a.excerpt || PAGE_META['/blog'].description;
  return {
    title: withBrand(a.metaTitle || a.title),
    description,
    keywords: a.keywords,
    canonical,
    ogType: 'article',
    jsonLd: [
      blogPostingJsonLd(
        {
          title: a.metaTitle || a.title,
          description,
          author: a.author,
          publishedAt: a.publishedAt,
          keywords: a.keywords,
        },
        canonical,
      ),
    ],
  };
}

/** An article's page while its text cannot be had (the content service is down): the blog's head. */
export const articleFallbackHead = (path: string, publicUrl: string): PageHead => ({
  ...PAGE_META['/blog'],
  canonical: canonicalUrl(publicUrl, path),
});
