import type { AsyncService } from '@mediakit/kit';
import { describe, expect, test } from 'vitest';
import { SESSION_ENDED } from '../auth-errors.ts';
import type { AuthRpcs } from '../grpc-handlers.ts';
import { type ExternalIdp, withExternalIdp } from './external-idp.ts';

/** Which session and account calls each mode answers, and how (the rules of withExternalIdp). */

type Handlers = Omit<AsyncService<AuthRpcs>, 'ensureExternalUser'>;
const ISSUER = 'https://kc.example/realms/mediakit';
const context = { metadata: undefined as never };
const TOKENS = { accessToken: 'app', refreshToken: 'r2', idToken: '', expiresIn: 900, tokenType: 'Bearer' };

/** The built-in handlers (the ones these tests call), recording which were reached. */
function builtIn(calls: string[]): Handlers {
  const handler = (name: string) => async () => {
    calls.push(name);
    return name === 'refreshToken' ? TOKENS : {};
  };
  const names = ['signup', 'login', 'refreshToken', 'logout', 'changePassword', 'getUser'];
  return Object.fromEntries(names.map((name) => [name, handler(name)])) as unknown as Handlers;
}

function external(calls: string[]): ExternalIdp {
  return {
    issuer: ISSUER,
    users: {
      ensure: async () => {
        calls.push('ensure');
        return { sub: 's', email: '', name: '', plan: 'free', roles: [] };
      },
    },
    sessions: {
      refresh: async () => {
        calls.push('provider refresh');
        return { ...TOKENS, refreshToken: 'cognito_r2' };
      },
      logout: async () => void calls.push('provider logout'),
    },
  } as unknown as ExternalIdp;
}

const ended = { status: 401, code: 'session_ended', message: SESSION_ENDED };

describe('built-in mode (no OIDC_ISSUER)', () => {
  test('app tokens go to the app sessions; a cognito_ token is a 401 for refresh and logout', async () => {
    const calls: string[] = [];
    const handlers = withExternalIdp(builtIn(calls), null);
    await expect(handlers.refreshToken({ refreshToken: 'r1', id: 'u' }, context)).resolves.toEqual(TOKENS);
    await expect(
      handlers.refreshToken({ refreshToken: 'cognito_r1', id: 'u' }, context),
    ).rejects.toMatchObject(ended);
    await expect(handlers.logout({ refreshToken: 'cognito_r1' }, context)).rejects.toMatchObject(ended);
    await handlers.login({ email: 'a@b.co', password: 'p' }, context);
    expect(calls).toEqual(['refreshToken', 'login']);
  });

  test('EnsureExternalUser is refused as a configuration mistake', async () => {
    const handlers = withExternalIdp(builtIn([]), null);
    await expect(
      handlers.ensureExternalUser(
        { sub: 's', email: 'a@b.co', emailVerified: true, name: '', roles: [] },
        context,
      ),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining('OIDC_ISSUER') });
  });
});

describe('external issuer mode', () => {
  test('password sign-up, login and change, app sessions and role changes answer 400 naming the issuer', async () => {
    const calls: string[] = [];
    const handlers = withExternalIdp(builtIn(calls), external(calls));
    const managed = {
      status: 400,
      code: 'managed_externally',
      message: `Accounts are managed by ${ISSUER}; sign in there.`,
    };
    await expect(
      handlers.signup({ email: 'a@b.co', password: 'p', name: '' }, context),
    ).rejects.toMatchObject(managed);
    await expect(handlers.login({ email: 'a@b.co', password: 'p' }, context)).rejects.toMatchObject(managed);
    await expect(
      handlers.changePassword({ sub: 's', currentPassword: 'a', newPassword: 'b' }, context),
    ).rejects.toMatchObject(managed);
    await expect(handlers.createSessionFromToken({ accessToken: 'a.b.c' }, context)).rejects.toMatchObject(
      managed,
    );
    await expect(
      handlers.setUserRoles({ sub: 's', roles: ['editor'], actorSub: 'admin' }, context),
    ).rejects.toMatchObject({ status: 400, message: `Roles are managed by ${ISSUER}; change them there.` });
    expect(calls).toEqual([]);
  });

  test('refresh and logout go to the provider; the rest is unchanged', async () => {
    const calls: string[] = [];
    const handlers = withExternalIdp(builtIn(calls), external(calls));
    await expect(
      handlers.refreshToken({ refreshToken: 'cognito_r1', id: 'u' }, context),
    ).resolves.toMatchObject({
      refreshToken: 'cognito_r2',
    });
    await expect(handlers.logout({ refreshToken: 'cognito_r1' }, context)).resolves.toEqual({});
    await handlers.ensureExternalUser(
      { sub: 's', email: 'a@b.co', emailVerified: true, name: '', roles: [] },
      context,
    );
    await handlers.getUser({ sub: 's' }, context);
    expect(calls).toEqual(['provider refresh', 'provider logout', 'ensure', 'getUser']);
  });
});
