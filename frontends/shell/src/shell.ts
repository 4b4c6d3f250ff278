import { type ApiClient, createApiClient, postRefreshToken } from '@mediakit/web-api/api-client';
import { cookieSecureFor, documentCookieJar } from '@mediakit/web-api/cookies';
import type { FileLinks } from '@mediakit/web-api/download-links';
import { describeError, ERROR_TEXT, isApiRequestError } from '@mediakit/web-api/errors';
import { lazyFileLinks } from '@mediakit/web-api/lazy-file-links';
import { createRefresher } from '@mediakit/web-api/refresh';
import { createSessionStore, type SessionStore } from '@mediakit/web-api/session-store';
import { MutationCache, QueryCache, QueryClient } from '@mediakit/web-shared/query';
import { createNotifier, type Notifier } from '@mediakit/web-ui/notifier';
import { createPageHeads, type PageHeads } from './head/page-heads-store.ts';
import { LOGIN_ROUTE } from './session/return-to.ts';
import { createErrorDialogStore, type ErrorDialogStore } from './ui/error-dialog-store.ts';
import { lazyToasts } from './ui/lazy-toasts.ts';

/** Everything the pages share: built once at start, handed down through ShellContext. */
export interface Shell {
  store: SessionStore;
  api: ApiClient;
  /** Download links for previews and downloads (see contract.ts `ShellHost.links`). */
  links: FileLinks;
  notify: Notifier;
  errorDialog: ErrorDialogStore;
  queryClient: QueryClient;
  /** Error dialog for API errors, a toast for network failures, nothing for a failed session (already told). */
  showError(error: unknown): void;
  /** Set by the router once it exists: client-side navigation for code outside components. */
  navigate: (to: string) => void;
  /** The document's head after client-side navigation (Layout reports the path, pages their data). */
  heads: PageHeads;
}

export function createShell(): Shell {
  const store = createSessionStore({
    jar: documentCookieJar,
    secure: cookieSecureFor(window.location.protocol),
    events: window,
  });
  const notify = createNotifier(lazyToasts.api);
  const errorDialog = createErrorDialogStore();
  const refresher = createRefresher({
    store,
    refreshOnServer: (body) => postRefreshToken(body),
    // Only sessions of an external provider renew there: its code (keycloak-js's loader, the
    // sign-in module) is fetched then, not with every page.
    refreshAtProvider: (token) =>
      import('./session/sign-in.ts').then((signIn) => signIn.refreshAtProvider(store, token)),
  });

  const shell: Shell = {
    store,
    notify,
    errorDialog,
    navigate: (to) => window.location.assign(to),
    heads: createPageHeads({
      initialPath: window.location.pathname,
      currentPath: () => window.location.pathname,
    }),
    api: createApiClient({
      store,
      refresher,
      events: window,
      onAuthFailure: () => {
        notify.error(ERROR_TEXT.authFailedTitle, ERROR_TEXT.authFailedBody);
        const here = `${window.location.pathname}${window.location.search}`;
        shell.navigate(`${LOGIN_ROUTE}&returnTo=${encodeURIComponent(here)}`);
      },
    }),
    showError(error) {
      if (isApiRequestError(error) && error.authFailed) return;
      if (isApiRequestError(error) && error.network) {
        notify.error(ERROR_TEXT.network);
        return;
      }
      const { message, log } = describeError(error);
      errorDialog.show(message, log);
    },
    queryClient: undefined as unknown as QueryClient,
    links: undefined as unknown as FileLinks,
  };
  // Links are first asked for after an upload or on the dashboard: their code loads then.
  shell.links = lazyFileLinks(() =>
    import('@mediakit/web-api/download-links').then(({ createFileLinks }) =>
      createFileLinks({ api: shell.api, scope: () => store.userInfo()?.sub ?? 'guest' }),
    ),
  );

  // Queries and mutations report their errors in one place unless they handle them
  // themselves (`meta: { silent: true }`, e.g. a form that shows field errors).
  shell.queryClient = new QueryClient({
    defaultOptions: {
      // The API client already retries (3 attempts for GETs); TanStack Query must not multiply it.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) shell.showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) shell.showError(error);
      },
    }),
  });
  return shell;
}
