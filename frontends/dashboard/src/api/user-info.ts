import { cookieSecureFor, documentCookieJar } from '@mediakit/web-api/cookies';
import { createSessionStore, type UserInfo } from '@mediakit/web-api/session-store';

/**
 * Updates the userInfo cookie after the server said something newer than it holds. The
 * store fires `userInfoChanged` on window, which the shell listens to, so its header, its pricing
 * page and the host handed to the dashboard follow at once without the remote reaching into the
 * shell.
 */
function updateUserInfo(change: Partial<Pick<UserInfo, 'plan' | 'roles'>>): void {
  const store = createSessionStore({
    jar: documentCookieJar,
    secure: cookieSecureFor(window.location.protocol),
    events: window,
  });
  const info = store.userInfo();
  if (!info) return;
  const next = { ...info, ...change };
  if (JSON.stringify(next) !== JSON.stringify(info)) store.saveUserInfo(next);
}

/** After a plan change. */
export const saveUserPlan = (plan: string) => updateUserInfo({ plan });

/** After the server showed a role given or taken since sign-in (the blog pages' 200 or 403). */
export const saveUserRoles = (roles: string[]) => updateUserInfo({ roles });
