import { trackPressedControls } from '@mediakit/web-ui/pressed-control';
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { useShell } from '../shell-context.tsx';
import type { ErrorDialogState } from './error-dialog-store.ts';

type View = ComponentType<{ state: ErrorDialogState; onClose: () => void }>;
let loaded: View | undefined;

/** The dialog's code (ErrorDialogView.tsx, Modal.tsx); bootstrap.tsx also fetches it once the page has settled. */
export const loadErrorDialog = () =>
  import('./ErrorDialogView.tsx').then((module) => {
    loaded = module.ErrorDialogView;
    return loaded;
  });

/**
 * The error dialog (docs/api.md). Its code loads with the first error, or once the page has settled,
 * not with every page (most visits never see it); until then this only listens. Once loaded it
 * stays mounted, so closing gives focus back to the control that opened it. A failed load
 * (offline) is tried again with the next error.
 */
export function ErrorDialog() {
  const { errorDialog } = useShell();
  const state = useSyncExternalStore(errorDialog.subscribe, errorDialog.get);
  const [View, setView] = useState(() => loaded);
  // From the start: the press that leads to an error comes before the dialog's code.
  useEffect(() => trackPressedControls(document), []);
  useEffect(() => {
    if (View || !state.isVisible) return;
    let mounted = true;
    loadErrorDialog().then(
      (view) => {
        if (mounted) setView(() => view);
      },
      (error: unknown) => console.error('Could not load the error dialog', error),
    );
    return () => {
      mounted = false;
    };
  }, [View, state]);
  return View ? <View state={state} onClose={errorDialog.hide} /> : null;
}
