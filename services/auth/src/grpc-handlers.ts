import { ApiError, type AsyncService } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import type { AccountService } from './account-service.ts';
import type { ApiKeyService } from './api-keys/api-key-service.ts';
import type { SessionExchange } from './oidc/session-exchange.ts';
import type { SessionService } from './session-service.ts';
import type { SubscriptionService } from './subscriptions/subscription-service.ts';

export type AuthRpcs = authV1.AuthServiceServer;

/**
 * AuthService over gRPC: requests in, the services' answers out; errors are their ApiErrors.
 * EnsureExternalUser comes from external-idp/ (withExternalIdp), which also applies the mode's session rules.
 */
export function authGrpcHandlers(
  accounts: AccountService,
  sessions: SessionService,
  subscriptions: SubscriptionService,
  apiKeys: ApiKeyService,
  /** The built-in provider's session exchange; absent when an external issuer replaces it. */
  exchange?: SessionExchange,
  /** Ends the built-in provider's sessions of an account; absent with an external issuer. */
  endProviderSessions?: (sub: string) => Promise<unknown>,
): Omit<AsyncService<AuthRpcs>, 'ensureExternalUser'> {
  return {
    getOwnerPlan: (request) => accounts.getOwnerPlan(request.ownerId, request.isGuest),
    listPlans: async () => ({ plans: accounts.listPlans() }),
    getUser: (request) => accounts.getUser(request.sub),
    signup: (request) => accounts.signup(request),
    login: (request) => sessions.login(request.email, request.password),
    refreshToken: (request) => sessions.refresh(request.refreshToken, request.id),
    logout: async (request) => {
      const sub = await sessions.logout(request.refreshToken);
      // The app's sign-out ends the account's provider sessions too: on a shared computer, what a
      // signed-out person left at the provider must not sign the next person in.
      if (sub) await endProviderSessions?.(sub);
      return {};
    },
    updateAccount: (request) => accounts.updateAccount(request.sub, request),
    changePassword: async (request) => {
      await accounts.changePassword(request.sub, request);
      return {};
    },
    deleteAccount: async (request) => {
      await accounts.deleteAccount(request.sub);
      return {};
    },
    getSubscription: (request) => subscriptions.get(request.sub),
    changeSubscription: (request) => subscriptions.change(request.sub, request),
    setUserRoles: (request) => accounts.setRoles(request.sub, request.roles, request.actorSub),
    createSessionFromToken: async (request) => {
      if (!exchange) {
        throw new ApiError(
          404,
          'not_found',
          'Sessions come from the external sign-in provider here, not from the built-in one.',
        );
      }
      return exchange.exchange(request.accessToken);
    },
    createApiKey: (request) => apiKeys.create(request.sub, request),
    listApiKeys: (request) => apiKeys.list(request.sub),
    revokeApiKey: async (request) => {
      await apiKeys.revoke(request.sub, request.id);
      return {};
    },
    verifyApiKey: (request) => apiKeys.verify(request.secret),
  };
}
