import type { Collection, DocumentStore } from '@mediakit/kit';

/**
 * One refresh token of an app session. Every rotation adds a document to the same `family` (the
 * sign-in it descends from), so presenting an already used token can revoke the whole family:
 * whoever rotated it, the thief or the owner, loses the session, and the owner signs in again.
 */
export interface SessionDoc {
  _id: string;
  sub: string;
  family: string;
  /** SHA-256 of the opaque refresh token (refresh-token.ts); the token itself is never stored. */
  tokenHash: string;
  /** Set when the token was exchanged for its successor. */
  usedAt?: string;
  /** Set on logout, reuse detection or a password change; for every token of the family. */
  revokedAt?: string;
  expiresAt: string;
  createdAt: string;
}

/** The `sessions` collection, in MongoDB's query language. */
export class SessionRepository {
  private readonly sessions: Collection<SessionDoc>;

  constructor(store: DocumentStore) {
    this.sessions = store.collection<SessionDoc>('sessions');
  }

  async createIndexes(): Promise<void> {
    await this.sessions.createIndex({ tokenHash: 1 }, { unique: true });
    await this.sessions.createIndex({ family: 1 });
    await this.sessions.createIndex({ sub: 1 });
    await this.sessions.createIndex({ expiresAt: 1 }); // the sweep of dead sessions (sweeper.ts)
  }

  insert(doc: SessionDoc): Promise<void> {
    return this.sessions.insertOne(doc);
  }

  findByTokenHash(tokenHash: string): Promise<SessionDoc | null> {
    return this.sessions.findOne({ tokenHash });
  }

  /**
   * Marks the token used if it is still live. The condition makes it a compare-and-set: of two
   * refreshes racing with the same token, only one gets the document back.
   */
  markUsed(id: string, at: string): Promise<SessionDoc | null> {
    return this.sessions.updateOne(
      { _id: id, usedAt: { $exists: false }, revokedAt: { $exists: false } },
      { $set: { usedAt: at } },
    );
  }

  revokeFamily(family: string, at: string): Promise<number> {
    return this.sessions.updateMany({ family, revokedAt: { $exists: false } }, { $set: { revokedAt: at } });
  }

  revokeAllOf(sub: string, at: string): Promise<number> {
    return this.sessions.updateMany({ sub, revokedAt: { $exists: false } }, { $set: { revokedAt: at } });
  }

  deleteAllOf(sub: string): Promise<number> {
    return this.sessions.deleteMany({ sub });
  }

  /**
   * Deletes the tokens no refresh can use any more: expired by `at`, or revoked. Used tokens that
   * have not expired stay: presenting one again is how a stolen token is detected (session-service.ts).
   */
  deleteDead(at: string): Promise<number> {
    return this.sessions.deleteMany({ $or: [{ expiresAt: { $lte: at } }, { revokedAt: { $exists: true } }] });
  }
}
