import {
  type Collection,
  clampLimit,
  DuplicateKeyError,
  type Filter,
  pageQuery,
  toPage,
} from '@mediakit/kit';
import type { FileDoc } from './file-record.ts';

export interface FilePageQuery {
  ownerId: string;
  media?: string;
  uploadsOnly?: boolean;
  cursor?: string;
  limit?: number;
  /** Only files whose expiresAt is after this instant (ISO): expired files are gone for their owner. */
  liveAt: string;
}

/**
 * The `files` collection, in MongoDB's query language so the same code runs on MongoDB and the
 * embedded store. Knows queries, not rules: ownership and retention decisions are the service's.
 */
export class FileRepository {
  readonly #files: Collection<FileDoc>;

  constructor(files: Collection<FileDoc>) {
    this.#files = files;
  }

  async ensureIndexes(): Promise<void> {
    await this.#files.createIndex({ ownerId: 1, createdAt: -1, _id: -1 }); // the owner's list, newest first
    await this.#files.createIndex({ jobId: 1 }); // a job's outputs
    await this.#files.createIndex({ expiresAt: 1 }); // the retention sweep
  }

  insert(doc: FileDoc): Promise<void> {
    return this.#files.insertOne(doc);
  }

  findById(id: string): Promise<FileDoc | null> {
    return this.#files.findOne({ _id: id });
  }

  findOwned(ownerId: string, id: string, liveAt?: string): Promise<FileDoc | null> {
    const filter: Filter = { _id: id, ownerId };
    if (liveAt) filter.expiresAt = { $gt: liveAt };
    return this.#files.findOne(filter);
  }

  async page(query: FilePageQuery): Promise<{ items: FileDoc[]; nextCursor: string | null }> {
    const limit = clampLimit(query.limit);
    const { filter: after, sort } = pageQuery(query.cursor);
    const filter: Filter = { ownerId: query.ownerId, expiresAt: { $gt: query.liveAt }, ...after };
    if (query.media) filter.media = query.media;
    if (query.uploadsOnly) filter.source = 'upload';
    // One more than asked tells toPage whether another page exists.
    const docs = await this.#files.find(filter, { sort, limit: limit + 1 });
    return toPage(docs, limit);
  }

  /**
   * Creates the record or, when it exists, rewrites it while keeping its createdAt: a redelivered
   * job registers the same output again and must not reorder the owner's list.
   */
  async upsert(doc: FileDoc): Promise<FileDoc> {
    const { _id, createdAt, ...fields } = doc;
    const updated = await this.#files.updateOne({ _id }, { $set: fields });
    if (updated) return updated;
    try {
      await this.#files.insertOne(doc);
      return doc;
    } catch (error) {
      // Another call inserted it between our update and our insert: update that one.
      if (!(error instanceof DuplicateKeyError)) throw error;
      const raced = await this.#files.updateOne({ _id }, { $set: fields });
      if (!raced) throw error;
      return raced;
    }
  }

  deleteById(id: string): Promise<FileDoc | null> {
    return this.#files.deleteOne({ _id: id });
  }

  findByJob(ownerId: string, jobId: string): Promise<FileDoc[]> {
    return this.#files.find({ ownerId, jobId });
  }

  /**
   * Gives every record of one owner (uploads and job outputs alike) to another, in one write;
   * returns how many moved. Running it again moves nothing, so a retried claim is harmless.
   */
  reassignOwner(fromOwnerId: string, toOwnerId: string): Promise<number> {
    return this.#files.updateMany({ ownerId: fromOwnerId }, { $set: { ownerId: toOwnerId } });
  }

  /** Up to `limit` files of one owner, expired or not (account deletion). */
  findByOwner(ownerId: string, limit: number): Promise<FileDoc[]> {
    return this.#files.find({ ownerId }, { limit });
  }

  /** The oldest-expired first, so a backlog drains in order. */
  findExpired(nowIso: string, limit: number): Promise<FileDoc[]> {
    return this.#files.find({ expiresAt: { $lte: nowIso } }, { sort: { expiresAt: 1 }, limit });
  }
}
