import { type AsyncClient, BoundedMap } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import type { AccessTokenVerifier, VerifiedToken } from '../access-tokens.ts';

export type EnsureUserClient = Pick<AsyncClient<authV1.AuthServiceClient>, 'ensureExternalUser'>;

export interface ExternalUsersOptions {
  /** How long a known sub is trusted to still have its local record (default one minute). */
  ttlMs?: number;
  /** Most subs remembered; the oldest go first (default 10,000). */
  maxEntries?: number;
  now?: () => number;
}

interface Known {
  /** The local account id to act for (the sub itself, or the built-in account it is linked to). */
  localId: string;
  /** The claims last sent to the auth service: a change (new role, new name) is sent again. */
  claims: string;
  at: number;
}

/**
 * Wraps the external issuer's token verifier so that every person it lets in has a local account:
 * the first token of a sub, one whose profile or roles changed, or one not seen for `ttlMs`, asks
 * the auth service to create, link or update the record (EnsureExternalUser); the answer's id is
 * who the request acts for. In between, known subs cost no call. The time limit also heals a
 * record deleted elsewhere (DELETE /account) within a minute, since the next token recreates it.
 * Concurrent first requests of one sub share one call.
 */
export function withExternalUsers(
  tokens: AccessTokenVerifier,
  auth: EnsureUserClient,
  options: ExternalUsersOptions = {},
): AccessTokenVerifier {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const known = new BoundedMap<string, Known>(maxEntries);
  const pending = new Map<string, Promise<string>>();

  async function ensure(verified: VerifiedToken, claims: string): Promise<string> {
    const profile = verified.profile ?? { email: '', emailVerified: false, name: '' };
    const user = await auth.ensureExternalUser({
      sub: verified.sub,
      email: profile.email,
      emailVerified: profile.emailVerified,
      name: profile.name,
      roles: verified.roles,
    });
    known.set(verified.sub, { localId: user.sub, claims, at: now() });
    return user.sub;
  }

  return {
    async verify(token) {
      const verified = await tokens.verify(token);
      const claims = JSON.stringify([verified.profile, verified.roles]);
      const entry = known.get(verified.sub);
      let localId: string;
      if (entry && entry.claims === claims && now() - entry.at < ttlMs) {
        localId = entry.localId;
      } else {
        const key = `${verified.sub}\n${claims}`;
        let call = pending.get(key);
        if (!call) {
          call = ensure(verified, claims).finally(() => pending.delete(key));
          pending.set(key, call);
        }
        localId = await call;
      }
      return { sub: localId, roles: verified.roles };
    },
  };
}
