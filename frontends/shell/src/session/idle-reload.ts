/** After this long without activity the page reloads on the next activity (docs/api.md, "Web app rules"). */
export const IDLE_RELOAD_MS = 60 * 60 * 1000;

/** What counts as the user being active. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface IdleReload {
  /** Records activity; reloads (and returns true) when the previous one is an hour or more ago. */
  activity(): boolean;
}

export function createIdleReload(options: {
  reload: () => void;
  now?: () => number;
  idleMs?: number;
}): IdleReload {
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? IDLE_RELOAD_MS;
  let last = now();
  let reloading = false;
  return {
    activity() {
      if (reloading) return true;
      const t = now();
      if (t - last >= idleMs) {
        reloading = true;
        options.reload();
        return true;
      }
      last = t;
      return false;
    },
  };
}

/** Wires the timer to the window's activity events; returns a function that removes them. */
export function startIdleReload(
  target: EventTarget,
  reload: () => void,
  idleMs = IDLE_RELOAD_MS,
): () => void {
  const idle = createIdleReload({ reload, idleMs });
  const onActivity = () => {
    idle.activity();
  };
  for (const name of ACTIVITY_EVENTS)
    target.addEventListener(name, onActivity, { passive: true, capture: true });
  return () => {
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, { capture: true });
  };
}
