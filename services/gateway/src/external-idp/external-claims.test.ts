import { describe, expect, test } from 'vitest';
import { externalClaims } from './external-claims.ts';

/** How a Keycloak access token's claims become roles and a profile (pure; signatures are checked before). */

const map = externalClaims({ clientId: 'mediakit-web' });
const header = { alg: 'RS256', typ: 'JWT' };
const access = { sub: 's', typ: 'Bearer', azp: 'mediakit-web' };

describe('external claims', () => {
  test('roles: realm_access.roles ∩ {user, editor, admin}, and everyone signed in is a user', () => {
    const roles = (realmRoles: unknown) =>
      map({ ...access, realm_access: { roles: realmRoles } }, header)?.roles;
    expect(
      roles(['admin', 'editor', 'offline_access', 'uma_authorization', 'default-roles-mediakit']),
    ).toEqual(['user', 'editor', 'admin']);
    expect(roles(['user'])).toEqual(['user']);
    expect(roles([])).toEqual(['user']);
    expect(roles('admin')).toEqual(['user']);
    expect(roles([{ admin: true }, 7, 'Admin'])).toEqual(['user']);
    expect(map({ ...access }, header)?.roles).toEqual(['user']);
    // Client roles and a top-level `roles` claim (the built-in issuer's) grant nothing here.
    expect(
      map({ ...access, roles: ['admin'], resource_access: { 'mediakit-web': { roles: ['admin'] } } }, header)
        ?.roles,
    ).toEqual(['user']);
  });

  test('profile: email, a strictly true email_verified, and name, else preferred_username', () => {
    expect(
      map(
        {
          ...access,
          email: 'ann@example.com',
          email_verified: true,
          name: ' Ann Lee ',
          preferred_username: 'ann',
        },
        header,
      )?.profile,
    ).toEqual({ email: 'ann@example.com', emailVerified: true, name: 'Ann Lee' });
    expect(map({ ...access, email_verified: 'true', preferred_username: 'ann' }, header)?.profile).toEqual({
      email: '',
      emailVerified: false,
      name: 'ann',
    });
    expect(map({ ...access, name: 'é'.repeat(300) }, header)?.profile?.name).toHaveLength(100);
  });

  test('only access tokens: payload typ Bearer with header JWT; header at+jwt without a payload typ', () => {
    expect(map({ ...access, typ: 'bearer' }, header)).not.toBeNull();
    expect(map({ ...access, typ: undefined }, { alg: 'ES256', typ: 'at+jwt' })).not.toBeNull();
    expect(map({ ...access, typ: 'ID' }, header)).toBeNull();
    expect(map({ ...access, typ: 'Refresh' }, header)).toBeNull();
    expect(map({ ...access, typ: 'Logout' }, header)).toBeNull();
    expect(map({ ...access, typ: undefined }, header)).toBeNull();
    expect(map({ ...access, typ: 'ID' }, { alg: 'ES256', typ: 'at+jwt' })).toBeNull();
  });

  test('for our client (azp, or client_id) unless an audience is configured', () => {
    expect(map({ ...access, azp: 'account-console' }, header)).toBeNull();
    expect(map({ ...access, azp: undefined, client_id: 'mediakit-web' }, header)).not.toBeNull();
    // azp wins over client_id when both are there.
    expect(map({ ...access, client_id: 'mediakit-web', azp: 'other' }, header)).toBeNull();
    const withAudience = externalClaims({ clientId: 'mediakit-web', audience: 'mediakit-api' });
    expect(withAudience({ ...access, azp: 'mobile-app' }, header)).not.toBeNull();
  });
});
