import { useNavigate } from '@mediakit/web-shared/router';
import { useEffect, useRef, useState } from 'react';
import { completeLogin, startLogin } from '../session/sign-in.ts';
import { signInErrorMessage } from '../session/sign-in-errors.ts';
import { useShell } from '../shell-context.tsx';

/** Where the provider sends the browser back: finish the sign-in, then return where the user was. */
export function AuthCallbackPage() {
  const { store } = useShell();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  useEffect(() => {
    // The code can be exchanged once only: StrictMode's second effect run must not repeat it.
    if (started.current) return;
    started.current = true;
    completeLogin(store).then(
      (returnTo) => navigate(returnTo, { replace: true }),
      (e: unknown) => setError(signInErrorMessage(e)),
    );
  }, [store, navigate]);
  return (
    <section className="panel" aria-live="polite">
      {error ? (
        <>
          <h1>Sign-in did not complete</h1>
          <p>{error}</p>
          <button
            type="button"
            className="button primary"
            onClick={() => startLogin().catch((e: unknown) => setError(signInErrorMessage(e)))}
          >
            Sign in again
          </button>
        </>
      ) : (
        <>
          <h1>Signing you in…</h1>
          <p>This takes a moment.</p>
        </>
      )}
    </section>
  );
}
