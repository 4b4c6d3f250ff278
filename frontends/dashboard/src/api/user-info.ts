import { cookieSecureFor, documentCookieJar } from '../../../shell/src/session/cookies.ts';
import { createSessionStore } from '../../../shell/src/session/session-store.ts';

/**
 * Updates the plan in the spec's userInfo cookie after a plan change. The store fires
 * `userInfoChanged` on window, which the shell listens to, so its header and pricing page show the
 * new plan at once without the remote reaching into the shell.
 */
export function saveUserPlan(plan: string): void {
  const store = createSessionStore({
    jar: documentCookieJar,
    secure: cookieSecureFor(window.location.protocol),
    events: window,
  });
  const info = store.userInfo();
  if (info && info.plan !== plan) store.saveUserInfo({ ...info, plan });
}
