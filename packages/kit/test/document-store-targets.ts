import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createEmbeddedDocumentStore } from '../src/storage/embedded-document-store.ts';
import { createMongoDocumentStore } from '../src/storage/mongo-document-store.ts';
import type { DocumentStore } from '../src/storage/ports.ts';
import { mongoBackend } from './contract-backends.ts';

/** Where a contract suite gets its stores: opened again over the same data each time. */
interface DocumentStoreTarget {
  /** Opens a store over the same data every time (so closing and reopening shows persistence). */
  open(): Promise<DocumentStore>;
  /** Removes everything the suite wrote. */
  destroy(): Promise<void>;
}

/** The store a contract's tests use, opened before them and closed and removed after them. */
export interface StoreUnderTest {
  readonly store: DocumentStore;
  /** Closes the store and opens it again over the same data. */
  reopen(): Promise<void>;
}

type Contract = (suite: StoreUnderTest) => void;

/** `describe(title: adapter)` around `contract`, with the target's store open for its tests. */
function describeOn(
  title: string,
  adapter: string,
  createTarget: () => Promise<DocumentStoreTarget>,
  contract: Contract,
) {
  describe(`${title}: ${adapter}`, () => {
    let target: DocumentStoreTarget | undefined;
    let store: DocumentStore | undefined;
    const suite: StoreUnderTest = {
      get store() {
        if (!store) throw new Error('The store is not open yet.');
        return store;
      },
      async reopen() {
        await store?.close();
        store = await target?.open();
      },
    };
    beforeAll(async () => {
      target = await createTarget();
      store = await target.open();
    });
    afterAll(async () => {
      await store?.close();
      await target?.destroy();
    });
    contract(suite);
  });
}

export async function forEveryDocumentStore(title: string, contract: Contract): Promise<void> {
  describeOn(
    title,
    'embedded (mingo over nedb files)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'mediakit-documents-'));
      return {
        open: async () => createEmbeddedDocumentStore(dir),
        destroy: () => rm(dir, { recursive: true, force: true }),
      };
    },
    contract,
  );

  const mongo = await mongoBackend();
  if (!('value' in mongo)) {
    console.warn(mongo.skip);
    describe.skip(mongo.skip, () => {
      it('runs the contract against MongoDB', () => {});
    });
    return;
  }
  const mongodbUrl = mongo.value;
  afterAll(() => mongo.stop());
  describeOn(
    title,
    'MongoDB',
    async () => {
      const dbName = `mediakit_contract_${randomUUID().slice(0, 8)}`;
      return {
        open: () => createMongoDocumentStore(mongodbUrl, dbName),
        async destroy() {
          const client = await MongoClient.connect(mongodbUrl);
          await client.db(dbName).dropDatabase();
          await client.close();
        },
      };
    },
    contract,
  );
}
