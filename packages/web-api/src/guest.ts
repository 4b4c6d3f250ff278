import { SESSION_EVENTS } from './session-events.ts';

/**
 * A signed-out visitor's guest owner, asked for once before their writes. The gateway gives a
 * visitor without a guest cookie a new guest on each write (docs/api.md "Conventions"), so the parallel
 * first requests of a batch (five tus uploads at once) would each mint their own, the browser
 * would keep only the last cookie, and the other files would be lost to it ("Upload was not
 * found."). One `POST /auth/guest` first, shared by every caller of the page, avoids that.
 */
export interface GuestGate {
  /** Resolves once the guest cookie is set, or once asking for it failed (never rejects). */
  ensure(): Promise<void>;
}

export function createGuestGate(deps: {
  fetch: typeof fetch;
  baseUrl: string;
  /** Session events: a sign-in claims and clears the guest cookie, a sign-out needs a new guest. */
  events?: EventTarget;
}): GuestGate {
  let asked: Promise<void> | undefined;
  const forget = () => {
    asked = undefined;
  };
  deps.events?.addEventListener(SESSION_EVENTS.userInfoChanged, forget);
  deps.events?.addEventListener(SESSION_EVENTS.tokensCleared, forget);

  /** Whether the gateway answered; a failure is not thrown (see `ensure`). */
  const post = async (): Promise<boolean> => {
    try {
      const response = await deps.fetch(`${deps.baseUrl}/auth/guest`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      return response.ok;
    } catch {
      return false;
    }
  };
  return {
    ensure() {
      if (!asked) {
        // A failure releases the waiting writes all the same (they fail or succeed with their own
        // message) and is forgotten, so the next write asks again.
        const attempt: Promise<void> = post().then((ok) => {
          if (!ok && asked === attempt) forget();
        });
        asked = attempt;
      }
      return asked;
    },
  };
}

/** Writes act for an owner; the `/auth/` routes authenticate by their body and need none. */
export function needsGuest(method: string, path: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && !path.startsWith('/auth/');
}
