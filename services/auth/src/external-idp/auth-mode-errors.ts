import { ApiError } from '@mediakit/kit';

/** Password sign-up, login and change have no meaning when another issuer owns the accounts. */
export const managedElsewhere = (issuer: string) =>
  new ApiError(400, 'managed_externally', `Accounts are managed by ${issuer}; sign in there.`);

/** Roles arrive with every token from the issuer (realm roles); a local change would be overwritten. */
export const rolesManagedElsewhere = (issuer: string) =>
  new ApiError(400, 'managed_externally', `Roles are managed by ${issuer}; change them there.`);

/** The provider could not be asked (down, timeout, nonsense): not the user's fault, their session may be fine. */
export const providerUnavailable = () =>
  new ApiError(
    503,
    'service_unavailable',
    'The sign-in provider cannot be reached right now. Please try again in a moment.',
  );

/** EnsureExternalUser when no OIDC_ISSUER is configured: a deployment mistake between gateway and auth. */
export const notExternalMode = () =>
  new ApiError(
    409,
    'conflict',
    'No external identity provider is configured here: set the same OIDC_ISSUER on the gateway and the auth service.',
  );
