/**
 * A remote served alone in development (`npm run dev` in frontends/tools or frontends/dashboard):
 * its pages at their usual paths, with the shell's API client and session rules over the same
 * cookies, without the shell's layout or keycloak-js. Sign-in happens in the shell; the remote
 * then sees the session.
 */

import { NOT_FOUND_TEXT, withBrand } from '@mediakit/page-meta/brand';
import { createApiClient, postRefreshToken } from '@mediakit/web-api/api-client';
import { cookieSecureFor, documentCookieJar } from '@mediakit/web-api/cookies';
import { createFileLinks } from '@mediakit/web-api/download-links';
import { describeError } from '@mediakit/web-api/errors';
import { createRefresher } from '@mediakit/web-api/refresh';
import { createSessionStore } from '@mediakit/web-api/session-store';
import { QueryClient, QueryClientProvider } from '@mediakit/web-shared/query';
import { BrowserRouter, Route, Routes } from '@mediakit/web-shared/router';
import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify';
import type { RemoteRoutesModule, ShellHost } from './contract.ts';
import './styles.css';
import { createNotifier, type ToastApi } from './notifier.ts';

function createStandaloneHost(): ShellHost {
  const store = createSessionStore({
    jar: documentCookieJar,
    secure: cookieSecureFor(window.location.protocol),
    events: window,
  });
  const notify = createNotifier(toast as unknown as ToastApi);
  const login = (returnTo?: string) =>
    window.location.assign(
      `/?login=true&returnTo=${encodeURIComponent(returnTo ?? window.location.pathname)}`,
    );
  const api = createApiClient({
    store,
    events: window,
    refresher: createRefresher({ store, refreshOnServer: (body) => postRefreshToken(body) }),
    onAuthFailure: () => login(),
  });
  return {
    api,
    links: createFileLinks({ api, scope: () => store.userInfo()?.sub ?? 'guest' }),
    authHeaders: api.authHeaders,
    notify,
    showError: (error) => notify.error(describeError(error).message),
    session: { signedIn: store.isSignedIn(), user: store.userInfo(), login },
    // Alone there is no server head to keep in step with: the tab's title is enough.
    pageHead: (report) => {
      if (report.kind === 'tool') document.title = withBrand(report.tool.title);
      else if (report.kind === 'not-found') document.title = NOT_FOUND_TEXT.title;
    },
  };
}

/** Renders the remote's `routes` into `#root`, each page at its own path, anything else a hint. */
export function renderStandalone(routes: RemoteRoutesModule['routes']) {
  const host = createStandaloneHost();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = document.getElementById('root');
  if (!root) return;
  const notFound = <p>Not a page of this remote. Try {Object.keys(routes).join(', ')}.</p>;
  createRoot(root).render(
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <main className="container main">
          <Routes>
            {Object.entries(routes).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page host={host} />} />
            ))}
            <Route path="*" element={notFound} />
          </Routes>
        </main>
        <ToastContainer position="bottom-right" limit={20} />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}
