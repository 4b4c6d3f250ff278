/**
 * The contract between the shell and its remotes. A remote exposes `./routes`, a module whose
 * `routes` maps the shell's mount patterns to page components; the shell renders each page inside
 * its own layout and route (so `useParams` works) and hands it the host: the API client with the
 * session rules, the session, and the notifications. Remotes import these types only; nothing of
 * the shell is bundled into them.
 */
import type { ComponentType } from 'react';
import type { ApiClient } from '../api/api-client.ts';
import type { UserInfo } from '../session/session-store.ts';
import type { Notifier } from '../ui/notifier.ts';

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
}

export interface RemotePageProps {
  host: ShellHost;
}

export type RemotePage = ComponentType<RemotePageProps>;

/** What `<remote>/routes` exports. Keys are the shell's route patterns, e.g. '/tool/:name'. */
export interface RemoteRoutesModule {
  routes: Record<string, RemotePage>;
}

/** The mount patterns the shell serves from each remote. */
export const REMOTE_MOUNTS = {
  tools: ['/tools', '/tool/:name', '/converter/:name'],
  dashboard: ['/dashboard/*'],
} as const;

export type RemoteName = keyof typeof REMOTE_MOUNTS;
