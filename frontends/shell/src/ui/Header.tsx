import type { SessionStore } from '@mediakit/web-api/session-store';
import { Link, NavLink, useLocation } from '@mediakit/web-shared/router';
import { ICON_SVG } from '@mediakit/web-ui/icon-svg';
import { useId, useRef } from 'react';
import { loginRouteFor } from '../session/return-to.ts';
import { useSession } from '../session/use-session.ts';
import { useShell } from '../shell-context.tsx';
import { useMenu } from './use-menu.ts';
import './header.css';

/**
 * The sign-out code lives with the sign-in code (session/sign-in.ts), fetched when it is pressed
 * rather than with every page. If it cannot be fetched (offline), the session still ends here.
 */
const signOut = (store: SessionStore) =>
  import('../session/sign-in.ts').then(
    (signIn) => signIn.signOut(store),
    () => {
      store.clear();
      window.location.replace('/');
    },
  );

/**
 * Lucide's "menu" and "x" icons (ISC licence), one path each, drawn here: the generic Icon
 * component is not needed by every page, and the header is on every page.
 */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width={22} height={22} {...ICON_SVG} aria-hidden="true">
      <path d={open ? 'M18 6 6 18M6 6l12 12' : 'M4 5h16M4 12h16M4 19h16'} />
    </svg>
  );
}

const NAV = [
  { to: '/tools', label: 'Tools' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact-us', label: 'Contact' },
];

/**
 * One row at every width. On a wide screen the links sit in it; on a phone they move into a
 * panel behind the "Menu" button, and "Sign in" stays in the row. The panel follows the button in
 * the DOM, so Tab goes from the button into it.
 */
export function Header() {
  const { signedIn, user } = useSession();
  const { store } = useShell();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const row = useRef<HTMLDivElement>(null);
  const menu = useMenu(row);
  const panelId = useId();
  const signIn = (className: string) => (
    <Link className={`button primary ${className}`} to={loginRouteFor(here === '/' ? undefined : here)}>
      Sign in
    </Link>
  );
  return (
    <header className="site-header">
      <div className="container header-row" ref={row}>
        <Link to="/" className="brand" aria-label="Mediakit home">
          <span className="brand-mark" aria-hidden="true">
            ▶
          </span>
          Mediakit
        </Link>
        {!signedIn && signIn('header-signin-phone')}
        <button
          ref={menu.button}
          type="button"
          className="menu-button"
          aria-expanded={menu.open}
          aria-controls={panelId}
          onClick={menu.toggle}
        >
          <MenuIcon open={menu.open} />
          <span className="visually-hidden">Menu</span>
        </button>
        <div id={panelId} className={`site-menu${menu.open ? ' open' : ''}`}>
          <nav aria-label="Main" className="site-nav">
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} onClick={menu.close}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={`site-account${signedIn ? '' : ' signed-out'}`}>
            {signedIn ? (
              <>
                <NavLink to="/dashboard" onClick={menu.close}>
                  Dashboard
                </NavLink>
                <NavLink to="/account" title={user?.email} onClick={menu.close}>
                  Account
                </NavLink>
                <button type="button" className="button ghost" onClick={() => void signOut(store)}>
                  Sign out
                </button>
              </>
            ) : (
              signIn('header-signin-wide')
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
