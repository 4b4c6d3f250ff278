import type { AsyncService } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import type { AccountService } from './account-service.ts';
import type { SessionService } from './session-service.ts';

export type AuthRpcs = authV1.AuthServiceServer;

/** AuthService over gRPC: requests in, the services' answers out; errors are their ApiErrors. */
export function authGrpcHandlers(accounts: AccountService, sessions: SessionService): AsyncService<AuthRpcs> {
  return {
    getOwnerPlan: (request) => accounts.getOwnerPlan(request.ownerId, request.isGuest),
    listPlans: async () => ({ plans: accounts.listPlans() }),
    getUser: (request) => accounts.getUser(request.sub),
    signup: (request) => accounts.signup(request),
    login: (request) => sessions.login(request.email, request.password),
    refreshToken: (request) => sessions.refresh(request.refreshToken, request.id),
    logout: async (request) => {
      await sessions.logout(request.refreshToken);
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
  };
}
