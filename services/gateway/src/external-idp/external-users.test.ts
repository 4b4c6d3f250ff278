import { ApiError } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { describe, expect, test } from 'vitest';
import type { AccessTokenVerifier, VerifiedToken } from '../access-tokens.ts';
import { withExternalUsers } from './external-users.ts';

/** The gateway's memory of known external subs: when it asks the auth service, and whom a request acts for. */

function setup(options: { linked?: Record<string, string> } = {}) {
  let current: VerifiedToken = {
    sub: 'kc-ann',
    roles: ['user'],
    profile: { email: 'ann@example.com', emailVerified: true, name: 'Ann' },
  };
  const tokens: AccessTokenVerifier = {
    verify: async (token) => {
      if (token === 'bad') throw new ApiError(401, 'unauthorized', 'nope');
      return current;
    },
  };
  const calls: authV1.EnsureExternalUserRequest[] = [];
  let clock = 0;
  const auth = {
    ensureExternalUser: async (request: authV1.EnsureExternalUserRequest) => {
      calls.push(request);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const sub = options.linked?.[request.sub] ?? request.sub;
      return { sub, email: request.email, name: request.name, plan: 'free', roles: request.roles };
    },
  };
  const verifier = withExternalUsers(tokens, auth, { ttlMs: 60_000, maxEntries: 2, now: () => clock });
  return {
    verifier,
    calls,
    set: (next: Partial<VerifiedToken>) => {
      current = { ...current, ...next };
    },
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('external users seen by the gateway', () => {
  test('the first token of a sub creates the account once; later ones cost no call', async () => {
    const { verifier, calls } = setup();
    const results = await Promise.all([verifier.verify('t'), verifier.verify('t'), verifier.verify('t')]);
    expect(results).toEqual(Array(3).fill({ sub: 'kc-ann', roles: ['user'] }));
    await verifier.verify('t');
    expect(calls).toEqual([
      { sub: 'kc-ann', email: 'ann@example.com', emailVerified: true, name: 'Ann', roles: ['user'] },
    ]);
  });

  test('a new role or profile is sent again at once; an unchanged one after the time limit', async () => {
    const { verifier, calls, set, tick } = setup();
    await verifier.verify('t');
    set({ roles: ['user', 'editor'] });
    expect(await verifier.verify('t')).toEqual({ sub: 'kc-ann', roles: ['user', 'editor'] });
    expect(calls.at(-1)?.roles).toEqual(['user', 'editor']);
    tick(59_000);
    await verifier.verify('t');
    expect(calls).toHaveLength(2);
    tick(2_000);
    await verifier.verify('t');
    expect(calls).toHaveLength(3);
  });

  test('a sub linked to a built-in account acts as that account', async () => {
    const { verifier } = setup({ linked: { 'kc-ann': 'localId1' } });
    expect(await verifier.verify('t')).toEqual({ sub: 'localId1', roles: ['user'] });
    expect(await verifier.verify('t')).toEqual({ sub: 'localId1', roles: ['user'] });
  });

  test('remembers at most maxEntries subs, forgetting the oldest', async () => {
    const { verifier, calls, set } = setup();
    for (const sub of ['a', 'b', 'c', 'a']) {
      set({ sub });
      await verifier.verify('t');
    }
    expect(calls.map((call) => call.sub)).toEqual(['a', 'b', 'c', 'a']);
  });

  test('a bad token never reaches the auth service; its refusal of an account is the answer', async () => {
    const { verifier, calls } = setup();
    await expect(verifier.verify('bad')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(0);

    const refusing = withExternalUsers(
      { verify: async () => ({ sub: 's', roles: ['user'] }) },
      { ensureExternalUser: () => Promise.reject(new ApiError(403, 'email_required', 'Add an email.')) },
    );
    await expect(refusing.verify('t')).rejects.toMatchObject({ status: 403, code: 'email_required' });
  });
});
