/**
 * The contract between the shell and its remotes. A remote exposes `./routes`, a module whose
 * `routes` maps the shell's mount patterns to page components; the shell renders each page inside
 * its own layout and route (so `useParams` works) and hands it the host: the API client with the
 * session rules, the session, and the notifications. Remotes import these types only; nothing of
 * the shell is bundled into them.
 */

import type { PageHeadReport } from '@mediakit/page-meta/page-heads';
import type { ApiClient } from '@mediakit/web-api/api-client';
import type { FileLinks } from '@mediakit/web-api/download-links';
import type { UserInfo } from '@mediakit/web-api/session-store';
import type { ComponentType } from 'react';
import type { Notifier } from './notifier.ts';

export interface ShellSession {
  signedIn: boolean;
  user: UserInfo | undefined;
  /** Goes to the login route; after signing in the user comes back to `returnTo` (a path). */
  login(returnTo?: string): void;
}

export interface ShellHost {
  api: ApiClient;
  session: ShellSession;
  notify: Notifier;
  /** Shows an error in the shell's error dialog (with its log, when the error carries one). */
  showError(error: unknown): void;
  /**
   * Download links of the caller's files (cached until shortly before they expire): the URL to put
   * in `<img>`, `<video>` or `<a download>` for guests and signed-in users alike, so the browser
   * streams the bytes itself. Never fetch file bytes into a blob.
   */
  links: FileLinks;
  /**
   * Headers for requests the API client cannot make itself (tus uploads, the job event stream via
   * fetch, multipart posts): a fresh bearer for a signed-in user, renewed through the shell's
   * session (with `renew` after the server refused one); none for a guest.
   */
  authHeaders(options?: { renew?: boolean }): Promise<Record<string, string>>;
  /**
   * Tells the shell what the page shows once its data is here (a catalog entry, a missing page),
   * so that after client-side navigation the document's head (title, description, canonical link,
   * Open Graph, JSON-LD) is the one the server gives that page. Pages with fixed heads (the
   * dashboard's, `/tools`) need not call it: the shell knows them by their path.
   */
  pageHead(report: PageHeadReport): void;
}

export type { PageHeadReport };

export interface RemotePageProps {
  host: ShellHost;
}

export type RemotePage = ComponentType<RemotePageProps>;

/** What `<remote>/routes` exports. Keys are the shell's route patterns, e.g. '/tool/:name'. */
export interface RemoteRoutesModule {
  routes: Record<string, RemotePage>;
}

export { REMOTE_MOUNTS, type RemoteName } from '@mediakit/page-meta/remote-mounts';

/**
 * The cache tags (docs/web-app.md) as TanStack Query key roots, shared by the shell and both
 * remotes through the one QueryClient: `['Jobs', ...]`, `['Files', ...]`, `['Stats']` on the
 * authenticated API, `['Blog', ...]` on the public one. A call that changes what a tag covers
 * invalidates that root (`queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.jobs] })`), so every
 * page showing it refetches: e.g. the tools remote after `POST /jobs` invalidates Jobs and Stats.
 */
export const CACHE_TAGS = {
  stats: 'Stats',
  files: 'Files',
  jobs: 'Jobs',
  blog: 'Blog',
} as const;

export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS];

/**
 * Keys of the account's queries, shared by the shell's /account page and the dashboard's plan
 * page. A plan change writes the server's answer under `subscription` (and the plan into `me`), so
 * a page that shows the plan has the new one the moment it opens, not after a refetch.
 */
export const ACCOUNT_KEYS = {
  me: ['me'],
  plans: ['plans'],
  subscription: ['subscription'],
} as const;
