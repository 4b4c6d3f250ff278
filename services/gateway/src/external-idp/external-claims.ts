import type { ClaimsMapper } from '../access-tokens.ts';

/** The roles Mediakit knows; any other realm role (offline_access, default-roles-…) means nothing here. */
const KNOWN_ROLES = ['user', 'editor', 'admin'] as const;
const MAX_NAME_LENGTH = 100;

/**
 * Reads an external issuer's access token the way Keycloak writes it, after the signature, issuer
 * and expiry were checked:
 *
 * - It must be an access token. Keycloak types every JWT `JWT` in the header and tells them apart
 *   by the payload's `typ` (`Bearer`, `ID`, `Refresh`, `Logout`…); its id token has the same
 *   issuer, key and `azp`, so without this check an id token would pass as an access token. A
 *   header `at+jwt` (RFC 9068, other providers) is an access token by itself.
 * - It must be meant for us: `aud` = OIDC_AUDIENCE when set (the verifier checks it); otherwise
 *   Keycloak's access tokens say `aud: account`, so the client it was issued to (`azp`, or RFC
 *   9068's `client_id`) must be our web client. A token the realm gave another application fails.
 * - Roles: `realm_access.roles` ∩ {user, editor, admin}; everyone signed in is a `user`.
 * - Profile: `email`, `email_verified`, and `name` (else `preferred_username`) for the local account.
 */
export function externalClaims(options: { clientId: string; audience?: string }): ClaimsMapper {
  return (payload, header) => {
    const payloadTyp = typeof payload.typ === 'string' ? payload.typ.toLowerCase() : undefined;
    const headerTyp = String(header.typ)
      .toLowerCase()
      .replace(/^application\//, '');
    if (payloadTyp !== undefined && payloadTyp !== 'bearer') return null;
    if (headerTyp !== 'at+jwt' && payloadTyp !== 'bearer') return null;

    if (!options.audience) {
      const client = typeof payload.azp === 'string' ? payload.azp : payload.client_id;
      if (client !== options.clientId) return null;
    }

    const realmRoles = (payload.realm_access as { roles?: unknown } | undefined)?.roles;
    const granted = Array.isArray(realmRoles) ? realmRoles.filter((role) => typeof role === 'string') : [];
    const roles = ['user', ...KNOWN_ROLES.filter((role) => role !== 'user' && granted.includes(role))];

    const name = [payload.name, payload.preferred_username].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    return {
      roles,
      profile: {
        email: typeof payload.email === 'string' ? payload.email : '',
        emailVerified: payload.email_verified === true,
        name: name ? [...name.trim()].slice(0, MAX_NAME_LENGTH).join('') : '',
      },
    };
  };
}
