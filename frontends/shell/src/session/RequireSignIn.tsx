import { Navigate, useLocation } from '@mediakit/web-shared/router';
import type { ReactNode } from 'react';
import { loginRouteFor } from './return-to.ts';
import { useSession } from './use-session.ts';

/** Signed-out visitors go to the login route and come back here after signing in. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) {
    return <Navigate to={loginRouteFor(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
