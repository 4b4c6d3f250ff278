import { useLocation } from '@mediakit/web-shared/router';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/closed state of a disclosure menu (the header's on phones). It closes on Escape (focus
 * back on its button), on a tap or a focus outside `root`, and when the page changes; a link in
 * it closes it too (`close`), also when it points at the page already shown.
 */
export function useMenu(root: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((was) => !was), []);

  useEffect(() => {
    // The page changed (a link, back, a redirect): the menu has done its job.
    void pathname;
    void search;
    setOpen(false);
  }, [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      target instanceof Node && root.current !== null && !root.current.contains(target);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, root]);

  return { open, toggle, close, button };
}
