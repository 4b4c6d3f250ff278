/**
 * Which head the page on screen gets after client-side navigation: the same one the server would
 * have put in the first HTML response for that path (page-heads.ts). Pure: no DOM, so the
 * gateway's tests check it against the server's own heads.
 */
import {
  articleHead,
  articlePath,
  fixedPageHead,
  normalizePath,
  notFoundHead,
  type PageHead,
  type PageHeadReport,
  toolHead,
} from './page-heads.ts';
import { toolPath } from './page-meta.ts';

export interface HeadState {
  /** The router's pathname. */
  path: string;
  /** The latest page's account of itself, and the pathname it was given at. */
  report?: { path: string; report: PageHeadReport };
}

/** Catalog entries and articles: their head needs the page's data (the page reports it). */
const DATA_PAGE = /^\/(?:tool|converter|blog)\/[^/]+$/;

/** A pathname as the server sees it: percent-decoded, without a trailing slash. */
export function serverPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Kept as it is: the server answers such a path with its 404 page, as the shell does.
  }
  return normalizePath(decoded);
}

/**
 * The head for `state`, or undefined while a catalog entry's or an article's page has not said
 * what it shows yet (its data is on the way): the head is then left as it is until it does.
 */
export function headFor(state: HeadState, publicUrl: string): PageHead | undefined {
  const path = serverPath(state.path);
  const fixed = fixedPageHead(path, publicUrl);
  if (fixed) return fixed;
  const said = state.report;
  // A report names its page (a tool, an article), so one that arrives late from the page being
  // left never lends its head to the next.
  if (said?.report.kind === 'tool' && toolPath(said.report.tool) === path)
    return toolHead(said.report.tool, publicUrl);
  if (said?.report.kind === 'article' && articlePath(said.report.article.slug) === path)
    return articleHead(said.report.article, publicUrl);
  if (said?.report.kind === 'not-found' && serverPath(said.path) === path) return notFoundHead();
  return DATA_PAGE.test(path) ? undefined : notFoundHead();
}
