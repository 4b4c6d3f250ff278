import { type Collection, type DocumentStore, DuplicateKeyError } from '@mediakit/kit';
import type { UserDoc } from '../user-repository.ts';

/**
 * A user record that an external issuer's account is linked to. It lives in the same `users`
 * collection as every account (so plans, roles, getUser and deletion work unchanged); the two
 * fields say which identity at which issuer signs in as it.
 */
export interface ExternalUserDoc extends UserDoc {
  externalIssuer?: string;
  externalSub?: string;
}

/** Two writers raced for the same `_id` or email; the caller looks again. */
export class UserExistsError extends Error {
  constructor() {
    super('user exists');
    this.name = 'UserExistsError';
  }
}

/** The `users` collection as the external-issuer mode reads and writes it. */
export class ExternalUserRepository {
  private readonly users: Collection<ExternalUserDoc>;

  constructor(store: DocumentStore) {
    this.users = store.collection<ExternalUserDoc>('users');
  }

  async createIndexes(): Promise<void> {
    // Not unique: records of built-in accounts have no externalSub at all.
    await this.users.createIndex({ externalSub: 1 });
  }

  findLinked(issuer: string, sub: string): Promise<ExternalUserDoc | null> {
    return this.users.findOne({ externalIssuer: issuer, externalSub: sub });
  }

  findById(id: string): Promise<ExternalUserDoc | null> {
    return this.users.findOne({ _id: id });
  }

  /** Expects a normalized email. */
  findByEmail(email: string): Promise<ExternalUserDoc | null> {
    return this.users.findOne({ email });
  }

  async insert(doc: ExternalUserDoc): Promise<void> {
    try {
      await this.users.insertOne(doc);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new UserExistsError();
      throw error;
    }
  }

  /**
   * Sets fields of one record; only records not linked yet, or linked to this very identity, match,
   * so two racing links cannot both win. Rejects with UserExistsError when the email is taken.
   */
  async update(
    id: string,
    link: { issuer: string; sub: string },
    set: Partial<Omit<ExternalUserDoc, '_id'>>,
  ): Promise<ExternalUserDoc | null> {
    try {
      return await this.users.updateOne(
        {
          _id: id,
          $or: [{ externalSub: { $exists: false } }, { externalIssuer: link.issuer, externalSub: link.sub }],
        },
        { $set: { ...set, externalIssuer: link.issuer, externalSub: link.sub } },
      );
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new UserExistsError();
      throw error;
    }
  }
}
