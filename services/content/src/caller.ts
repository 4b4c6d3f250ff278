import { ApiError } from '@mediakit/kit';
import type { contentV1 } from '@mediakit/proto';

/**
 * Who is asking, as the gateway verified it (the access token's sub and roles, or the guest
 * cookie). The rules about roles live here, in one place, so the gateway cannot forget one.
 */
export type Caller = contentV1.Caller;

export const ANONYMOUS: Caller = { ownerId: '', isGuest: true, sub: '', roles: [] };

export const callerOf = (caller: Caller | undefined): Caller => caller ?? ANONYMOUS;

export const isSignedIn = (caller: Caller) => !caller.isGuest && caller.sub !== '';

/** Editors write articles; admins may do everything editors may. */
export const isEditor = (caller: Caller) =>
  isSignedIn(caller) && (caller.roles.includes('editor') || caller.roles.includes('admin'));

/** Staff answer support tickets and see all of them. */
export const isStaff = (caller: Caller) => isSignedIn(caller) && caller.roles.includes('admin');

export function requireSignedIn(caller: Caller): Caller {
  if (!isSignedIn(caller)) throw new ApiError(401, 'unauthorized', 'Please sign in to use this.');
  return caller;
}

export function requireEditor(caller: Caller): Caller {
  requireSignedIn(caller);
  if (!isEditor(caller))
    throw new ApiError(
      403,
      'forbidden',
      'Only editors can write blog articles. Ask an administrator to give your account the editor role.',
    );
  return caller;
}
