import { join } from 'node:path';
import { createEmbeddedDocumentStore } from './embedded-document-store.ts';
import { createLocalObjectStore } from './local-object-store.ts';
import { createMongoDocumentStore } from './mongo-document-store.ts';
import type { DocumentStore, ObjectStore } from './ports.ts';
import { createS3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store.ts';

/**
 * Picks the document store from configuration: MongoDB (database `mediakit_<service>`) when a URL
 * is given, otherwise the embedded store under `<dataDir>/<service>`.
 */
export async function openDocumentStore(options: {
  mongodbUrl?: string;
  dataDir: string;
  service: string;
}): Promise<DocumentStore> {
  // The service name becomes a database name and a directory name; keep it to a safe alphabet.
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(options.service)) {
    throw new TypeError(
      `Service name ${JSON.stringify(options.service)} is not valid: use letters, digits, _ and -.`,
    );
  }
  if (options.mongodbUrl) return createMongoDocumentStore(options.mongodbUrl, `mediakit_${options.service}`);
  return createEmbeddedDocumentStore(join(options.dataDir, options.service));
}

/** Picks the object store from configuration: S3 when configured, otherwise `<dataDir>/objects` on the local disk. */
export async function openObjectStore(options: {
  s3?: S3ObjectStoreOptions | undefined;
  dataDir: string;
}): Promise<ObjectStore> {
  if (options.s3) return createS3ObjectStore(options.s3);
  return createLocalObjectStore(join(options.dataDir, 'objects'));
}
