import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startIdleReload } from './session/idle-reload.ts';
import { createShell } from './shell.ts';
import { loadErrorDialog } from './ui/ErrorDialog.tsx';
import { warmUpWhenSettled } from './ui/warm-up.ts';

const shell = createShell();
startIdleReload(window, () => window.location.reload());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser in between, instead of one task for the whole page (on a slow phone, the dashboard's
// first render blocked the main thread for about 140 ms: Lighthouse's total blocking time).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App shell={shell} />
    </StrictMode>,
  );
});

warmUpWhenSettled([() => import('react-toastify'), loadErrorDialog]);
