import { type Document, MongoClient, type Collection as MongoCollection, MongoServerError } from 'mongodb';
import { DuplicateKeyError } from './duplicate-key-error.ts';
import type { Collection, Doc, DocumentStore, SearchHit } from './ports.ts';
import { queryWords } from './text-search.ts';
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

    createTextIndex: (weights) =>
      run(async () => {
        // A collection has at most one text index: one with other fields or weights (an older
        // version's) is replaced, rather than failing the service's start.
        const wanted = JSON.stringify(Object.entries(weights).sort());
        for (const index of await existingIndexes(collection)) {
          const old = index.textIndexVersion !== undefined && index.name;
          if (old && JSON.stringify(Object.entries(index.weights ?? {}).sort()) !== wanted) {
            await collection.dropIndex(old);
          }
        }
        const fields = Object.fromEntries(Object.keys(weights).map((field) => [field, 'text' as const]));
        // English for every document: by default MongoDB would read a document's own `language`
        // field as its language, and refuse to store one it does not know.
        await collection.createIndex(fields, {
          weights,
          default_language: 'english',
          language_override: '__textLanguage',
          name: 'text',
        });
      }),

    search: (text, options = {}) =>
      run(async () => {
        // Plain words only: MongoDB would read quotes as a phrase and "-word" as "without word",
        // which the embedded store does not; the same words go to both.
        const words = queryWords(text);
        if (words.length === 0) return [];
        const cursor = collection
          .find({ ...options.filter, $text: { $search: words.join(' ') } })
          .project({ [SCORE]: { $meta: 'textScore' } })
          .sort({ [SCORE]: { $meta: 'textScore' }, _id: 1 });
        if (options.limit) cursor.limit(options.limit);
        return (await cursor.toArray()).map(({ [SCORE]: score, ...doc }) => ({
          doc: doc as T,
          score: score as number,
        })) satisfies SearchHit<T>[];
      }),
  };
}

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

/** The collection's indexes; none when it does not exist yet (the server answers with an error then). */
async function existingIndexes(collection: MongoCollection<Document>): Promise<Document[]> {
  try {
    return await collection.indexes();
  } catch (error) {
    if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return [];
    throw error;
  }
}
/** Where the projection puts MongoDB's text score; removed before the document is returned. */
const SCORE = '__textScore';

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
