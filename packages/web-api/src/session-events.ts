/**
 * Window events (docs/api.md, "Web app rules"): saving or clearing userInfo fires `userInfoChanged`,
 * clearing the tokens `tokensCleared`, a successful refresh `tokenRefreshed`. Remotes and other
 * tabs' code can listen without importing the shell.
 */
export const SESSION_EVENTS = {
  userInfoChanged: 'userInfoChanged',
  tokensCleared: 'tokensCleared',
  tokenRefreshed: 'tokenRefreshed',
} as const;

export type SessionEventName = (typeof SESSION_EVENTS)[keyof typeof SESSION_EVENTS];

export function emit(target: EventTarget, name: SessionEventName, detail?: unknown): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}
