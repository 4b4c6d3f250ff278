/**
 * The control under the latest press (mouse, pen or finger), for focus-return.ts's dialogOpener:
 * Safari, and Firefox on macOS, do not focus a button on click or tap. Its own module because
 * tracking starts with the page, before any dialog's code has loaded.
 */

const PRESSABLE = 'button, a[href], summary, [role="button"], input, select, textarea';
let lastPressed: Element | null = null;
let tracking = false;

/**
 * Starts noting the control under each press (once per page), for dialogOpener; a key pressed
 * since forgets it, as the focused element then says where the user is.
 */
export function trackPressedControls(doc: Document): void {
  if (tracking) return;
  tracking = true;
  const options = { capture: true, passive: true };
  doc.addEventListener(
    'pointerdown',
    (event) => {
      lastPressed = event.target instanceof Element ? event.target.closest(PRESSABLE) : null;
    },
    options,
  );
  doc.addEventListener(
    'keydown',
    () => {
      lastPressed = null;
    },
    options,
  );
}

export const pressedControl = (): HTMLElement | null => lastPressed as HTMLElement | null;
