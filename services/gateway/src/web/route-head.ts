import type { PublicTool } from '@mediakit/catalog';
import { API_BASE } from '@mediakit/page-meta/api-base';
import {
  articleFallbackHead,
  articleHead,
  fixedPageHead,
  normalizePath,
  notFoundHead,
  type PageHead,
  toolHead,
} from '@mediakit/page-meta/page-heads';
import type { BlogSource } from './blog-source.ts';

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

const notFound = (): RouteHead => ({ status: 404, head: notFoundHead() });

/**
 * The head and status of a page route, decided on the server so the first HTML response already
 * carries the page's own title, description, canonical link, Open Graph tags and JSON-LD, and an
 * unknown path answers 404. The shell's router renders the same pages in the browser, and writes
 * the same heads (from the same module, page-heads.ts) after client-side navigation.
 */
export async function routeHead(pathname: string, ctx: RouteHeadContext): Promise<RouteHead> {
  const path = normalizePath(pathname);
  if (path === '/404') return notFound();
  const fixed = fixedPageHead(path, ctx.publicUrl);
  if (fixed) return { status: 200, head: fixed };

  const entry = /^\/(tool|converter)\/([a-z0-9-]+)$/.exec(path);
  if (entry) {
    const tool = ctx.tools.get(entry[2]);
    if (!tool || tool.kind !== entry[1]) return notFound();
    return { status: 200, fetches: [`${API_BASE}/tools/${tool.name}`], head: toolHead(tool, ctx.publicUrl) };
  }

  const article = /^\/blog\/([^/]+)$/.exec(path);
  if (article) {
    const lookup = await ctx.blog.article(article[1]);
    if (lookup.found) return { status: 200, head: articleHead(lookup.article, ctx.publicUrl) };
    if (lookup.reason === 'not_found') return notFound();
    // The content service is down or not there: a generic blog head is better than none.
    return { status: 200, head: articleFallbackHead(path, ctx.publicUrl) };
  }

  return notFound();
}
