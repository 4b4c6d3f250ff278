import { type Document, MongoClient, type Collection as MongoCollection, MongoServerError } from 'mongodb';
import { DuplicateKeyError } from './duplicate-key-error.ts';
import type { Collection, Doc, DocumentStore } from './ports.ts';
import { assertOperatorUpdate, isReplacement } from './update-document.ts';

/**
 * The production document store: a thin wrapper over the official MongoDB driver, one database
 * per service. Filters and updates are passed through unchanged (the port speaks MongoDB's
 * language); only the results and the duplicate-key error are put in the port's shape.
 */
export async function createMongoDocumentStore(url: string, dbName: string): Promise<DocumentStore> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(dbName);
  return {
    collection: <T extends Doc>(name: string) => mongoCollection<T>(db.collection(name)),
    async ping() {
      await db.command({ ping: 1 });
    },
    close: () => client.close(),
  };
}

function mongoCollection<T extends Doc>(collection: MongoCollection<Document>): Collection<T> {
  return {
    insertOne: (document) => run(async () => void (await collection.insertOne(document as Document))),

    findOne: (filter) => run(async () => (await collection.findOne(filter)) as T | null),

    find: (filter, options = {}) =>
      run(async () => {
        const cursor = collection.find(filter);
        if (options.sort) cursor.sort(options.sort);
        if (options.skip) cursor.skip(options.skip);
        if (options.limit) cursor.limit(options.limit);
        return (await cursor.toArray()) as unknown as T[];
      }),

    count: (filter) => run(() => collection.countDocuments(filter)),

    updateOne: (filter, update, options = {}) =>
      run(async () => {
        const settings = { upsert: options.upsert ?? false, returnDocument: 'after' } as const;
        // MongoDB's findOneAndUpdate only takes operators; a whole document goes through findOneAndReplace.
        const updated = isReplacement(update)
          ? await collection.findOneAndReplace(filter, update, settings)
          : await collection.findOneAndUpdate(filter, update, settings);
        return updated as T | null;
      }),

    updateMany: (filter, update) =>
      run(async () => {
        assertOperatorUpdate(update);
        // matchedCount, not modifiedCount: the embedded store cannot tell a no-op update from a real one.
        return (await collection.updateMany(filter, update)).matchedCount;
      }),

    deleteOne: (filter) => run(async () => (await collection.findOneAndDelete(filter)) as T | null),

    deleteMany: (filter) => run(async () => (await collection.deleteMany(filter)).deletedCount),

    createIndex: (fields, options = {}) =>
      run(async () => void (await collection.createIndex(fields, { unique: options.unique ?? false }))),
  };
}

const DUPLICATE_KEY = 11000;

async function run<R>(operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
      throw new DuplicateKeyError(error.message, { cause: error });
    }
    throw error;
  }
}
