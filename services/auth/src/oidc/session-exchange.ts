import { ApiError, type Collection, type DocumentStore, DuplicateKeyError } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { SessionService } from '../session-service.ts';
import type { SigningKeys } from '../signing-keys.ts';
import { AUDIENCE } from '../token-issuer.ts';

/** A provider access token already turned into a session (its jti), kept until it expires. */
interface ExchangeDoc {
  _id: string;
  sub: string;
  expiresAt: string;
}

export interface SessionExchangeDeps {
  keys: SigningKeys;
  sessions: SessionService;
  /** Whether a token of this issuer may start a session: the built-in provider of an allowed origin. */
  issuers: (issuer: string) => boolean;
  clientId: string;
  now?: () => number;
}

/** How old a provider access token may be when it is exchanged: the code flow has just ended. */
const MAX_AGE_SECONDS = 5 * 60;

const notExchangeable = () =>
  new ApiError(401, 'unauthorized', 'This sign-in cannot start a session any more. Please sign in again.');

/**
 * `POST /api/v1/auth/session`: the end of the built-in provider's code flow. The browser presents
 * the access token it just got from the provider and receives the app's own session (the body of
 * `POST /auth/login`, with the opaque rotating refresh token keycloak-js cannot hold).
 *
 * Only a token the provider issued to the web app qualifies (its `client_id`: the app session's
 * own access tokens have none), at most five minutes old, and each token only once. Otherwise any
 * 15-minute access token, leaked or not, could be stretched into a 30-day session.
 */
export class SessionExchange {
  private readonly exchanges: Collection<ExchangeDoc>;
  private readonly deps: SessionExchangeDeps;

  constructor(store: DocumentStore, deps: SessionExchangeDeps) {
    this.exchanges = store.collection<ExchangeDoc>('session_exchanges');
    this.deps = deps;
  }

  async createIndexes(): Promise<void> {
    await this.exchanges.createIndex({ expiresAt: 1 });
  }

  async exchange(accessToken: string): Promise<authV1.Tokens> {
    const now = (this.deps.now ?? Date.now)();
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(accessToken, createLocalJWKSet(this.deps.keys.jwks()), {
        audience: AUDIENCE,
        typ: 'at+jwt',
        algorithms: ['ES256', 'RS256'],
        requiredClaims: ['iss', 'sub', 'exp', 'iat', 'jti', 'client_id'],
        currentDate: new Date(now),
        maxTokenAge: MAX_AGE_SECONDS,
      }));
    } catch {
      throw notExchangeable();
    }
    // Any allowed origin's provider (localhost, 127.0.0.1, a LAN address): one account, many doors.
    if (typeof payload.iss !== 'string' || !this.deps.issuers(payload.iss)) throw notExchangeable();
    if (payload.client_id !== this.deps.clientId) throw notExchangeable();
    const sub = String(payload.sub);
    try {
      await this.exchanges.insertOne({
        _id: String(payload.jti),
        sub,
        expiresAt: new Date(Number(payload.exp) * 1000).toISOString(),
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw notExchangeable();
      throw error;
    }
    return this.deps.sessions.startSession(sub);
  }

  /** Forgets exchanged tokens that have expired anyway (a task of the auth sweeper). */
  sweep(now: Date): Promise<number> {
    return this.exchanges.deleteMany({ expiresAt: { $lte: now.toISOString() } });
  }
}
