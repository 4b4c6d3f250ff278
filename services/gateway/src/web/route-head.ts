import type { PublicTool } from '@mediakit/catalog';
import { API_BASE } from '../../../../frontends/shell/src/api/api-base.ts';
import { PAGE_META, pageMeta, withBrand } from '../../../../frontends/shell/src/pages/page-meta.ts';
import type { BlogSource } from './blog-source.ts';
import { blogPostingJsonLd, softwareApplicationJsonLd, webSiteJsonLd } from './json-ld.ts';
import type { PageHead } from './page-head.ts';

export interface RouteHead {
  status: 200 | 404;
  head: PageHead;
  /**
   * API paths the page requests as soon as its code runs (a tool page: its tool). The HTML
   * preloads them, so the answer is on its way while the scripts download.
   */
  fetches?: string[];
}

export interface RouteHeadContext {
  publicUrl: string;
  tools: ReadonlyMap<string, PublicTool>;
  blog: BlogSource;
}

const notFound = (): RouteHead => ({ status: 404, head: { ...PAGE_META['/404'] } });

/** `/tools/` and `/tools` are the same page; the root stays `/`. */
export const normalizePath = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * The head and status of a page route, decided on the server so the first HTML response already
 * carries the page's own title, description, canonical link, Open Graph tags and JSON-LD, and an
 * unknown path answers 404. The shell's router renders the same pages in the browser.
 */
export async function routeHead(pathname: string, ctx: RouteHeadContext): Promise<RouteHead> {
  const path = normalizePath(pathname);
  const canonical = `${ctx.publicUrl}${path === '/' ? '/' : path}`;

  if (path === '/') {
    return { status: 200, head: { ...PAGE_META['/'], canonical, jsonLd: [webSiteJsonLd(ctx.publicUrl)] } };
  }
  if (path === '/tools') {
    return {
      status: 200,
      head: { ...PAGE_META['/tools'], canonical, jsonLd: [webSiteJsonLd(ctx.publicUrl)] },
    };
  }
  if (path === '/404') return notFound();

  const meta = pageMeta(path);
  if (meta) return { status: 200, head: { ...meta, canonical } };

  const entry = /^\/(tool|converter)\/([a-z0-9-]+)$/.exec(path);
  if (entry) {
    const tool = ctx.tools.get(entry[2]);
    if (!tool || tool.kind !== entry[1]) return notFound();
    return {
      status: 200,
      fetches: [`${API_BASE}/tools/${tool.name}`],
      head: {
        title: withBrand(tool.title),
        description: tool.description,
        canonical,
        jsonLd: [softwareApplicationJsonLd(tool, canonical)],
      },
    };
  }

  const article = /^\/blog\/([^/]+)$/.exec(path);
  if (article) {
    const lookup = await ctx.blog.article(article[1]);
    if (!lookup.found) {
      if (lookup.reason === 'not_found') return notFound();
      // The content service is down or not there: a generic blog head is better than none.
      return { status: 200, head: { ...PAGE_META['/blog'], canonical } };
    }
    const a = lookup.article;
    const title = withBrand(a.metaTitle || a.title);
    const description = a.metaDescription || a.excerpt || PAGE_META['/blog'].description;
    return {
      status: 200,
      head: {
        title,
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
      },
    };
  }

  return notFound();
}
