import type { Collection, DocumentStore } from '@mediakit/kit';

/** One API key of a user, in the `api_keys` collection; `_id` is the key id the secret carries. */
export interface ApiKeyDoc {
  _id: string;
  sub: string;
  name: string;
  scopes: string[];
  /** SHA-256 (hex) of the whole secret; the secret itself is never stored. */
  secretHash: string;
  createdAt: string;
  /** Absent: the key does not expire. */
  expiresAt?: string;
  /** Written at most once a minute per key (api-key-service.ts). */
  lastUsedAt?: string;
}

/** The `api_keys` collection, in MongoDB's query language. A revoked key is deleted, not flagged. */
export class ApiKeyRepository {
  private readonly keys: Collection<ApiKeyDoc>;

  constructor(store: DocumentStore) {
    this.keys = store.collection<ApiKeyDoc>('api_keys');
  }

  async createIndexes(): Promise<void> {
    await this.keys.createIndex({ sub: 1, createdAt: -1 }); // a user's list, newest first
  }

  insert(doc: ApiKeyDoc): Promise<void> {
    return this.keys.insertOne(doc);
  }

  findById(id: string): Promise<ApiKeyDoc | null> {
    return this.keys.findOne({ _id: id });
  }

  listOf(sub: string): Promise<ApiKeyDoc[]> {
    return this.keys.find({ sub }, { sort: { createdAt: -1 } });
  }

  /** Keys of the user that still work at `at`: no expiry, or one after it. */
  countLive(sub: string, at: string): Promise<number> {
    return this.keys.count({ sub, $or: [{ expiresAt: { $exists: false } }, { expiresAt: { $gt: at } }] });
  }

  /** Deletes the key if it is the user's: another user's id deletes nothing (and answers null). */
  delete(sub: string, id: string): Promise<ApiKeyDoc | null> {
    return this.keys.deleteOne({ _id: id, sub });
  }

  /**
   * Records a use unless the last one recorded is newer than `staleBy`: the condition keeps
   * concurrent requests of one key to a single write a minute.
   */
  async touch(id: string, at: string, staleBy: string): Promise<void> {
    await this.keys.updateOne(
      { _id: id, $or: [{ lastUsedAt: { $exists: false } }, { lastUsedAt: { $lte: staleBy } }] },
      { $set: { lastUsedAt: at } },
    );
  }

  deleteAllOf(sub: string): Promise<number> {
    return this.keys.deleteMany({ sub });
  }
}
