/** The login route (docs/api.md). */
export const LOGIN_ROUTE = '/?login=true';

/** Only same-origin paths: `//evil.example` and `/\evil.example` are other hosts to a browser. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

export const loginRouteFor = (returnTo?: string) =>
  returnTo && safeReturnTo(returnTo) !== '/'
    ? `${LOGIN_ROUTE}&returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`
    : LOGIN_ROUTE;
