import { isApiRequestError } from '@mediakit/web-api/errors';

/**
 * Every way a sign-in can fail, as a sentence a person can act on. keycloak-js and fetch fail with
 * their own words ("Failed to fetch", "Server responded with an invalid status.", "Web Crypto API is
 * not available."); none of them reaches the page.
 */
export const SIGN_IN_TEXT = {
  unreachable: 'The sign-in service could not be reached. Check your connection and try again.',
  refused: 'The sign-in service could not answer right now. Please try again in a moment.',
  failed: 'Sign-in could not be completed. Please try again.',
  settings: 'The sign-in settings could not be loaded. Please try again in a moment.',
} as const;

/** A sign-in failure with a sentence of ours, shown as it is. */
export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

/**
 * This address is not one sign-in works at (PUBLIC_URL names another): the page says where, with a
 * link, instead of failing on the provider's discovery fetch.
 */
export class SignInElsewhereError extends SignInError {
  readonly origin: string;
  constructor(origin: string) {
    super(`Sign-in works at ${origin}. Open Mediakit there to sign in.`);
    this.name = 'SignInElsewhereError';
    this.origin = origin;
  }
}

/** The sentence for a failed sign-in: ours as they are, the API's own messages, else a plain one. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInError) return error.message;
  if (isApiRequestError(error)) {
    if (error.network) return SIGN_IN_TEXT.unreachable;
    return error.status >= 500 || !/[.!?]$/.test(error.message.trim()) ? SIGN_IN_TEXT.refused : error.message;
  }
  // fetch rejects with a TypeError when no answer arrives (offline, refused, blocked by CSP).
  if (error instanceof TypeError) return SIGN_IN_TEXT.unreachable;
  // keycloak-js: the provider answered with an error status.
  if (error instanceof Error && error.name === 'NetworkError') return SIGN_IN_TEXT.refused;
  return SIGN_IN_TEXT.failed;
}
