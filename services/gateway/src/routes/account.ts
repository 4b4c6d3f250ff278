import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AuthClient } from '../deps.ts';
import { toUser } from '../mappers.ts';
import { requireUser } from '../plugins/identity.ts';
import { User } from '../schemas.ts';

export interface AccountRoutesOptions {
  auth: AuthClient;
  /** Per client address and minute, for the route that checks a password. */
  authPerMinute: number;
}

const UpdateAccountBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
const ChangePasswordBody = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 1024 }),
  new_password: Type.String({ minLength: 1, maxLength: 1024 }),
});
const tags = ['accounts'];

/**
 * The signed-in user's account (docs/api.md "Accounts and sessions"). Every route acts on the caller's
 * own account, named by the verified token's sub, never by anything in the request; guests get 401.
 */
export const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (
  app,
  { auth, authPerMinute },
) => {
  const update = { tags, summary: 'Rename the account', body: UpdateAccountBody, response: { 200: User } };
  app.patch(
    '/account',
    { schema: update, config: { scope: { session: 'manage the account' } } },
    async (request) => {
      const { sub } = requireUser(request);
      return toUser(await auth.updateAccount({ sub, name: request.body.name }));
    },
  );

  /** Deletes the user; the auth service has their files, jobs and tickets removed after it. */
  const remove = {
    tags,
    summary: 'Delete the account and everything it owns',
    response: { 204: Type.Null() },
  };
  app.delete(
    '/account',
    { schema: remove, config: { scope: { session: 'manage the account' } } },
    async (request, reply) => {
      const { sub } = requireUser(request);
      await auth.deleteAccount({ sub });
      return reply.code(204).send(null);
    },
  );

  /**
   * `POST /account/password` `{ current_password, new_password }` → 204 (docs/api.md "Accounts
   * and sessions"): the current password is
   * asked for again, so a stolen access token alone cannot take over the account. Rate-limited like
   * login, since a wrong current password is a password guess.
   */
  app.post(
    '/account/password',
    {
      schema: {
        tags,
        summary: 'Change the password',
        body: ChangePasswordBody,
        response: { 204: Type.Null() },
      },
      config: {
        scope: { session: 'change the password' },
        rateLimit: { max: authPerMinute, timeWindow: 60_000 },
      },
    },
    async (request, reply) => {
      const { sub } = requireUser(request);
      const { current_password, new_password } = request.body;
      await auth.changePassword({ sub, currentPassword: current_password, newPassword: new_password });
      return reply.code(204).send(null);
    },
  );
};
