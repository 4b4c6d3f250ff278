import type { PublicTool } from '@mediakit/catalog';
import { escapeHtml } from '@mediakit/kit';
import type { ArticleHeadFields } from './blog-source.ts';

/** Public pages worth indexing; personal pages (account, dashboard) and sign-in steps are not. */
export const PUBLIC_PAGES = [
  '/',
  '/tools',
  '/pricing',
  '/blog',
  '/contact-us',
  '/privacy',
  '/terms',
  '/developers',
] as const;

export function buildSitemap(
  publicUrl: string,
  tools: readonly PublicTool[],
  articles: readonly ArticleHeadFields[],
): string {
  const urls: { loc: string; lastmod?: string }[] = [
    ...PUBLIC_PAGES.map((page) => ({ loc: `${publicUrl}${page}` })),
    ...tools.map((tool) => ({
      loc: `${publicUrl}/${tool.kind === 'converter' ? 'converter' : 'tool'}/${tool.name}`,
    })),
    ...articles.map((a) => ({
      loc: `${publicUrl}/blog/${encodeURIComponent(a.slug)}`,
      lastmod: Number.isNaN(Date.parse(a.publishedAt)) ? undefined : new Date(a.publishedAt).toISOString(),
    })),
  ];
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /oidc/',
    'Disallow: /auth/',
    'Disallow: /account',
    'Disallow: /dashboard',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
