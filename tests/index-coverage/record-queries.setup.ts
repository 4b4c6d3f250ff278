import { appendFileSync } from 'node:fs';
import type { Collection, Doc, DocumentStore } from '@mediakit/kit';
import { vi } from 'vitest';
import { queryShape } from './query-shape.ts';

/**
 * Loaded into every test file of the recorded run (vitest.config.ts here): the services' document
 * stores log the shape of every query and every index they create to MK_QUERY_LOG, one JSON line each.
 */
vi.mock('@mediakit/kit', async (importOriginal) => {
  const kit = await importOriginal<typeof import('@mediakit/kit')>();
  return {
    ...kit,
    createEmbeddedDocumentStore: (dir: string) => recording(kit.createEmbeddedDocumentStore(dir)),
    openDocumentStore: async (options: Parameters<typeof kit.openDocumentStore>[0]) =>
      recording(await kit.openDocumentStore(options)),
  };
});

function log(entry: object): void {
  const file = process.env.MK_QUERY_LOG;
  if (!file)
    throw new Error('MK_QUERY_LOG is not set: run this through tests/integration/index-coverage.test.ts.');
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

function recording(store: DocumentStore): DocumentStore {
  return {
    ...store,
    collection: <T extends Doc>(name: string) => recordingCollection(name, store.collection<T>(name)),
  };
}

function recordingCollection<T extends Doc>(name: string, inner: Collection<T>): Collection<T> {
  const query = (filter: Record<string, unknown>, sort?: Record<string, number>) =>
    log({ collection: name, query: queryShape(filter, sort) });
  return {
    ...inner,
    findOne: (filter) => (query(filter), inner.findOne(filter)),
    find: (filter, options) => (query(filter, options?.sort), inner.find(filter, options)),
    count: (filter) => (query(filter), inner.count(filter)),
    updateOne: (filter, update, options) => (query(filter), inner.updateOne(filter, update, options)),
    updateMany: (filter, update) => (query(filter), inner.updateMany(filter, update)),
    deleteOne: (filter) => (query(filter), inner.deleteOne(filter)),
    deleteMany: (filter) => (query(filter), inner.deleteMany(filter)),
    search: (text, options) => (query({ ...options?.filter, $text: text }), inner.search(text, options)),
    createIndex: (fields, options) => {
      log({ collection: name, index: Object.entries(fields) });
      return inner.createIndex(fields, options);
    },
    createTextIndex: (weights) => {
      log({ collection: name, index: [['$text', 1]] });
      return inner.createTextIndex(weights);
    },
  };
}
