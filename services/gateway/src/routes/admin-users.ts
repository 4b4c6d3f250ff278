import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '@mediakit/kit';
import { Type } from 'typebox';
import type { UserRolesClient } from '../deps.ts';
import { toUser } from '../mappers.ts';
import { requireUser } from '../plugins/identity.ts';
import { IdParams, User } from '../schemas.ts';

export interface AdminUsersRoutesOptions {
  auth: UserRolesClient;
}

const RolesBody = Type.Object({
  roles: Type.Array(Type.Union([Type.Literal('user'), Type.Literal('editor'), Type.Literal('admin')]), {
    maxItems: 3,
  }),
});

/**
 * `PUT /admin/users/{id}/roles` `{ roles }` → 200 the user: how an administrator makes someone an
 * editor (docs/api.md). Admins only, by the verified token's roles: guests 401, anyone
 * else 403. The user gets the new roles with their next access token (sign in again, or refresh).
 */
export const adminUsersRoutes: FastifyPluginAsyncTypebox<AdminUsersRoutesOptions> = async (app, { auth }) => {
  app.put(
    '/admin/users/:id/roles',
    {
      config: { scope: { session: 'change roles' } },
      schema: {
        tags: ['admin'],
        summary: "Set a user's roles (administrators)",
        params: IdParams,
        body: RolesBody,
        response: { 200: User },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      if (!admin.roles.includes('admin'))
        throw new ApiError(403, 'forbidden', 'Only administrators can change roles.');
      return toUser(
        await auth.setUserRoles({ sub: request.params.id, roles: request.body.roles, actorSub: admin.sub }),
      );
    },
  );
};
