/**
 * Storage: the two ports (ports.ts), their adapters, and the factories services call at start.
 * Services use openDocumentStore / openObjectStore; the create* functions are for tests and tools.
 */

export { DuplicateKeyError } from './duplicate-key-error.ts';
export { createEmbeddedDocumentStore } from './embedded-document-store.ts';
export { createEncryptedObjectStore, type ObjectEncryptionKeys } from './encrypted-object-store.ts';
export { masterKey, ObjectIntegrityError } from './encryption-format.ts';
export { loadObjectEncryptionKeys, type ObjectEncryptionSettings } from './encryption-keys.ts';
export { createLocalObjectStore } from './local-object-store.ts';
export { createMongoDocumentStore } from './mongo-document-store.ts';
export { InvalidObjectKeyError } from './object-key.ts';
export {
  encryptionFromEnv,
  openDocumentStore,
  openObjectStore,
  openObjectStoreFromEnv,
} from './open-stores.ts';
export type {
  ByteRange,
  Collection,
  Doc,
  DocumentStore,
  Filter,
  FindOptions,
  ObjectInfo,
  ObjectStore,
  SearchHit,
  SearchOptions,
  Sort,
  TextIndexWeights,
  Update,
} from './ports.ts';
export { createS3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store.ts';
export { STREAM_BATCH_BYTES } from './stream-batches.ts';
