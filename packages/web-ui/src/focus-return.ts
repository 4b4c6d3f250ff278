/**
 * Where focus goes when a dialog closes (WAI-ARIA dialog pattern): back to the control that opened
 * it, so a keyboard or screen-reader user carries on where they were, not at the top of the page.
 */

/** What the rules read of an element; a DOM element has it all, a test's stand-in too. */
export interface FocusTarget {
  readonly isConnected: boolean;
  readonly disabled?: boolean;
  focus(options?: { preventScroll?: boolean }): void;
}

/**
 * The control that opened a dialog. After a press (mouse, pen or finger) that is the control
 * pressed: Safari, and Firefox on macOS, do not focus a button on click or tap, so the focused
 * element is then the body or whatever had focus before. After a key, the focused element.
 */
export function dialogOpener(
  active: FocusTarget | null | undefined,
  pressed: FocusTarget | null | undefined,
  body: FocusTarget | null | undefined,
): FocusTarget | undefined {
  if (pressed?.isConnected) return pressed;
  if (active && active !== body && active.isConnected) return active;
  return undefined;
}

const usable = (target: FocusTarget | null | undefined): target is FocusTarget =>
  !!target && target.isConnected && !target.disabled;

/**
 * Where focus goes as a dialog closes: where its page asks (e.g. a heading after the item whose
 * button opened it was deleted), else the opener while it is on the page and enabled, else the
 * fallback (the page's heading): never lost on the document's body.
 */
export function focusAfterClose(
  asked: FocusTarget | null | undefined,
  opener: FocusTarget | null | undefined,
  fallback: () => FocusTarget | null | undefined,
): FocusTarget | undefined {
  if (usable(asked)) return asked;
  if (usable(opener)) return opener;
  const last = fallback();
  return usable(last) ? last : undefined;
}

/** The page's heading (focusable from script, not by Tab), or its main region. */
export function pageHeading(doc: Document): HTMLElement | null {
  const heading = doc.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading ?? doc.querySelector<HTMLElement>('main');
}
