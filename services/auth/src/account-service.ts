import { badRequest, conflict, newId, notFound } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { sessionEnded, wrongCurrentPassword } from './auth-errors.ts';
import {
  checkEmail,
  checkName,
  checkPassword,
  normalizeEmail,
  type PasswordRules,
} from './credential-rules.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { findPlan, type PlanId } from './plans.ts';
import type { SessionRepository } from './session-repository.ts';
import {
  EmailTakenError,
  type Role,
  toUserProto,
  type UserDoc,
  type UserRepository,
} from './user-repository.ts';

/**
 * Accounts: sign-up, the signed-in user's profile, password change, deletion, and which plan an
 * owner has. Calls keyed by `sub` come from a verified access token; when that user no longer
 * exists (deleted while the token lives on) they answer 401 "session ended", so the client's
 * refresh-then-sign-in flow takes over instead of showing a 404.
 */
export class AccountService {
  private readonly users: UserRepository;
  private readonly sessions: SessionRepository;
  private readonly hasher: PasswordHasher;
  private readonly passwordRules: PasswordRules;
  private readonly adminEmail?: string;
  private readonly plans: authV1.Plan[];
  private readonly planOf?: (sub: string) => Promise<PlanId | null>;
  private readonly deletion?: AccountDeletionSteps;

  constructor(deps: {
    users: UserRepository;
    sessions: SessionRepository;
    hasher: PasswordHasher;
    passwordRules: PasswordRules;
    adminEmail?: string;
    plans: authV1.Plan[];
    /** The user's plan as their subscription has it now (subscriptions/); the account's own otherwise. */
    planOf?: (sub: string) => Promise<PlanId | null>;
    /** The rest of an account deletion: other auth data and the event (account-deletion.ts). */
    deletion?: AccountDeletionSteps;
  }) {
    this.users = deps.users;
    this.sessions = deps.sessions;
    this.hasher = deps.hasher;
    this.passwordRules = deps.passwordRules;
    this.adminEmail = deps.adminEmail ? normalizeEmail(deps.adminEmail) : undefined;
    this.plans = deps.plans;
    this.planOf = deps.planOf;
    this.deletion = deps.deletion;
  }

  async signup(input: { email: string; password: string; name: string }): Promise<authV1.User> {
    const email = checkEmail(input.email);
    checkPassword(input.password, this.passwordRules, 'password', email);
    const name = checkName(input.name);
    // Checked first only to spare the argon2 work; the unique index settles races.
    if (await this.users.findByEmail(email)) throw emailTaken();
    const roles: Role[] = email === this.adminEmail ? ['user', 'admin'] : ['user'];
    const doc: UserDoc = {
      _id: newId(),
      email,
      name,
      passwordHash: await this.hasher.hash(input.password),
      roles,
      plan: 'free',
      createdAt: new Date().toISOString(),
    };
    try {
      await this.users.insert(doc);
    } catch (error) {
      if (error instanceof EmailTakenError) throw emailTaken();
      throw error;
    }
    return toUserProto(doc);
  }

  async getUser(sub: string): Promise<authV1.User> {
    const user = toUserProto(await this.existing(sub));
    return this.planOf ? { ...user, plan: (await this.planOf(sub)) ?? user.plan } : user;
  }

  async updateAccount(sub: string, input: { name: string }): Promise<authV1.User> {
    const name = checkName(input.name);
    const updated = await this.users.update(sub, { name });
    if (!updated) throw sessionEnded();
    return toUserProto(updated);
  }

  /**
   * Changes the password and revokes every session of the user, this device's included: whoever
   * may have learned the old password is signed out. (The request names no refresh token, so the
   * caller's own session cannot be spared; the client signs in again with the new password.)
   */
  async changePassword(sub: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
    const user = await this.existing(sub);
    if (!(await this.hasher.verify(user.passwordHash, input.currentPassword))) throw wrongCurrentPassword();
    checkPassword(input.newPassword, this.passwordRules, 'new_password', user.email);
    const now = new Date().toISOString();
    await this.users.update(sub, {
      passwordHash: await this.hasher.hash(input.newPassword),
      passwordChangedAt: now,
    });
    await this.sessions.revokeAllOf(sub, now);
  }

  /**
   * Removes the user, their sessions and subscription, then publishes `accounts.events.<sub>.deleted`
   * so the files, jobs and content services delete what the user owned (account-deletion.ts: the
   * deletion is recorded before the user goes, so the event is published even after a crash).
   */
  async deleteAccount(sub: string): Promise<void> {
    if (this.deletion && sub && (await this.users.findById(sub))) await this.deletion.begin(sub);
    const deleted = await this.users.delete(sub);
    await this.sessions.deleteAllOf(sub);
    if (!deleted) throw sessionEnded();
    await this.deletion?.finish(sub);
  }

  /**
   * An administrator sets a user's roles (the gateway lets only admins ask): the complete new set,
   * from user, editor and admin, with user always kept. An admin cannot take their own admin role
   * away, so an installation is never left without one by accident. The user's tokens carry the new
   * roles from their next access token on (sign-in or refresh).
   */
  async setRoles(sub: string, roles: readonly string[], actorSub: string): Promise<authV1.User> {
    const known: Role[] = ['user', 'editor', 'admin'];
    const unknown = roles.filter((role) => !(known as string[]).includes(role));
    if (unknown.length) {
      throw badRequest(`roles may only list user, editor and admin; ${unknown.join(', ')} is not a role.`, [
        { field: 'roles', message: 'unknown role' },
      ]);
    }
    const user = sub ? await this.users.findById(sub) : null;
    if (!user) throw notFound(`User ${sub}`);
    const next = known.filter((role) => role === 'user' || roles.includes(role));
    if (sub === actorSub && user.roles.includes('admin') && !next.includes('admin'))
      throw conflict('You cannot remove your own admin role: ask another administrator to do it.');
    if (!(await this.users.update(sub, { roles: next }))) throw notFound(`User ${sub}`);
    return this.getUser(sub);
  }

  /** ADMIN_EMAIL's account gets role admin at start if it already exists (at sign-up otherwise). */
  async ensureAdmin(): Promise<void> {
    if (this.adminEmail) await this.users.addRole({ email: this.adminEmail }, 'admin');
  }

  /** Guests and unknown owners have the free plan; users the plan on their account. */
  async getOwnerPlan(ownerId: string, isGuest: boolean): Promise<authV1.Plan> {
    if (isGuest || !ownerId) return findPlan(this.plans, 'free');
    if (this.planOf) return findPlan(this.plans, (await this.planOf(ownerId)) ?? 'free');
    const user = await this.users.findById(ownerId);
    return findPlan(this.plans, user?.plan ?? 'free');
  }

  listPlans(): authV1.Plan[] {
    return this.plans;
  }

  private async existing(sub: string): Promise<UserDoc> {
    const user = sub ? await this.users.findById(sub) : null;
    if (!user) throw sessionEnded();
    return user;
  }
}

/** What deleting an account does beyond the user record and sessions (account-deletion.ts). */
export interface AccountDeletionSteps {
  /** Before the user record goes. */
  begin(sub: string): Promise<void>;
  /** After the user record and sessions went. */
  finish(sub: string): Promise<void>;
}

const emailTaken = () => conflict('An account with this email already exists.');
