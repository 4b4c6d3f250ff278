import { useNavigate, useSearchParams } from '@mediakit/web-shared/router';
import { useCallback, useEffect, useState } from 'react';
import { loginRouteFor } from './return-to.ts';
import { safeReturnTo, startLogin } from './sign-in.ts';
import { SignInElsewhereError, signInErrorMessage } from './sign-in-errors.ts';
import { useSession } from './use-session.ts';

type Failure = { message: string; elsewhere?: string };

/**
 * `/?login=true` is the login route: it starts the sign-in and comes back to `returnTo`. It renders
 * a line above the home page: "Taking you to the sign-in page…", or why that failed, as a sentence
 * with what to do (a link to the address sign-in works at, or "Try again").
 */
export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [failure, setFailure] = useState<Failure>();
  const wantsLogin = params.get('login') === 'true';
  const returnTo = safeReturnTo(params.get('returnTo'));

  const start = useCallback(() => {
    setFailure(undefined);
    startLogin(returnTo).catch((error: unknown) => {
      setFailure({
        message: signInErrorMessage(error),
        elsewhere: error instanceof SignInElsewhereError ? error.origin : undefined,
      });
    });
  }, [returnTo]);

  useEffect(() => {
    if (!wantsLogin) return;
    if (signedIn) {
      navigate(returnTo, { replace: true });
      return;
    }
    start();
  }, [wantsLogin, signedIn, returnTo, navigate, start]);

  if (!wantsLogin || signedIn) return null;
  if (!failure) {
    return (
      <p className="notice" role="status">
        Taking you to the sign-in page…
      </p>
    );
  }
  return (
    <div className="notice" role="alert">
      <p>{failure.message}</p>
      <p>
        {failure.elsewhere ? (
          <a className="button primary" href={`${failure.elsewhere}${loginRouteFor(returnTo)}`}>
            Open {failure.elsewhere}
          </a>
        ) : (
          <button type="button" className="button primary" onClick={start}>
            Try again
          </button>
        )}
      </p>
    </div>
  );
}
