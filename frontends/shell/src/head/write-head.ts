/**
 * Writes a page's head into the document after client-side navigation: title, description,
 * keywords, robots, canonical link, Open Graph and JSON-LD, as the gateway renders them in the
 * first HTML response (services/gateway/src/web/page-head.ts). Loaded with the first navigation,
 * never in a first load.
 */

import { type HeadState, headFor } from '@mediakit/page-meta/head-for';
import type { PageHead } from '@mediakit/page-meta/page-heads';
import { inlineRuntimeConfig } from '../federation/runtime-config.ts';

/**
 * The origin the server names in canonical links (PUBLIC_URL), which may differ from the address
 * the browser came in on (127.0.0.1, a LAN address): from the page's runtime config, else from
 * the canonical link the server wrote.
 */
function publicUrl(doc: Document): string {
  const configured = inlineRuntimeConfig(doc)?.publicUrl;
  if (configured) return configured;
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical ? new URL(canonical).origin : doc.location.origin;
}

export function writeHead(state: HeadState, doc: Document = document): void {
  const head = headFor(state, publicUrl(doc));
  if (head) applyHead(doc, head);
}

function applyHead(doc: Document, head: PageHead): void {
  if (doc.title !== head.title) doc.title = head.title;
  setMeta(doc, 'name', 'description', head.description);
  setMeta(doc, 'name', 'keywords', head.keywords?.length ? head.keywords.join(', ') : undefined);
  setMeta(doc, 'name', 'robots', head.noindex ? 'noindex' : undefined);
  setCanonical(doc, head.canonical);
  setMeta(doc, 'property', 'og:type', head.ogType ?? 'website');
  setMeta(doc, 'property', 'og:title', head.title);
  setMeta(doc, 'property', 'og:description', head.description);
  setMeta(doc, 'property', 'og:url', head.canonical);
  setJsonLd(doc, head.jsonLd ?? []);
}

/** A `<meta>` with that content, created when missing; removed when `content` is undefined. */
function setMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string | undefined) {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = doc.createElement('meta');
    meta.setAttribute(attribute, key);
    doc.head.append(meta);
  }
  if (meta.content !== content) meta.content = content;
}

function setCanonical(doc: Document, href: string | undefined) {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === undefined) {
    link?.remove();
    return;
  }
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'canonical';
    doc.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** The page's structured data: data blocks, never run, so the CSP has nothing to say about them. */
function setJsonLd(doc: Document, data: object[]) {
  const texts = data.map((item) => JSON.stringify(item));
  const scripts = [...doc.head.querySelectorAll('script[type="application/ld+json"]')];
  if (scripts.length === texts.length && scripts.every((s, i) => s.textContent === texts[i])) return;
  for (const script of scripts) script.remove();
  for (const text of texts) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = text;
    doc.head.append(script);
  }
}
