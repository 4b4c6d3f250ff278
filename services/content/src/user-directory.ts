import type { AsyncClient } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import type { UserDirectory } from './tickets/ticket-service.ts';

/** Users as the auth service knows them. A user it no longer has (401 "session ended", 404) is null. */
export function authUserDirectory(
  auth: Pick<AsyncClient<authV1.AuthServiceClient>, 'getUser'>,
): UserDirectory {
  return {
    async find(sub) {
      try {
        const user = await auth.getUser({ sub });
        return { email: user.email, name: user.name };
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status === 401 || status === 404) return null;
        throw error;
      }
    },
  };
}
