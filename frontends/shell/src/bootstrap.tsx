import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startIdleReload } from './session/idle-reload.ts';
import { createShell } from './shell.ts';
import { warmUpWhenSettled } from './ui/warm-up.ts';

const shell = createShell();
startIdleReload(window, () => window.location.reload());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App shell={shell} />
  </StrictMode>,
);

warmUpWhenSettled([() => import('react-toastify')]);
