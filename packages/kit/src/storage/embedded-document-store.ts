import { constants, mkdirSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { DuplicateKeyError } from './duplicate-key-error.ts';
import { Datastore, nedbModify } from './nedb.ts';
import { toNedbFilter } from './nedb-filter.ts';
import type { Collection, Doc, DocumentStore, Filter, FindOptions, Update } from './ports.ts';
import { assertOperatorUpdate, isReplacement } from './update-document.ts';
import { upsertSeed } from './upsert-seed.ts';

/**
 * The document store that runs inside the service's process, on nedb: one append-only file per
 * collection (`<dir>/<collection>.db`), all documents held in memory. Used by `npm start` and the
 * tests; production uses MongoDB (mongo-document-store.ts) with the same filters and updates.
 *
 * Where nedb's semantics differ from MongoDB's, this adapter bridges the gap: filters go through
 * toNedbFilter, upserts start from MongoDB's seed document, deleteOne returns the deleted document,
 * and unique-index errors become DuplicateKeyError. Known remaining difference: `$pull` on a field
 * that does not exist throws here, while MongoDB ignores it.
 */
export function createEmbeddedDocumentStore(dir: string): DocumentStore {
  mkdirSync(dir, { recursive: true });
  const datastores = new Map<string, Datastore>();
  let closed = false;

  function datastoreFor(name: string): Datastore {
    if (closed) throw new Error('The document store is closed.');
    let datastore = datastores.get(name);
    if (!datastore) {
      assertCollectionName(name);
      datastore = new Datastore({
        filename: join(dir, `${name}.db`),
        autoload: true,
        // Without a handler nedb rethrows a load error as an unhandled rejection. Each call awaits
        // autoloadPromise instead, so the error reaches the caller.
        onload: () => {},
      });
      // nedb only appends; compaction rewrites the file to one line per live document.
      datastore.setAutocompactionInterval(COMPACTION_INTERVAL_MS);
      datastores.set(name, datastore);
    }
    return datastore;
  }

  return {
    collection: <T extends Doc>(name: string) => embeddedCollection<T>(name, datastoreFor(name)),

    async ping() {
      if (closed) throw new Error('The document store is closed.');
      await access(dir, constants.W_OK);
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(
        [...datastores.values()].map(async (datastore) => {
          datastore.stopAutocompaction();
          const loaded = await datastore.autoloadPromise?.then(
            () => true,
            () => false,
          );
          // Compaction is queued behind pending writes, so once it resolves everything is on disk
          // (and the next start loads a compact file). A store that never loaded has nothing to write.
          if (loaded) await datastore.compactDatafileAsync();
        }),
      );
      datastores.clear();
    },
  };
}

const COMPACTION_INTERVAL_MS = 60_000;

function embeddedCollection<T extends Doc>(name: string, datastore: Datastore): Collection<T> {
  /** Waits for the file to be loaded, runs the operation, and translates nedb's errors. */
  async function run<R>(operation: () => Promise<R>): Promise<R> {
    await datastore.autoloadPromise;
    try {
      return await operation();
    } catch (error) {
      throw translateError(name, error);
    }
  }

  async function update(filter: Filter, changes: Update): Promise<T | null> {
    // nedb may keep references to values of the update object in its in-memory documents, so a
    // caller that reuses its object afterwards would change stored data. Give nedb its own copy.
    const result = await datastore.updateAsync(toNedbFilter(filter), structuredClone(changes), {
      returnUpdatedDocs: true,
    });
    return (result.affectedDocuments as T | null | undefined) ?? null;
  }

  async function insertUpserted(filter: Filter, changes: Update): Promise<T | null> {
    const document = nedbModify(upsertSeed(filter), structuredClone(changes));
    try {
      return (await datastore.insertAsync(document)) as unknown as T;
    } catch (error) {
      // Another caller upserted the same document between our update and our insert: it exists
      // now, so this becomes a plain update (MongoDB retries upserts the same way). If it still
      // matches nothing, the conflict is with some other document and the error stands.
      if (isUniqueViolation(error)) {
        const updated = await update(filter, changes);
        if (updated) return updated;
      }
      throw error;
    }
  }

  return {
    insertOne: (document) => run(async () => void (await datastore.insertAsync(document))),

    findOne: (filter) =>
      run(async () => ((await datastore.findOneAsync(toNedbFilter(filter))) as unknown as T) ?? null),

    find: (filter, options: FindOptions = {}) =>
      run(async () => {
        let cursor = datastore.findAsync(toNedbFilter(filter));
        if (options.sort) cursor = cursor.sort(options.sort);
        if (options.skip) cursor = cursor.skip(options.skip);
        if (options.limit) cursor = cursor.limit(options.limit);
        return (await cursor) as unknown as T[];
      }),

    count: (filter) =>
      run(async () => (await datastore.countAsync(toNedbFilter(filter))) as unknown as number),

    updateOne: (filter, changes, options = {}) =>
      run(async () => {
        isReplacement(changes); // refuses an update that mixes operators and plain fields
        const updated = await update(filter, changes);
        if (updated || !options.upsert) return updated;
        return insertUpserted(filter, changes);
      }),

    updateMany: (filter, changes) =>
      run(async () => {
        assertOperatorUpdate(changes);
        const result = await datastore.updateAsync(toNedbFilter(filter), structuredClone(changes), {
          multi: true,
        });
        return result.numAffected;
      }),

    deleteOne: (filter) =>
      run(async () => {
        const query = toNedbFilter(filter);
        // nedb cannot delete-and-return in one step. If another caller deletes the document
        // between our find and our remove, look again rather than report a deletion we did not do.
        for (;;) {
          const found = (await datastore.findOneAsync(query)) as unknown as T | null;
          if (!found) return null;
          if ((await datastore.removeAsync({ _id: found._id }, {})) === 1) return found;
        }
      }),

    deleteMany: (filter) => run(() => datastore.removeAsync(toNedbFilter(filter), { multi: true })),

    createIndex: (fields, options = {}) =>
      run(async () => {
        const names = Object.keys(fields);
        await datastore.ensureIndexAsync({
          fieldName: names.length === 1 ? names[0] : names,
          unique: options.unique,
        });
      }),
  };
}

/** Collection names become file names, so they are kept to a safe alphabet. */
function assertCollectionName(name: string): void {
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(name)) {
    throw new TypeError(
      `Collection name ${JSON.stringify(name)} is not valid: use letters, digits, _ . - (not first).`,
    );
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { errorType?: unknown } | null)?.errorType === 'uniqueViolated';
}

function translateError(collection: string, error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  const key = (error as { key?: unknown }).key;
  return new DuplicateKeyError(`Duplicate key ${JSON.stringify(key)} in collection ${collection}.`, {
    cause: error,
  });
}
