import { ApiError } from '@mediakit/kit';

/**
 * The 401s of the account service. Their messages are fixed on purpose: a failed sign-in never
 * says whether the email or the password was wrong, and a refused refresh never says whether the
 * token was unknown, used, revoked, expired or presented with another user's id.
 */
export const SIGN_IN_FAILED = 'The email or password is not correct.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export const signInFailed = () => new ApiError(401, 'invalid_credentials', SIGN_IN_FAILED);
export const sessionEnded = () => new ApiError(401, 'session_ended', SESSION_ENDED);
export const wrongCurrentPassword = () =>
  new ApiError(401, 'invalid_credentials', 'The current password is not correct.');
