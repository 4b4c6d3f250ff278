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
// The first render as a transition: React renders it in slices and lets the browser in between,
// so no single long task blocks a slow phone's main thread (docs/benchmarks.md, Web).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App shell={shell} />
    </StrictMode>,
  );
});

warmUpWhenSettled([() => import('react-toastify'), loadErrorDialog]);
