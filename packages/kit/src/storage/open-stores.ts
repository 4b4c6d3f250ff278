import { join } from 'node:path';
import { s3FromEnv } from '../config.ts';
import { createEmbeddedDocumentStore } from './embedded-document-store.ts';
import { createEncryptedObjectStore } from './encrypted-object-store.ts';
import { loadObjectEncryptionKeys, type ObjectEncryptionSettings } from './encryption-keys.ts';
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

/**
 * Picks the object store from configuration: S3 when configured, otherwise `<dataDir>/objects` on the
 * local disk; either way behind the encryption wrapper, so every object is encrypted at rest
 * (encrypted-object-store.ts). `encryption` is required so no caller can forget it: pass
 * `encryptionFromEnv(config)`. With S3 the key must be configured (services on several machines must
 * share it); on the local disk one is generated under `dataDir` when unset.
 */
export async function openObjectStore(options: {
  s3?: S3ObjectStoreOptions | undefined;
  dataDir: string;
  encryption: ObjectEncryptionSettings;
}): Promise<ObjectStore> {
  const keys = await loadObjectEncryptionKeys(options.encryption, {
    dataDir: options.dataDir,
    requireConfigured: Boolean(options.s3),
  });
  const inner = options.s3
    ? await createS3ObjectStore(options.s3)
    : createLocalObjectStore(join(options.dataDir, 'objects'));
  return createEncryptedObjectStore(inner, keys);
}

/** The encryption settings from a service's validated config (objectStoreEnv). */
export function encryptionFromEnv(config: {
  OBJECT_ENCRYPTION_KEY?: string | undefined;
  OBJECT_ENCRYPTION_OLD_KEYS?: string | undefined;
}): ObjectEncryptionSettings {
  return { key: config.OBJECT_ENCRYPTION_KEY, oldKeys: config.OBJECT_ENCRYPTION_OLD_KEYS };
}

/**
 * The object store a service's environment describes (S3_* or DATA_DIR, OBJECT_ENCRYPTION_*): what
 * the files and content services and the workers open at start.
 */
export function openObjectStoreFromEnv(
  config: Parameters<typeof s3FromEnv>[0] & Parameters<typeof encryptionFromEnv>[0] & { DATA_DIR: string },
): Promise<ObjectStore> {
  return openObjectStore({
    s3: s3FromEnv(config),
    dataDir: config.DATA_DIR,
    encryption: encryptionFromEnv(config),
  });
}
