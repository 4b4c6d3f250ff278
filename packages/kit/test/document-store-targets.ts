import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { createEmbeddedDocumentStore } from '../src/storage/embedded-document-store.ts';
import { createMongoDocumentStore } from '../src/storage/mongo-document-store.ts';
import type { DocumentStore } from '../src/storage/ports.ts';
import { mongoBackend } from './contract-backends.ts';

/** What a document-store contract suite runs against. */
export interface DocumentStoreTarget {
  /** Opens a store over the same data every time (so closing and reopening shows persistence). */
  open(): Promise<DocumentStore>;
  /** Removes everything the suite wrote. */
  destroy(): Promise<void>;
}

type Contract = (adapter: string, createTarget: () => Promise<DocumentStoreTarget>) => void;

/**
 * Runs a contract against the embedded store always, on a fresh temporary directory, and against
 * MongoDB when MONGODB_URL (or Docker for a container) gives one; otherwise prints why it skips.
 */
export async function forEveryDocumentStore(contract: Contract): Promise<void> {
  contract('embedded (mingo over nedb files)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mediakit-documents-'));
    return {
      open: async () => createEmbeddedDocumentStore(dir),
      destroy: () => rm(dir, { recursive: true, force: true }),
    };
  });

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
  contract('MongoDB', async () => {
    const dbName = `mediakit_contract_${randomUUID().slice(0, 8)}`;
    return {
      open: () => createMongoDocumentStore(mongodbUrl, dbName),
      async destroy() {
        const client = await MongoClient.connect(mongodbUrl);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
}
