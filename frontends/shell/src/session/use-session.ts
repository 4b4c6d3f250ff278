import { SESSION_EVENTS } from '@mediakit/web-api/session-events';
import type { UserInfo } from '@mediakit/web-api/session-store';
import { useEffect, useState } from 'react';
import { useShell } from '../shell-context.tsx';

export interface SessionState {
  signedIn: boolean;
  user: UserInfo | undefined;
}

/** The session as the cookies say, re-read whenever the session events fire. */
export function useSession(): SessionState {
  const { store } = useShell();
  const [state, setState] = useState<SessionState>(() => ({
    signedIn: store.isSignedIn(),
    user: store.userInfo(),
  }));
  useEffect(() => {
    const update = () => setState({ signedIn: store.isSignedIn(), user: store.userInfo() });
    const names = [
      SESSION_EVENTS.userInfoChanged,
      SESSION_EVENTS.tokensCleared,
      SESSION_EVENTS.tokenRefreshed,
    ];
    // Another tab may have signed out (the cookies are shared), or the page comes back from the
    // back-forward cache: look at the cookies again whenever the page is shown (and re-render only
    // when they changed).
    const reread = () =>
      setState((previous) => {
        const next = { signedIn: store.isSignedIn(), user: store.userInfo() };
        const same =
          next.signedIn === previous.signedIn && JSON.stringify(next.user) === JSON.stringify(previous.user);
        return same ? previous : next;
      });
    const onVisible = () => {
      if (document.visibilityState === 'visible') reread();
    };
    for (const name of names) window.addEventListener(name, update);
    for (const name of ['pageshow', 'focus']) window.addEventListener(name, reread);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const name of names) window.removeEventListener(name, update);
      for (const name of ['pageshow', 'focus']) window.removeEventListener(name, reread);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store]);
  return state;
}
