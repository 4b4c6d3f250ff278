import { ApiError, conflict, type Logger } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { normalizeEmail } from '../credential-rules.ts';
import { type Role, toUserProto } from '../user-repository.ts';
import {
  type ExternalUserDoc,
  type ExternalUserRepository,
  UserExistsError,
} from './external-user-repository.ts';

const KNOWN_ROLES: readonly Role[] = ['user', 'editor', 'admin'];
const MAX_NAME_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;
/** Same rule as the gateway's: the sub becomes part of owner ids that travel in headers. */
const SUB = /^[\x21-\x7e]{1,255}$/;

/**
 * Local account records for the people of an external issuer (a Keycloak realm), so that plans,
 * files and jobs work for them as for anyone. The gateway calls `ensure` with the claims of a
 * verified access token the first time it sees a sub (and again when those claims change):
 *
 * - a record already linked to this issuer and sub gets the token's email, name and roles;
 * - else a built-in account with the same email is linked, but only when the issuer vouches for
 *   the address (`email_verified`): anyone can type someone else's address into a realm's sign-up
 *   form, and linking on that would hand them the account. Its id, plan and files stay;
 * - else a new record is created with the sub as its id, on the free plan.
 *
 * The answer's `sub` is the local id the gateway must act for (the sub itself, except for a
 * linked account).
 */
export class ExternalUsers {
  private readonly users: ExternalUserRepository;
  private readonly issuer: string;
  private readonly log: Logger;

  constructor(deps: { users: ExternalUserRepository; issuer: string; log: Logger }) {
    this.users = deps.users;
    this.issuer = deps.issuer;
    this.log = deps.log;
  }

  async ensure(claims: authV1.EnsureExternalUserRequest): Promise<authV1.User> {
    const identity = this.identityFrom(claims);
    // A second try covers the race of two first requests of one person creating the same record.
    for (let attempt = 0; ; attempt++) {
      try {
        return toUserProto(await this.ensureOnce(identity));
      } catch (error) {
        if (!(error instanceof UserExistsError) || attempt > 0) throw error;
      }
    }
  }

  /** The local record's id for this issuer's sub, if one is linked (the refresh check uses it). */
  async localIdOf(sub: string): Promise<string | null> {
    return (await this.users.findLinked(this.issuer, sub))?._id ?? null;
  }

  private async ensureOnce(identity: Identity): Promise<ExternalUserDoc> {
    const link = { issuer: this.issuer, sub: identity.sub };
    const linked = await this.users.findLinked(this.issuer, identity.sub);
    if (linked) return this.sync(linked, identity);

    const sameId = await this.users.findById(identity.sub);
    if (sameId) {
      // Only if an id of ours equals the issuer's sub, or the sub was linked at another issuer.
      throw conflict(
        'This account cannot be linked to a Mediakit account because its id is already in use. Ask an administrator.',
      );
    }
    const sameEmail = await this.users.findByEmail(identity.email);
    if (sameEmail) {
      if (sameEmail.externalSub) {
        throw conflict(
          `A Mediakit account with ${identity.email} already belongs to another sign-in. Ask an administrator to move it.`,
        );
      }
      if (!identity.emailVerified) {
        throw conflict(
          `A Mediakit account with ${identity.email} already exists. Verify this email address at ${this.issuer}, then sign in again to use that account.`,
        );
      }
      const updated = await this.users.update(sameEmail._id, link, {
        roles: identity.roles,
        name: identity.name || sameEmail.name,
      });
      if (!updated) throw new UserExistsError(); // linked by a concurrent request: look again
      this.log.info({ id: updated._id, sub: identity.sub }, 'built-in account linked to the external issuer');
      return updated;
    }
    const doc: ExternalUserDoc = {
      _id: identity.sub,
      email: identity.email,
      name: identity.name,
      // No password: this account signs in at the issuer only, and an empty hash never verifies.
      passwordHash: '',
      roles: identity.roles,
      plan: 'free',
      createdAt: new Date().toISOString(),
      externalIssuer: this.issuer,
      externalSub: identity.sub,
    };
    await this.users.insert(doc);
    this.log.info({ id: doc._id }, 'account created for a user of the external issuer');
    return doc;
  }

  /** Brings a linked record in line with the issuer's claims: the issuer owns the profile and roles. */
  private async sync(doc: ExternalUserDoc, identity: Identity): Promise<ExternalUserDoc> {
    const set: Partial<ExternalUserDoc> = {};
    if (identity.name && identity.name !== doc.name) set.name = identity.name;
    if (identity.roles.join() !== doc.roles.join()) set.roles = identity.roles;
    if (identity.email !== doc.email) set.email = identity.email;
    if (Object.keys(set).length === 0) return doc;
    const link = { issuer: this.issuer, sub: identity.sub };
    try {
      return (await this.users.update(doc._id, link, set)) ?? doc;
    } catch (error) {
      if (!(error instanceof UserExistsError) || !set.email) throw error;
      // The new address belongs to another record: keep the old one rather than lock the user out.
      this.log.warn(
        { id: doc._id },
        'email changed at the issuer to one another account has; kept the old one',
      );
      const { email: _taken, ...rest } = set;
      return (await this.users.update(doc._id, link, rest)) ?? doc;
    }
  }

  private identityFrom(claims: authV1.EnsureExternalUserRequest): Identity {
    if (!SUB.test(claims.sub)) {
      throw new ApiError(400, 'validation_failed', 'The token names no usable subject.');
    }
    const email = normalizeEmail(claims.email);
    if (!email || email.length > MAX_EMAIL_LENGTH || !email.includes('@')) {
      throw new ApiError(
        403,
        'email_required',
        `Your account at ${this.issuer} has no email address. Add one there, then sign in again.`,
      );
    }
    const roles: Role[] = [
      'user',
      ...KNOWN_ROLES.filter((role) => role !== 'user' && claims.roles.includes(role)),
    ];
    return {
      sub: claims.sub,
      email,
      emailVerified: claims.emailVerified,
      name: [...claims.name.trim()].slice(0, MAX_NAME_LENGTH).join(''),
      roles,
    };
  }
}

interface Identity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  roles: Role[];
}
