import { useNavigate } from '@mediakit/web-shared/router';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { useMemo } from 'react';
import { loginRouteFor } from '../session/return-to.ts';
import { useSession } from '../session/use-session.ts';
import { useShell } from '../shell-context.tsx';

/** The host handed to remote pages: a new object when the session changes, so they re-render. */
export function useHost(): ShellHost {
  const shell = useShell();
  const session = useSession();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      api: shell.api,
      links: shell.links,
      authHeaders: shell.api.authHeaders,
      notify: shell.notify,
      showError: shell.showError,
      pageHead: shell.heads.report,
      session: {
        signedIn: session.signedIn,
        user: session.user,
        login: (returnTo?: string) => navigate(loginRouteFor(returnTo)),
      },
    }),
    [shell, session, navigate],
  );
}
