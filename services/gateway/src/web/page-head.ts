import { escapeHtml } from '@mediakit/kit';
import { BRAND } from '@mediakit/page-meta/brand';
import type { PageHead } from '@mediakit/page-meta/page-heads';

/**
 * JSON inside <script>: `<` is written as \u003c, so no value (an article title, say) can close
 * the script element or open a comment; U+2028/2029 likewise for old parsers.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function renderHead(head: PageHead): string {
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.keywords?.length)
    lines.push(`<meta name="keywords" content="${escapeHtml(head.keywords.join(', '))}">`);
  if (head.noindex) lines.push('<meta name="robots" content="noindex">');
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  lines.push(
    `<meta property="og:site_name" content="${BRAND}">`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
  );
  if (head.canonical) lines.push(`<meta property="og:url" content="${escapeHtml(head.canonical)}">`);
  lines.push('<meta name="twitter:card" content="summary">');
  for (const data of head.jsonLd ?? []) {
    lines.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  }
  return lines.join('\n    ');
}

/** The marker the shell's index.html template leaves in its head (frontends/shell/src/index.html). */
export const HEAD_MARKER = '<!--mk:head-->';

/**
 * index.html with the page's head: at the marker, else before </head>, else right after the
 * doctype (a head written before it would put the browser in quirks mode).
 */
export function injectHead(indexHtml: string, headHtml: string): string {
  if (indexHtml.includes(HEAD_MARKER)) return indexHtml.replace(HEAD_MARKER, () => headHtml);
  const end = indexHtml.search(/<\/head>/i);
  if (end >= 0) return `${indexHtml.slice(0, end)}${headHtml}\n${indexHtml.slice(end)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(indexHtml)?.[0] ?? '';
  return `${doctype}${headHtml}\n${indexHtml.slice(doctype.length)}`;
}
