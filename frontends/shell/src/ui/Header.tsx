import { Link, NavLink, useLocation } from '@mediakit/web-shared/router';
import { loginRouteFor, signOut } from '../session/sign-in.ts';
import { useSession } from '../session/use-session.ts';
import { useShell } from '../shell-context.tsx';

const NAV = [
  { to: '/tools', label: 'Tools' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact-us', label: 'Contact' },
];

export function Header() {
  const { signedIn, user } = useSession();
  const { store } = useShell();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to="/" className="brand" aria-label="Mediakit home">
          <span className="brand-mark" aria-hidden="true">
            ▶
          </span>
          Mediakit
        </Link>
        <nav aria-label="Main" className="main-nav">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-nav">
          {signedIn ? (
            <>
              <NavLink to="/dashboard">Dashboard</NavLink>
              <NavLink to="/account" title={user?.email}>
                Account
              </NavLink>
              <button type="button" className="button ghost" onClick={() => void signOut(store)}>
                Sign out
              </button>
            </>
          ) : (
            <Link className="button primary" to={loginRouteFor(here === '/' ? undefined : here)}>
              Sign in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
