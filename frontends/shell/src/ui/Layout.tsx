import { Outlet, useLocation } from '@mediakit/web-shared/router';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { Suspense, useEffect, useRef } from 'react';
import { useShell } from '../shell-context.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/**
 * Header, the page, footer. After client-side navigation focus moves to the new page's main, and
 * the document's head follows the new path (head/page-heads-store.ts).
 */
export function Layout() {
  const location = useLocation();
  const { heads } = useShell();
  useEffect(() => heads.route(location.pathname), [heads, location.pathname]);
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    // Not on the first render: the browser already starts at the top with focus on the document.
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [location.pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className="container main">
        {/* While a page's chunk is fetched, the first time it is shown (see pages/lazy-pages.ts).
            Navigations are transitions: the page being left stays until the next one is ready. */}
        <Suspense fallback={<Skeleton label="Loading the page" lines={6} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
