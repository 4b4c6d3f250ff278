/** How long after start the page is taken to have settled, if nobody has touched it before. */
const SETTLE_MS = 4000;

/**
 * Fetches code the page does not need to show itself but must have when something goes wrong
 * (the toasts, the error dialog): at the visitor's first touch or key press, or once the page has
 * settled, whichever comes first. Kept out of the first load (it competes with what the page
 * shows), yet fetched while the network that just served the page is still there, so an error
 * that comes with going offline can still be shown.
 */
export function warmUpWhenSettled(loads: ReadonlyArray<() => Promise<unknown>>): void {
  let done = false;
  const events = ['pointerdown', 'keydown'] as const;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const event of events) window.removeEventListener(event, run);
    for (const load of loads) load().catch(() => {});
  };
  const timer = setTimeout(run, SETTLE_MS);
  for (const event of events) window.addEventListener(event, run, { passive: true });
}
