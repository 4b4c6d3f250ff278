import type { Readable } from 'node:stream';
import type { Client } from 'minio';
import { withS3Retry } from './s3-retry.ts';

/**
 * Uploads a stream of unknown length to S3 with bounded memory, and returns its size.
 *
 * Why not just `client.putObject(stream)`: without a known size minio-js picks parts of ~500 MB and
 * buffers each one in memory, and if the source stream fails its promise never settles
 * (minio/minio-js#1479). So the stream is cut into parts here: a small object goes up in a single
 * PUT, a large one as a multipart upload that is aborted if anything fails. Either way the object
 * appears whole when S3 completes the request, or not at all. Each request carries a part held in
 * memory, so each is retried through a short outage of the server (withS3Retry).
 */
export async function uploadStream(
  client: Client,
  bucket: string,
  key: string,
  source: Readable,
  headers: Record<string, string>,
): Promise<number> {
  const parts = partsOf(source)[Symbol.asyncIterator]();
  const first = (await parts.next()).value as Buffer;
  if (first.length < PART_SIZE) {
    // The whole stream fit in less than one part.
    await withS3Retry(() => client.putObject(bucket, key, first, first.length, headers));
    return first.length;
  }

  const uploadId = await withS3Retry(() => client.initiateNewMultipartUpload(bucket, key, headers));
  try {
    const uploaded: Array<{ part: number; etag: string }> = [];
    let size = 0;
    for (
      let next: IteratorResult<Buffer> = { done: false, value: first };
      !next.done;
      next = await parts.next()
    ) {
      const part = uploaded.length + 1;
      const body = next.value;
      const { etag } = await withS3Retry(() =>
        client.uploadPart(
          { bucketName: bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: {} },
          body,
        ),
      );
      uploaded.push({ part, etag });
      size += next.value.length;
    }
    await withS3Retry(() => client.completeMultipartUpload(bucket, key, uploadId, uploaded));
    return size;
  } catch (error) {
    await parts.return?.(undefined); // stops reading and destroys the source stream
    // Retried like every call, so an outage leaves no unfinished upload; the original error matters.
    await withS3Retry(() => client.abortMultipartUpload(bucket, key, uploadId)).catch(() => {});
    throw error;
  }
}

/**
 * 8 MiB: S3 parts must be at least 5 MiB (except the last), and an upload has at most 10 000
 * parts, so objects up to ~78 GiB. One part is held in memory per upload in progress.
 */
export const PART_SIZE = 8 * 1024 * 1024;

/** Regroups a byte stream into PART_SIZE buffers; the last may be shorter (or empty for an empty stream). */
async function* partsOf(source: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingSize = 0;
  let yielded = false;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    pending.push(bytes);
    pendingSize += bytes.length;
    while (pendingSize >= PART_SIZE) {
      const joined = Buffer.concat(pending, pendingSize);
      yield joined.subarray(0, PART_SIZE);
      yielded = true;
      pending = [Buffer.from(joined.subarray(PART_SIZE))]; // a copy, so the big buffer can be freed
      pendingSize -= PART_SIZE;
    }
  }
  if (pendingSize > 0 || !yielded) yield Buffer.concat(pending, pendingSize);
}
