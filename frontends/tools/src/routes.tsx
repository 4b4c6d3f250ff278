import type { RemotePage } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { lazyComponent } from './lazy-component.tsx';
import { preloadToolPage, ToolPage } from './pages/ToolPage.tsx';

// The list page is a chunk of its own: tool pages, where most visits land, never fetch it. ToolPage
// is small and loads with this module, so a tool's data is asked for without waiting on more code.
// Meanwhile, the shell's own placeholder while it loads a remote, so its arrival is the only change.
const ToolsListPage = lazyComponent(
  () => import('./pages/ToolsListPage.tsx').then((m) => m.ToolsListPage),
  <Skeleton label="Loading the page" lines={6} />,
);

// Loaded for a tool's page (the first visit's, or the shell's next page): its code and copy start now.
const toolPage = /^\/(?:tool|converter)\/([a-z0-9-]+)$/.exec(window.location.pathname);
if (toolPage) preloadToolPage(toolPage[1]);

/** The pages this remote renders, by the shell's route pattern (see the shell's federation contract). */
export const routes: Record<string, RemotePage> = {
  '/tools': ToolsListPage,
  '/tool/:name': (props) => <ToolPage {...props} kind="tool" />,
  '/converter/:name': (props) => <ToolPage {...props} kind="converter" />,
};
