import { type CookieJar, expiredCookie, parseCookies, type SessionCookie, sessionCookie } from './cookies.ts';
import { emit, SESSION_EVENTS } from './session-events.ts';

/** What the userInfo cookie holds (JSON, at least `sub`: docs/api.md). */
export interface UserInfo {
  sub: string;
  email?: string;
  name?: string;
  plan?: string;
  roles?: string[];
}

export interface SessionTokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
}

export interface SessionStore {
  accessToken(): string | undefined;
  refreshToken(): string | undefined;
  idToken(): string | undefined;
  userInfo(): UserInfo | undefined;
  /** Signed in = we know who (userInfo) and can renew the session (refresh token). */
  isSignedIn(): boolean;
  /** Stores the tokens of a new session (after sign-in). */
  saveTokens(tokens: SessionTokens): void;
  /** Stores renewed tokens and fires `tokenRefreshed`. */
  saveRefreshedTokens(tokens: SessionTokens): void;
  /** Stores userInfo and fires `userInfoChanged`. */
  saveUserInfo(info: UserInfo): void;
  /** Removes tokens and userInfo; fires `tokensCleared` and `userInfoChanged`. */
  clear(): void;
}

export function parseUserInfo(raw: string | undefined): UserInfo | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value === 'object' && value !== null && typeof (value as UserInfo).sub === 'string') {
      return value as UserInfo;
    }
  } catch {
    // A damaged cookie is the same as none.
  }
  return undefined;
}

export function createSessionStore(options: {
  jar: CookieJar;
  /** Set the Secure flag (see cookieSecureFor). */
  secure: boolean;
  events: EventTarget;
}): SessionStore {
  const { jar, secure, events } = options;
  // Each API call looks at two or three session cookies, and a read of `document.cookie` is a
  // synchronous round trip to the browser's network process once a cookie has changed. So one read
  // serves every look until the current script step ends (a microtask): another tab's change is
  // seen from the next step on, and a write here drops it.
  let cookies: Record<string, string> | undefined;
  const read = (name: SessionCookie): string | undefined => {
    if (!cookies) {
      cookies = parseCookies(jar.read());
      queueMicrotask(() => {
        cookies = undefined;
      });
    }
    const value = cookies[name];
    return value === undefined || value === '' ? undefined : value;
  };
  const write = (name: SessionCookie, value: string | undefined) => {
    cookies = undefined;
    jar.write(value ? sessionCookie(name, value, secure) : expiredCookie(name, secure));
  };
  const saveTokens = (tokens: SessionTokens) => {
    write('accessToken', tokens.accessToken);
    if (tokens.refreshToken !== undefined) write('refreshToken', tokens.refreshToken);
    if (tokens.idToken !== undefined) write('idToken', tokens.idToken);
  };
  return {
    accessToken: () => read('accessToken'),
    refreshToken: () => read('refreshToken'),
    idToken: () => read('idToken'),
    userInfo: () => parseUserInfo(read('userInfo')),
    isSignedIn() {
      return this.userInfo() !== undefined && this.refreshToken() !== undefined;
    },
    saveTokens,
    saveRefreshedTokens(tokens) {
      saveTokens(tokens);
      emit(events, SESSION_EVENTS.tokenRefreshed);
    },
    saveUserInfo(info) {
      write('userInfo', JSON.stringify(info));
      emit(events, SESSION_EVENTS.userInfoChanged, info);
    },
    clear() {
      for (const name of ['accessToken', 'refreshToken', 'idToken'] as const) write(name, undefined);
      emit(events, SESSION_EVENTS.tokensCleared);
      write('userInfo', undefined);
      emit(events, SESSION_EVENTS.userInfoChanged, null);
    },
  };
}
