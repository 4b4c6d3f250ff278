import type { AsyncService, DocumentStore, Logger } from '@mediakit/kit';
import { sessionEnded } from '../auth-errors.ts';
import type { AuthConfig } from '../env.ts';
import type { AuthRpcs } from '../grpc-handlers.ts';
import { managedElsewhere, notExternalMode, rolesManagedElsewhere } from './auth-mode-errors.ts';
import { ExternalSessions } from './external-sessions.ts';
import { ExternalUserRepository } from './external-user-repository.ts';
import { ExternalUsers } from './external-users.ts';
import { issuerDiscovery } from './issuer-discovery.ts';
import { ProviderClient } from './provider-client.ts';
import { isThirdPartyToken } from './third-party-token.ts';

/** The external-issuer mode (OIDC_ISSUER set): who signs people in, and what this service does for it. */
export interface ExternalIdp {
  issuer: string;
  users: ExternalUsers;
  sessions: ExternalSessions;
}

/** The mode's parts when OIDC_ISSUER is set; null (the built-in provider) otherwise. */
export async function startExternalIdp(options: {
  config: Pick<AuthConfig, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET'>;
  store: DocumentStore;
  log: Logger;
  fetchImpl?: typeof fetch;
}): Promise<ExternalIdp | null> {
  const { config, store, fetchImpl } = options;
  const issuer = config.OIDC_ISSUER;
  if (!issuer) return null;
  const log = options.log.child({ issuer });
  const repository = new ExternalUserRepository(store);
  await repository.createIndexes();
  const users = new ExternalUsers({ users: repository, issuer, log });
  const provider = new ProviderClient({
    discovery: issuerDiscovery(issuer, fetchImpl),
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    log,
    fetchImpl,
  });
  log.info(
    { clientId: config.OIDC_CLIENT_ID, confidential: !!config.OIDC_CLIENT_SECRET },
    'accounts are managed by an external issuer',
  );
  return { issuer, users, sessions: new ExternalSessions({ provider, users, log }) };
}

type Handlers = AsyncService<AuthRpcs>;

/**
 * The auth gRPC handlers with the session rules of the mode applied:
 *
 * - built-in (no external issuer): a `cognito_` refresh token is not ours, so refresh and logout
 *   with one answer 401; EnsureExternalUser is refused as a deployment mistake.
 * - external issuer: refresh and logout take only `cognito_` tokens and go to the provider;
 *   an unprefixed (app) token answers 401. Password sign-up, login and change, app sessions from
 *   built-in provider tokens, and role changes answer 400 naming the issuer, where accounts now live.
 */
export function withExternalIdp(
  handlers: Omit<Handlers, 'ensureExternalUser'>,
  external: ExternalIdp | null,
): Handlers {
  if (!external) {
    return {
      ...handlers,
      refreshToken: (request, context) =>
        isThirdPartyToken(request.refreshToken)
          ? Promise.reject(sessionEnded())
          : handlers.refreshToken(request, context),
      logout: (request, context) =>
        isThirdPartyToken(request.refreshToken)
          ? Promise.reject(sessionEnded())
          : handlers.logout(request, context),
      ensureExternalUser: () => Promise.reject(notExternalMode()),
    };
  }
  const refused = () => Promise.reject(managedElsewhere(external.issuer));
  return {
    ...handlers,
    signup: refused,
    login: refused,
    changePassword: refused,
    // The built-in provider's code flow does not run in this mode, so there is no app session to make.
    createSessionFromToken: refused,
    // Roles come from the realm (realm_access.roles) with every token; a local change would not last.
    setUserRoles: () => Promise.reject(rolesManagedElsewhere(external.issuer)),
    refreshToken: (request) => external.sessions.refresh(request.refreshToken, request.id),
    logout: async (request) => {
      await external.sessions.logout(request.refreshToken);
      return {};
    },
    ensureExternalUser: (request) => external.users.ensure(request),
  };
}
