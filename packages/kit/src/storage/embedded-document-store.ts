import { constants, mkdirSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { update as applyOperators, Query } from 'mingo';
import { DuplicateKeyError } from './duplicate-key-error.ts';
import { Datastore } from './nedb.ts';
import type {
  Collection,
  Doc,
  DocumentStore,
  Filter,
  FindOptions,
  SearchHit,
  TextIndexWeights,
  Update,
} from './ports.ts';
import { queryTerms, termScores, textScore } from './text-search.ts';
import { assertOperatorUpdate, isReplacement } from './update-document.ts';
import { upsertSeed } from './upsert-seed.ts';

/**
 * The document store that runs inside the service's process. Used by `npm start` and the tests;
 * production uses MongoDB (mongo-document-store.ts) with the same filters and updates.
 *
 * What a filter matches, how results sort and what an update does come from `mingo`, MongoDB's
 * query and update language in JavaScript, so what passes here means the same on MongoDB. nedb
 * only keeps the documents: one append-only file per collection (`<dir>/<collection>.db`, compacted
 * by rewriting to a temporary file and renaming, so a crash leaves the old or the new file whole),
 * all documents in memory, and the unique indexes. Every operation of a collection runs alone
 * (queue below), so a read-modify-write cannot interleave with another.
 */
export function createEmbeddedDocumentStore(dir: string): DocumentStore {
  mkdirSync(dir, { recursive: true });
  const collections = new Map<string, { datastore: Datastore; collection: Collection<Doc> }>();
  let closed = false;

  function collectionFor(name: string): Collection<Doc> {
    if (closed) throw new Error('The document store is closed.');
    let entry = collections.get(name);
    if (!entry) {
      assertCollectionName(name);
      const datastore = new Datastore({
        filename: join(dir, `${name}.db`),
        autoload: true,
        // Without a handler nedb rethrows a load error as an unhandled rejection. Each call awaits
        // autoloadPromise instead, so the error reaches the caller.
        onload: () => {},
      });
      // nedb only appends; compaction rewrites the file to one line per live document.
      datastore.setAutocompactionInterval(COMPACTION_INTERVAL_MS);
      entry = { datastore, collection: embeddedCollection(name, datastore) };
      collections.set(name, entry);
    }
    return entry.collection;
  }

  return {
    collection: <T extends Doc>(name: string) => collectionFor(name) as unknown as Collection<T>,

    async ping() {
      if (closed) throw new Error('The document store is closed.');
      await access(dir, constants.W_OK);
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(
        [...collections.values()].map(async ({ datastore }) => {
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
      collections.clear();
    },
  };
}

const COMPACTION_INTERVAL_MS = 60_000;

/** No `$where` and friends: MongoDB runs no JavaScript from a filter in our deployments either. */
const QUERY_OPTIONS = { scriptEnabled: false } as const;

type Stored = Doc & Record<string, unknown>;

/** nedb's internal index lookup (datastore.js), which its own find uses before matching. */
interface RawCandidates {
  _getRawCandidates(query: Record<string, unknown>): Stored[];
}

function embeddedCollection(name: string, datastore: Datastore): Collection<Doc> {
  let queue: Promise<unknown> = Promise.resolve();
  let textWeights: TextIndexWeights | undefined;

  /** Runs the operation after every earlier one of this collection, and translates nedb's errors. */
  function run<R>(operation: () => Promise<R>): Promise<R> {
    const result = queue.then(async () => {
      await datastore.autoloadPromise;
      try {
        return await operation();
      } catch (error) {
        throw translateError(name, error);
      }
    });
    queue = result.catch(() => {});
    return result;
  }

  /** The documents matching `filter`, as nedb holds them: read them, never change them. */
  async function matching(filter: Filter): Promise<Stored[]> {
    const query = new Query(filter, QUERY_OPTIONS);
    return (await candidates(filter)).filter((doc) => query.test(doc));
  }

  /**
   * Documents that may match: with a plain `_id` (or other top-level scalar) equality, nedb's
   * indexes narrow the set, as they did before mingo; otherwise every document. Such an equality
   * means the same to nedb as to MongoDB, so mingo's test afterwards loses nothing.
   */
  async function candidates(filter: Filter): Promise<Stored[]> {
    const equalities = Object.entries(filter).filter(
      ([key, value]) =>
        !key.startsWith('$') &&
        !key.includes('.') &&
        (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
    );
    if (equalities.length === 0) return datastore.getAllData() as Stored[];
    // nedb's own candidate lookup: the documents its indexes give for these values, uncopied.
    // findAsync would deep-copy every match first, e.g. all of an owner's jobs for a count.
    return (datastore as unknown as RawCandidates)._getRawCandidates(Object.fromEntries(equalities));
  }

  /** The document `changes` makes of `found`: a replacement keeps the `_id`, operators go through mingo. */
  function updated(found: Stored, changes: Update): Stored {
    if (isReplacement(changes)) {
      if ('_id' in changes && changes._id !== found._id) throw immutableId();
      return { ...structuredClone(changes), _id: found._id };
    }
    const next = structuredClone(found);
    applyOperators(next, structuredClone(changes), [], undefined, { queryOptions: QUERY_OPTIONS });
    if (next._id !== found._id) throw immutableId();
    return next;
  }

  async function replace(doc: Stored): Promise<void> {
    await datastore.updateAsync({ _id: doc._id }, doc, {});
  }

  return {
    insertOne: (document) => run(async () => void (await datastore.insertAsync(structuredClone(document)))),

    findOne: (filter) =>
      run(async () => {
        const [found] = await matching(filter);
        return found ? structuredClone(found) : null;
      }),

    find: (filter, options: FindOptions = {}) =>
      run(async () => {
        let cursor = new Query({}, QUERY_OPTIONS).find<Stored>(await matching(filter));
        if (options.sort) cursor = cursor.sort(options.sort);
        if (options.skip) cursor = cursor.skip(options.skip);
        if (options.limit) cursor = cursor.limit(options.limit);
        return structuredClone(cursor.all());
      }),

    count: (filter) => run(async () => (await matching(filter)).length),

    updateOne: (filter, changes, options = {}) =>
      run(async () => {
        isReplacement(changes); // refuses an update that mixes operators and plain fields
        const [found] = await matching(filter);
        if (found) {
          const next = updated(found, changes);
          await replace(next);
          return structuredClone(next);
        }
        if (!options.upsert) return null;
        const seed = upsertSeed(filter) as Stored;
        const document = isReplacement(changes)
          ? { ...structuredClone(changes), ...('_id' in seed ? { _id: seed._id } : {}) }
          : updated(seed, changes);
        return (await datastore.insertAsync(document)) as unknown as Stored;
      }),

    updateMany: (filter, changes) =>
      run(async () => {
        assertOperatorUpdate(changes);
        const found = await matching(filter);
        // Computed first, so an operator error changes nothing.
        const next = found.map((doc) => updated(doc, changes));
        for (const doc of next) await replace(doc);
        return found.length;
      }),

    deleteOne: (filter) =>
      run(async () => {
        const [found] = await matching(filter);
        if (!found) return null;
        const copy = structuredClone(found);
        await datastore.removeAsync({ _id: found._id }, {});
        return copy;
      }),

    deleteMany: (filter) =>
      run(async () => {
        const ids = (await matching(filter)).map((doc) => doc._id);
        if (ids.length === 0) return 0;
        return datastore.removeAsync({ _id: { $in: ids } }, { multi: true });
      }),

    createIndex: (fields, options = {}) =>
      run(async () => {
        const names = Object.keys(fields);
        await datastore.ensureIndexAsync({
          fieldName: names.length === 1 ? (names[0] as string) : names,
          unique: options.unique,
        });
      }),

    createTextIndex: (weights) =>
      run(async () => {
        // Kept in memory: services create their indexes at every start.
        textWeights = { ...weights };
      }),

    search: (text, options = {}) =>
      run(async () => {
        if (!textWeights) throw new Error(`Collection ${name} has no text index to search.`);
        const weights = textWeights;
        const terms = queryTerms(text);
        if (terms.length === 0) return [];
        const hits: SearchHit<Stored>[] = [];
        for (const doc of await matching(options.filter ?? {})) {
          const score = textScore(terms, termScores(doc, weights));
          if (score > 0) hits.push({ doc, score });
        }
        hits.sort((a, b) => b.score - a.score || compareIds(a.doc._id, b.doc._id));
        return structuredClone(options.limit ? hits.slice(0, options.limit) : hits);
      }),
  };
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function immutableId(): TypeError {
  return new TypeError('An update may not change a document\u2019s _id.');
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
