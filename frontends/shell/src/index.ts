// The stylesheet is part of the first HTML response (a <link> in the head), so the page never
// renders unstyled or shifts when it arrives.
import '@mediakit/web-ui/styles.css';
// The footer's own rules, beside the main stylesheet so they arrive with it (it is on every page).
import './ui/footer.css';
import { remoteAt } from '@mediakit/page-meta/remote-at';
import { preloadRemoteRoutes } from './federation/remote-loader.ts';

// A remote's page (a tool, the dashboard) downloads its remote alongside the shell's own chunks:
// the runtime config, the manifest and the remote's files no longer wait for React to start.
// The home page's chunk likewise starts with the app's on `/` (it is not in the first load of
// any other page).
const remote = remoteAt(window.location.pathname);
if (remote) preloadRemoteRoutes(remote);
else if (window.location.pathname === '/') void import(/* webpackChunkName: "home" */ './pages/HomePage.tsx');

// The async boundary Module Federation needs: shared singletons (React, the router, TanStack
// Query) are negotiated with the remotes before any of them is evaluated.
import('./bootstrap.tsx');
