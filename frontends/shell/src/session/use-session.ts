import { useEffect, useState } from 'react';
import { useShell } from '../shell-context.tsx';
import { SESSION_EVENTS } from './session-events.ts';
import type { UserInfo } from './session-store.ts';

export interface SessionState {
  signedIn: boolean;
  user: UserInfo | undefined;
}

/** The session as the cookies say, re-read whenever the spec's events fire. */
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
    for (const name of names) window.addEventListener(name, update);
    return () => {
      for (const name of names) window.removeEventListener(name, update);
    };
  }, [store]);
  return state;
}
