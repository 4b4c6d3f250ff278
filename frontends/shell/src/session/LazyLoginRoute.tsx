import { type ComponentType, useEffect, useState } from 'react';

let loaded: ComponentType | undefined;

/**
 * The login route (LoginRoute.tsx) with the sign-in code behind it, fetched when `/?login=true` is
 * shown: a visit to the home page itself does not download them. Not React.lazy in Suspense, which
 * would hold the route back until 300 ms after its fallback (see the tools' lazy-component.tsx),
 * and with it the start of the sign-in. If the code cannot be fetched (offline), the page says so
 * and offers to try again.
 */
export function LazyLoginRoute() {
  const [Route, setRoute] = useState(() => loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` fetches again
  useEffect(() => {
    if (Route) return;
    let mounted = true;
    import('./LoginRoute.tsx').then(
      (module) => {
        loaded = module.LoginRoute;
        if (mounted) setRoute(() => module.LoginRoute);
      },
      () => {
        if (mounted) setFailed(true);
      },
    );
    return () => {
      mounted = false;
    };
  }, [Route, attempt]);
  if (Route) return <Route />;
  if (!failed) return null;
  return (
    <div className="notice" role="alert">
      <p>Sign-in could not start: part of this page did not load. Check your connection and try again.</p>
      <p>
        <button
          type="button"
          className="button primary"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </p>
    </div>
  );
}
