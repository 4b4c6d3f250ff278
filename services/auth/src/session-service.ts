import { type Logger, newId } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { sessionEnded, signInFailed } from './auth-errors.ts';
import { normalizeEmail } from './credential-rules.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { hashRefreshToken, newRefreshToken } from './refresh-token.ts';
import type { SessionRepository } from './session-repository.ts';
import type { TokenIssuer } from './token-issuer.ts';
import type { UserDoc, UserRepository } from './user-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The app session: sign-in, refresh-token rotation with reuse detection, sign-out.
 *
 * Why the app keeps its own session instead of handing the browser an OIDC refresh token: the web
 * shell uses keycloak-js, which decodes refresh tokens as JWTs and fails on the opaque ones
 * oidc-provider (and this service) issue. So keycloak-js gets no refresh token; the browser keeps
 * an opaque app refresh token (the web app's 30-day cookie) and renews its access token through
 * `POST /api/v1/auth/refresh_token {refresh_token, id}`, which lands here. The OIDC code flow,
 * when it comes, ends by creating this same kind of session.
 *
 * Rotation: every refresh marks the presented token used and issues a successor in the same family
 * whose life starts again (REFRESH_TOKEN_TTL_DAYS after its last use, like the cookie). Presenting
 * a used token means two parties hold it, so the whole family is revoked and both sign in again.
 * There is no grace period for two tabs refreshing at once: the web app refreshes
 * single-flight, and a grace window would let a thief's replay through.
 */
export class SessionService {
  private readonly users: UserRepository;
  private readonly sessions: SessionRepository;
  private readonly hasher: PasswordHasher;
  private readonly tokens: TokenIssuer;
  private readonly refreshTtlMs: number;
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(deps: {
    users: UserRepository;
    sessions: SessionRepository;
    hasher: PasswordHasher;
    tokens: TokenIssuer;
    refreshTokenTtlDays: number;
    log: Logger;
    /** The clock, in epoch milliseconds; tests move it to expire sessions. */
    now?: () => number;
  }) {
    this.users = deps.users;
    this.sessions = deps.sessions;
    this.hasher = deps.hasher;
    this.tokens = deps.tokens;
    this.refreshTtlMs = deps.refreshTokenTtlDays * DAY_MS;
    this.log = deps.log;
    this.now = deps.now ?? Date.now;
  }

  /** Email and password → a new session. One 401 for every failure, with the same argon2 work. */
  async login(email: string, password: string): Promise<authV1.Tokens> {
    const user = await this.users.findByEmail(normalizeEmail(email));
    if (!user) {
      await this.hasher.verifyUnknownUser(password);
      throw signInFailed();
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) throw signInFailed();
    return this.issue(user, newId());
  }

  /** Exchanges a live refresh token of user `id` for new tokens and the token's successor. */
  async refresh(refreshToken: string, id: string): Promise<authV1.Tokens> {
    const session = refreshToken ? await this.sessions.findByTokenHash(hashRefreshToken(refreshToken)) : null;
    // Unknown token, or someone else's: refuse, and leave that session alone.
    if (!session || session.sub !== id) throw sessionEnded();
    if (session.revokedAt) throw sessionEnded();
    const at = this.isoNow();
    if (session.usedAt) {
      await this.revokeReusedFamily(session.family, session.sub, at);
      throw sessionEnded();
    }
    if (session.expiresAt <= at) throw sessionEnded();
    // Compare-and-set: of two refreshes racing with one token, the loser is a reuse too.
    if (!(await this.sessions.markUsed(session._id, at))) {
      await this.revokeReusedFamily(session.family, session.sub, at);
      throw sessionEnded();
    }
    const user = await this.users.findById(session.sub);
    if (!user) {
      await this.sessions.revokeFamily(session.family, at);
      throw sessionEnded();
    }
    return this.issue(user, session.family);
  }

  /**
   * A new session for a user who signed in elsewhere: the OpenID Provider's code flow, once the
   * caller has checked the token that proves it (oidc/session-exchange.ts).
   */
  async startSession(sub: string): Promise<authV1.Tokens> {
    const user = await this.users.findById(sub);
    if (!user) throw sessionEnded();
    return this.issue(user, newId());
  }

  /**
   * Revokes the token's whole family and answers whose session it was. An unknown token is not an
   * error: the session is over either way (undefined then).
   */
  async logout(refreshToken: string): Promise<string | undefined> {
    if (!refreshToken) return undefined;
    const session = await this.sessions.findByTokenHash(hashRefreshToken(refreshToken));
    if (!session) return undefined;
    await this.sessions.revokeFamily(session.family, this.isoNow());
    return session.sub;
  }

  /** New access and id tokens, and a new refresh token in `family`. */
  private async issue(user: UserDoc, family: string): Promise<authV1.Tokens> {
    const refreshToken = newRefreshToken();
    const now = this.now();
    await this.sessions.insert({
      _id: newId(),
      sub: user._id,
      family,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(now + this.refreshTtlMs).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    const [accessToken, idToken] = await Promise.all([
      this.tokens.accessToken(user),
      this.tokens.idToken(user),
    ]);
    return { accessToken, refreshToken, idToken, expiresIn: this.tokens.ttlSeconds, tokenType: 'Bearer' };
  }

  private async revokeReusedFamily(family: string, sub: string, at: string): Promise<void> {
    const revoked = await this.sessions.revokeFamily(family, at);
    this.log.warn({ sub, family, revoked }, 'a used refresh token was presented again; session revoked');
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }
}
