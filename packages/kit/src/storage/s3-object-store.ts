import { Client } from 'minio';
import { NotFoundError } from '../errors.ts';
import { assertValidRange } from './byte-range.ts';
import { assertDeletablePrefix, assertValidKey, assertValidPrefix } from './object-key.ts';
import type { ObjectStore } from './ports.ts';
import { withS3Retry } from './s3-retry.ts';
import { uploadStream } from './s3-upload.ts';

export interface S3ObjectStoreOptions {
  /** e.g. `http://127.0.0.1:9000` (MinIO) or `https://s3.eu-west-1.amazonaws.com` */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
}

/**
 * The production object store: any S3 API (MinIO, AWS, ...) through the `minio` client, all
 * objects in one bucket, which is created on start if missing. Keys are checked by the same rules
 * as the local store (object-key.ts) so both accept the same keys.
 */
export async function createS3ObjectStore(options: S3ObjectStoreOptions): Promise<ObjectStore> {
  const { bucket } = options;
  const region = options.region ?? 'us-east-1';
  const client = new Client({
    ...parseEndpoint(options.endpoint),
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region,
    // Ours (withS3Retry) also covers refused connections, and does not print to the console.
    retryOptions: { disableRetry: true },
  });
  await ensureBucket(client, bucket, region);

  async function list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    return withS3Retry(async () => {
      const keys: string[] = [];
      for await (const item of client.listObjectsV2(bucket, prefix, true)) {
        if (item.name !== undefined) keys.push(item.name);
      }
      return keys;
    });
  }

  return {
    async put(key, body, putOptions = {}) {
      assertValidKey(key);
      const headers: Record<string, string> = putOptions.contentType
        ? { 'Content-Type': putOptions.contentType }
        : {};
      let size: number;
      if (Buffer.isBuffer(body)) {
        await withS3Retry(() => client.putObject(bucket, key, body, body.length, headers));
        size = body.length;
      } else {
        size = await uploadStream(client, bucket, key, body, headers);
      }
      return putOptions.contentType ? { key, size, contentType: putOptions.contentType } : { key, size };
    },

    async get(key, range) {
      assertValidKey(key);
      if (range) assertValidRange(range);
      try {
        return await withS3Retry(() =>
          range
            ? client.getPartialObject(bucket, key, range.start, range.end - range.start + 1)
            : client.getObject(bucket, key),
        );
      } catch (error) {
        if (isMissingObject(error)) throw new NotFoundError(`Object ${key} was not found.`);
        throw error;
      }
    },

    async stat(key) {
      assertValidKey(key);
      try {
        const info = await withS3Retry(() => client.statObject(bucket, key));
        const contentType = info.metaData['content-type'] as string | undefined;
        return contentType ? { key, size: info.size, contentType } : { key, size: info.size };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await withS3Retry(() => client.removeObject(bucket, key)); // S3 answers success for a missing key too
    },

    async deletePrefix(prefix) {
      assertDeletablePrefix(prefix);
      // S3 answers a batch delete (quiet mode) with the entries that failed only. minio-js's typings
      // wrap each in `{ Error }`, but at runtime the entry is the error itself; accept both.
      const keys = await list(prefix);
      const failures = await withS3Retry(() => client.removeObjects(bucket, keys));
      if (failures.length > 0) {
        const entry = failures[0] as { Error?: S3DeleteError } & S3DeleteError;
        const failure = entry.Error ?? entry;
        throw new Error(
          `Could not delete ${failures.length} object(s), e.g. ${failure.Key}: ${failure.Code} ${failure.Message}`,
        );
      }
    },

    list,

    async ping() {
      if (!(await withS3Retry(() => client.bucketExists(bucket))))
        throw new Error(`S3 bucket ${bucket} does not exist.`);
    },
  };
}

/** `http://host:port` → the minio client's separate endPoint / port / useSSL settings. */
export function parseEndpoint(endpoint: string): { endPoint: string; port: number; useSSL: boolean } {
  const url = new URL(endpoint);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`S3 endpoint ${endpoint} must start with http:// or https://.`);
  }
  if (url.pathname !== '/' && url.pathname !== '') {
    throw new TypeError(
      `S3 endpoint ${endpoint} must not have a path (the bucket is configured separately).`,
    );
  }
  const useSSL = url.protocol === 'https:';
  return { endPoint: url.hostname, port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL };
}

async function ensureBucket(client: Client, bucket: string, region: string): Promise<void> {
  if (await withS3Retry(() => client.bucketExists(bucket))) return;
  try {
    await withS3Retry(() => client.makeBucket(bucket, region));
  } catch (error) {
    // Several services start at once; losing the race to create the bucket is fine.
    if ((error as { code?: string }).code !== 'BucketAlreadyOwnedByYou') throw error;
  }
}

interface S3DeleteError {
  Key?: string;
  Code?: string;
  Message?: string;
}

/** minio-js reports a missing key as NoSuchKey (GET, with an XML body) or NotFound (HEAD, without one). */
function isMissingObject(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound';
}
