import { Client } from 'minio';
import { inject } from 'vitest';
import { parseEndpoint, type S3ObjectStoreOptions } from '../src/storage/s3-object-store.ts';

/**
 * Where the contract suites find the production backends. MongoDB: MONGODB_URL, else a throwaway
 * container through testcontainers when a Docker engine answers, else a reason to skip that the
 * suite prints. S3: always a real one, from the s3 test project's globalSetup (s3Backend).
 * Test-only: nothing in a service imports this.
 */
export type Backend<T> = { value: T; stop(): Promise<void> } | { skip: string };

/** The image of the throwaway container; bump deliberately. */
export const MONGO_IMAGE = 'mongo:8.0';

async function dockerAvailable(): Promise<string | undefined> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return undefined;
  } catch (error) {
    return `no Docker engine is reachable for testcontainers (${(error as Error).message.split('\n')[0]})`;
  }
}

export async function mongoBackend(env = process.env): Promise<Backend<string>> {
  if (env.MONGODB_URL) return { value: env.MONGODB_URL, stop: async () => {} };
  const noDocker = await dockerAvailable();
  if (noDocker) return { skip: `MongoDB contract tests skipped: MONGODB_URL is not set and ${noDocker}` };
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await new MongoDBContainer(MONGO_IMAGE).start();
  return {
    value: `${container.getConnectionString()}?directConnection=true`,
    stop: async () => void (await container.stop()),
  };
}

/**
 * A real S3 API without a bucket: what the s3 test project's globalSetup (tests/s3/global-setup.ts)
 * hands its tests, a Ceph RADOS Gateway it starts, or the S3 that S3_ENDPOINT names.
 */
export interface S3Server {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /**
   * Set when the run started the gateway itself (not for S3_ENDPOINT): a POST stops radosgw for
   * `?downForMs=`, starts it again and answers once it serves again (the RGW restart test).
   */
  restartUrl?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3: S3Server;
  }
}

/** The S3 of this run, with a bucket of its own (created by the adapter on start). */
export function s3Backend(bucket: string): S3ObjectStoreOptions {
  const { endpoint, accessKey, secretKey } = inject('s3');
  return { endpoint, accessKey, secretKey, bucket };
}

/** The keys of the multipart uploads begun and never completed nor aborted under `prefix`. */
export async function incompleteUploads(options: S3ObjectStoreOptions, prefix = ''): Promise<string[]> {
  const client = new Client({ ...parseEndpoint(options.endpoint), ...options });
  const keys: string[] = [];
  for await (const upload of client.listIncompleteUploads(options.bucket, prefix, true))
    keys.push(upload.key);
  return keys;
}
