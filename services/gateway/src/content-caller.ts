import type { contentV1 } from '@mediakit/proto';
import type { Owner } from './plugins/identity.ts';

/**
 * The caller as the content service needs it: the verified owner and, for users, the token's sub
 * and roles. The content service applies the role rules (editor, admin); the gateway only reports
 * who is asking, never what they claim in the request.
 */
export function contentCaller(owner: Owner | null): contentV1.Caller {
  if (!owner) return { ownerId: '', isGuest: true, sub: '', roles: [] };
  if (owner.isGuest) return { ownerId: owner.id, isGuest: true, sub: '', roles: [] };
  return { ownerId: owner.id, isGuest: false, sub: owner.sub, roles: [...owner.roles] };
}
