import { ApiError } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { afterEach, describe, expect, test } from 'vitest';
import { bearer, buildTestApp, ownerCookie, type TestApp } from '../../test/support.ts';

describe('PUT /admin/users/{id}/roles', () => {
  let t: TestApp;
  let asked: authV1.SetUserRolesRequest[];
  afterEach(() => t.app.close());

  const build = async () => {
    asked = [];
    t = await buildTestApp({
      userRoles: {
        async setUserRoles(request) {
          asked.push(request);
          if (request.sub === 'missing') throw new ApiError(404, 'not_found', 'User missing was not found.');
          return {
            sub: request.sub,
            email: 'e@example.com',
            name: 'E',
            plan: 'free',
            roles: ['user', ...request.roles],
          };
        },
      },
    });
  };

  test('an admin sets roles: 200 with the user, the admin named as the actor', async () => {
    await build();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/ed1/roles',
      headers: await bearer('root', { roles: ['user', 'admin'] }),
      payload: { roles: ['editor'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sub: 'ed1',
      email: 'e@example.com',
      name: 'E',
      plan: 'free',
      roles: ['user', 'editor'],
    });
    expect(asked).toEqual([{ sub: 'ed1', roles: ['editor'], actorSub: 'root' }]);
  });

  test('editors and users get 403, guests 401; nothing is changed', async () => {
    await build();
    const payload = { roles: ['admin'] };
    const editor = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/x/roles',
      headers: await bearer('ed', { roles: ['user', 'editor'] }),
      payload,
    });
    expect(editor.statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/x/roles',
      headers: ownerCookie,
      payload,
    });
    expect(guest.statusCode).toBe(401);
    expect(asked).toEqual([]);
  });

  test('unknown roles are refused by name; an unknown user is 404', async () => {
    await build();
    const headers = await bearer('root', { roles: ['admin'] });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/x/roles',
      headers,
      payload: { roles: ['owner'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'roles.0', message: 'roles.0 must be one of user, editor, admin' },
    ]);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/missing/roles',
      headers,
      payload: { roles: [] },
    });
    expect(missing.statusCode).toBe(404);
  });
});
