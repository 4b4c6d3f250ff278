import { ApiRequestError } from '@mediakit/web-api/errors';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_TEXT, SignInElsewhereError, SignInError, signInErrorMessage } from './sign-in-errors.ts';

describe('signInErrorMessage', () => {
  it('never shows what fetch or keycloak-js said', () => {
    // What Chromium, Firefox and Safari say when a fetch gets no answer (or CSP blocks it).
    for (const raw of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      expect(signInErrorMessage(new TypeError(raw))).toBe(SIGN_IN_TEXT.unreachable);
    }
    const status = new Error('Server responded with an invalid status.');
    status.name = 'NetworkError';
    expect(signInErrorMessage(status)).toBe(SIGN_IN_TEXT.refused);
    expect(signInErrorMessage(new Error('Web Crypto API is not available.'))).toBe(SIGN_IN_TEXT.failed);
    // keycloak-js rejects with plain objects from the provider's error redirect, or with nothing.
    expect(signInErrorMessage({ error: 'access_denied' })).toBe(SIGN_IN_TEXT.failed);
    expect(signInErrorMessage(undefined)).toBe(SIGN_IN_TEXT.failed);
  });

  it('says where sign-in works when it is at another address', () => {
    expect(signInErrorMessage(new SignInElsewhereError('https://media.example'))).toBe(
      'Sign-in works at https://media.example. Open Mediakit there to sign in.',
    );
    expect(
      signInErrorMessage(new SignInError('The sign-in did not complete. Please try signing in again.')),
    ).toBe('The sign-in did not complete. Please try signing in again.');
  });

  it('keeps the API’s own sentences, not its failures', () => {
    const refused = new ApiRequestError(
      'This sign-in cannot start a session any more. Please sign in again.',
      {
        status: 401,
      },
    );
    expect(signInErrorMessage(refused)).toBe(refused.message);
    expect(signInErrorMessage(new ApiRequestError('An error occurred', { status: 400 }))).toBe(
      SIGN_IN_TEXT.refused,
    );
    expect(signInErrorMessage(new ApiRequestError('Bad gateway.', { status: 502 }))).toBe(
      SIGN_IN_TEXT.refused,
    );
    expect(signInErrorMessage(new ApiRequestError('x', { network: true }))).toBe(SIGN_IN_TEXT.unreachable);
  });
});
