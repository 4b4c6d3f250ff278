/**
 * A host for a remote served alone in development (`npm run dev` in frontends/tools or
 * frontends/dashboard): the shell's API client and session rules over the same cookies, without
 * the shell's layout or keycloak-js. Sign-in happens in the shell; the remote then sees the session.
 */

import { NOT_FOUND_TEXT, withBrand } from '@mediakit/page-meta/brand';
import { createApiClient, postRefreshToken } from '@mediakit/web-api/api-client';
import { cookieSecureFor, documentCookieJar } from '@mediakit/web-api/cookies';
import { createFileLinks } from '@mediakit/web-api/download-links';
import { describeError } from '@mediakit/web-api/errors';
import { createRefresher } from '@mediakit/web-api/refresh';
import { createSessionStore } from '@mediakit/web-api/session-store';
import { toast } from 'react-toastify';
import type { ShellHost } from './contract.ts';
import { createNotifier, type ToastApi } from './notifier.ts';

export function createStandaloneHost(): ShellHost {
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
