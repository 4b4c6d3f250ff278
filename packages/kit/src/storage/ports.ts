import type { Readable } from 'node:stream';

/**
 * The two storage ports. Repositories are written once against these, using MongoDB's
 * query language, so the same code runs on MongoDB and on the embedded engine.
 */

/** A MongoDB filter. The embedded store evaluates it with mingo, so MongoDB's query operators mean the
 * same on both ($where and other scripts excepted); `$text` goes through `search`. */
export type Filter = Record<string, unknown>;
/** A MongoDB update: operators ($set $unset $inc $push $pull $addToSet $min $max...) or a whole
 * replacement document. */
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  limit?: number;
  skip?: number;
}

/** A text index: the string fields it covers (dotted paths, arrays of strings too) and each one's weight. */
export type TextIndexWeights = Record<string, number>;

export interface SearchOptions {
  /** Narrows the documents searched (`{ status: 'published' }`). */
  filter?: Filter;
  limit?: number;
}

/** A search result: the document and how well it matched (higher is better; comparable within one store only). */
export interface SearchHit<T> {
  doc: T;
  score: number;
}

export interface Doc {
  /** Every document has a string `_id`; callers choose it (ids are random, URL-safe). */
  _id: string;
}

/** Writes that would break a unique index (`_id` included) reject with DuplicateKeyError (duplicate-key-error.ts). */
export interface Collection<T extends Doc> {
  insertOne(doc: T): Promise<void>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /** Updates the first match; returns the updated document, or null when nothing matched.
   * An upsert inserts the filter's equality fields plus the update, so pin `_id` in the filter. */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<T | null>;
  /** Returns how many documents matched and were updated. Takes operators only, not a replacement document. */
  updateMany(filter: Filter, update: Update): Promise<number>;
  /** Returns the deleted document, or null. */
  deleteOne(filter: Filter): Promise<T | null>;
  deleteMany(filter: Filter): Promise<number>;
  createIndex(fields: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void>;
  /** The collection's one text index (English): what `search` looks in. */
  createTextIndex(weights: TextIndexWeights): Promise<void>;
  /** Documents containing any word of `text` (case, accents and word endings ignored), best first,
   * ties by `_id`: MongoDB's `$text` and `textScore` there, a portable equivalent (text-search.ts) on
   * the embedded store. Rejects when the collection has no text index. */
  search(text: string, options?: SearchOptions): Promise<SearchHit<T>[]>;
}

export interface DocumentStore {
  collection<T extends Doc>(name: string): Collection<T>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ObjectInfo {
  key: string;
  size: number;
  contentType?: string;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/** Keys are `/`-separated paths (`uploads/abc`); invalid ones (`..`, absolute, backslash, NUL, empty
 * or dot-led segments) reject with InvalidObjectKeyError (object-key.ts). */
export interface ObjectStore {
  /** Stores the stream under `key`. Readers never see a partial object: it appears whole or not at all. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<ObjectInfo>;
  /** Streams the object, or a byte range of it. Rejects with NotFoundError if absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Returns null when the object does not exist. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Deletes the object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`. The empty prefix is refused. */
  deletePrefix(prefix: string): Promise<void>;
  /** Lists keys under a prefix (used by contract tests and the retention sweeper). */
  list(prefix: string): Promise<string[]>;
  ping(): Promise<void>;
}
