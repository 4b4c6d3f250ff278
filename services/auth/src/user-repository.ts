import { type Collection, type DocumentStore, DuplicateKeyError } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import type { PlanId } from './plans.ts';

export type Role = 'user' | 'editor' | 'admin';

/** A user as stored in the `users` collection. `_id` is the user's `sub` in every token. */
export interface UserDoc {
  _id: string;
  /** Normalized (trimmed, lower-cased; credential-rules.ts); unique. */
  email: string;
  name: string;
  /** argon2id PHC string; the password itself is never stored. */
  passwordHash: string;
  roles: Role[];
  plan: PlanId;
  createdAt: string;
  /** When the password last changed. */
  passwordChangedAt?: string;
}

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
    this.name = 'EmailTakenError';
  }
}

/** The `users` collection, in MongoDB's query language (runs on MongoDB and the embedded store). */
export class UserRepository {
  private readonly users: Collection<UserDoc>;

  constructor(store: DocumentStore) {
    this.users = store.collection<UserDoc>('users');
  }

  async createIndexes(): Promise<void> {
    // The unique index is what makes "email taken" race-free: two sign-ups at once, one wins.
    await this.users.createIndex({ email: 1 }, { unique: true });
  }

  /** Inserts the user; rejects with EmailTakenError when the email already has an account. */
  async insert(doc: UserDoc): Promise<void> {
    try {
      await this.users.insertOne(doc);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new EmailTakenError();
      throw error;
    }
  }

  findById(sub: string): Promise<UserDoc | null> {
    return this.users.findOne({ _id: sub });
  }

  /** Expects a normalized email. */
  findByEmail(email: string): Promise<UserDoc | null> {
    return this.users.findOne({ email });
  }

  update(sub: string, set: Partial<Omit<UserDoc, '_id'>>): Promise<UserDoc | null> {
    return this.users.updateOne({ _id: sub }, { $set: set });
  }

  /** Adds a role unless the user has it; null when there is no such user. */
  async addRole(filter: { email: string }, role: Role): Promise<UserDoc | null> {
    const user = await this.users.findOne(filter);
    if (!user || user.roles.includes(role)) return user;
    return this.users.updateOne({ _id: user._id }, { $set: { roles: [...user.roles, role] } });
  }

  delete(sub: string): Promise<UserDoc | null> {
    return this.users.deleteOne({ _id: sub });
  }
}

/** The wire form of a user: never the hash. */
export function toUserProto(doc: UserDoc): authV1.User {
  return { sub: doc._id, email: doc.email, name: doc.name, plan: doc.plan, roles: [...doc.roles] };
}
