import { createHash, randomBytes } from 'node:crypto';
import type { Collection, DocumentStore, Logger, MailSender } from '@mediakit/kit';
import { checkEmail, checkPassword, type PasswordRules } from '../credential-rules.ts';
import type { PasswordHasher } from '../password-hasher.ts';
import type { SessionRepository } from '../session-repository.ts';
import type { UserRepository } from '../user-repository.ts';
import type { OidcDocumentStorage } from './document-adapter.ts';

/** One password-reset link, as kept in `password_resets`: only the SHA-256 of its token. */
interface PasswordResetDoc {
  _id: string; // sha256(token), base64url
  sub: string;
  expiresAt: string;
  createdAt: string;
  usedAt?: string;
}

export interface PasswordResetDeps {
  users: UserRepository;
  hasher: PasswordHasher;
  sessions: SessionRepository;
  oidc: OidcDocumentStorage;
  mail: MailSender;
  passwordRules: PasswordRules;
  ttlMinutes: number;
  log: Logger;
  now?: () => number;
}

export type ResetOutcome = 'done' | 'invalid';

/**
 * "Forgot your password?": a single-use link by email, valid PASSWORD_RESET_TTL_MINUTES, whose
 * token is stored hashed (a copy of the database cannot reset anyone's password). Choosing the new
 * password ends every session of the user: the app's refresh-token families and everything the
 * OpenID Provider holds (its browser sessions, grants, refresh tokens).
 *
 * The request answers the same whether or not the email has an account, so the form does not
 * tell who has one.
 */
export class PasswordResetService {
  private readonly resets: Collection<PasswordResetDoc>;
  private readonly deps: PasswordResetDeps;

  constructor(store: DocumentStore, deps: PasswordResetDeps) {
    this.resets = store.collection<PasswordResetDoc>('password_resets');
    this.deps = deps;
  }

  async createIndexes(): Promise<void> {
    await this.resets.createIndex({ sub: 1 });
    await this.resets.createIndex({ expiresAt: 1 });
  }

  /**
   * Sends the link when the email has an account; the link opens at `origin`, the (allowed)
   * address the reset was asked from. Throws a 400 naming `email` when it is not an email.
   */
  async request(rawEmail: string, origin: string): Promise<void> {
    const email = checkEmail(rawEmail);
    const user = await this.deps.users.findByEmail(email);
    if (!user) {
      this.deps.log.info('password reset asked for an email without an account');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.resets.insertOne({
      _id: hashToken(token),
      sub: user._id,
      expiresAt: new Date(now + this.deps.ttlMinutes * 60_000).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    const link = `${origin}/oidc/reset/${token}`;
    await this.deps.mail.send({
      to: user.email,
      subject: 'Reset your Mediakit password',
      text: [
        'Someone, hopefully you, asked to reset the password of your Mediakit account.',
        '',
        `Choose a new password here (the link works once, for ${this.deps.ttlMinutes} minutes):`,
        link,
        '',
        'If it was not you, ignore this email: your password stays as it is.',
      ].join('\n'),
    });
  }

  /** Whether the link still works (shown before the new-password form). */
  async isUsable(token: string): Promise<boolean> {
    return (await this.usable(token)) !== null;
  }

  /**
   * Sets the new password if the link still works, then uses up the link and ends every session.
   * A password that breaks the rules throws the usual 400 and leaves the link usable.
   */
  async complete(token: string, newPassword: string): Promise<ResetOutcome> {
    const reset = await this.usable(token);
    if (!reset) return 'invalid';
    const user = await this.deps.users.findById(reset.sub);
    if (!user) return 'invalid';
    checkPassword(newPassword, this.deps.passwordRules, 'password', user.email);
    const at = new Date(this.now()).toISOString();
    // Compare-and-set: of two posts of one link, one wins.
    const used = await this.resets.updateOne(
      { _id: reset._id, usedAt: { $exists: false } },
      { $set: { usedAt: at } },
    );
    if (!used) return 'invalid';
    await this.deps.users.update(user._id, {
      passwordHash: await this.deps.hasher.hash(newPassword),
      passwordChangedAt: at,
    });
    // Other links sent before this one die too; then every session ends.
    await this.resets.deleteMany({ sub: user._id, usedAt: { $exists: false } });
    const [appSessions, providerEntries] = await Promise.all([
      this.deps.sessions.revokeAllOf(user._id, at),
      this.deps.oidc.deleteAccount(user._id),
    ]);
    this.deps.log.info(
      { sub: user._id, appSessions, providerEntries },
      'password reset; every session of the user ended',
    );
    return 'done';
  }

  private async usable(token: string): Promise<PasswordResetDoc | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const reset = await this.resets.findOne({ _id: hashToken(token) });
    if (!reset || reset.usedAt || reset.expiresAt <= new Date(this.now()).toISOString()) return null;
    return reset;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
