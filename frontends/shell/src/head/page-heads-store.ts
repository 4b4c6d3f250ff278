import type { HeadState } from '@mediakit/page-meta/head-for';
import type { PageHeadReport } from '@mediakit/web-ui/contract';

type Writer = { writeHead(state: HeadState): void };

export interface PageHeads {
  /** The router's pathname, on every change. */
  route(pathname: string): void;
  /** What the page on screen shows, once it knows (shell pages, and remotes through the host). */
  report(report: PageHeadReport): void;
}

/**
 * Keeps the document's head in step with the page after client-side navigation. The path and
 * what the page says about itself (a catalog entry, an article, a missing page) decide the head,
 * built as the server builds it (head/head-for.ts). The first page's head came with the HTML:
 * nothing is written, and the writer's code is not even fetched, until the visitor first moves to
 * another page (a redirect to the login route included).
 */
export function createPageHeads({
  initialPath,
  currentPath,
  load = () => import(/* webpackChunkName: "page-head" */ './write-head.ts'),
}: {
  initialPath: string;
  /** The address bar's pathname when a page reports (the router has already pushed it). */
  currentPath: () => string;
  load?: () => Promise<Writer>;
}): PageHeads {
  const state: HeadState = { path: initialPath };
  let navigated = false;
  let writer: Promise<Writer> | undefined;

  const write = () => {
    if (!navigated) return;
    writer ??= load();
    writer.then(
      // The state as it is when the code is here: the latest path and report win.
      (module) => module.writeHead(state),
      (error) => {
        writer = undefined; // the next navigation asks again
        console.warn('The page head could not be updated:', error);
      },
    );
  };

  return {
    route(pathname) {
      if (pathname === state.path) return;
      navigated = true;
      state.path = pathname;
      write();
    },
    report(report) {
      state.report = { path: currentPath(), report };
      write();
    },
  };
}
