import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Client } from 'minio';
import { describe, expect, it } from 'vitest';
import { parseEndpoint } from './s3-object-store.ts';
import { PART_SIZE, uploadStream } from './s3-upload.ts';

/**
 * The S3 upload logic against a fake client that records the calls (the contract suite covers a
 * real S3 server when one is configured). What matters here: small streams go up in one PUT,
 * large ones in parts of PART_SIZE, a failing source aborts the upload, and the source is read
 * only as fast as parts are uploaded, so memory does not grow with the object.
 */

function fakeClient(hooks: { beforeUploadPart?: () => void } = {}) {
  const calls: string[] = [];
  const parts: Buffer[] = [];
  let single: Buffer | undefined;
  const client = {
    async putObject(_bucket: string, _key: string, body: Buffer) {
      calls.push('putObject');
      single = body;
      return { etag: 'e', versionId: null };
    },
    async initiateNewMultipartUpload() {
      calls.push('initiate');
      return 'upload-1';
    },
    async uploadPart(_config: { partNumber: number }, payload: Buffer) {
      calls.push('uploadPart');
      hooks.beforeUploadPart?.();
      await new Promise((resolve) => setTimeout(resolve, 5)); // a slow network
      parts.push(Buffer.from(payload));
      return { etag: `etag${parts.length}`, key: 'k', part: parts.length };
    },
    async completeMultipartUpload(
      _bucket: string,
      _key: string,
      _id: string,
      etags: Array<{ part: number; etag: string }>,
    ) {
      calls.push(`complete(${etags.map((e) => e.part).join(',')})`);
      return { etag: 'e', versionId: null };
    },
    async abortMultipartUpload() {
      calls.push('abort');
    },
  };
  return { client: client as unknown as Client, calls, parts, single: () => single };
}

/** A generated stream of `size` bytes that counts how much of it has been read so far. */
function countingStream(size: number, failAt?: number) {
  const state = { produced: 0 };
  const stream = Readable.from(
    (function* () {
      while (state.produced < size) {
        if (failAt !== undefined && state.produced >= failAt) throw new Error('source failed on purpose');
        const chunk = Buffer.alloc(Math.min(256 * 1024, size - state.produced), state.produced % 251);
        state.produced += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { stream, state };
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('uploadStream', () => {
  it('sends a stream smaller than one part in a single PUT', async () => {
    const fake = fakeClient();
    const size = await uploadStream(
      fake.client,
      'b',
      'k',
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
      {},
    );
    expect(size).toBe(6);
    expect(fake.calls).toEqual(['putObject']);
    expect(fake.single()?.toString()).toBe('abcdef');
  });

  it('sends an empty stream as an empty object', async () => {
    const fake = fakeClient();
    expect(await uploadStream(fake.client, 'b', 'k', Readable.from([]), {})).toBe(0);
    expect(fake.calls).toEqual(['putObject']);
    expect(fake.single()?.length).toBe(0);
  });

  it('sends a large stream in parts of PART_SIZE, in order, reading only as fast as it uploads', async () => {
    const size = 3 * PART_SIZE + 12345;
    const source = countingStream(size);
    const readAhead: number[] = [];
    const fake = fakeClient({
      beforeUploadPart: () =>
        readAhead.push(source.state.produced - fake.parts.reduce((total, part) => total + part.length, 0)),
    });

    expect(await uploadStream(fake.client, 'b', 'k', source.stream, {})).toBe(size);
    expect(fake.calls).toEqual([
      'initiate',
      'uploadPart',
      'uploadPart',
      'uploadPart',
      'uploadPart',
      'complete(1,2,3,4)',
    ]);
    expect(fake.parts.map((part) => part.length)).toEqual([PART_SIZE, PART_SIZE, PART_SIZE, 12345]);
    const expected = createHash('sha256');
    for (let offset = 0; offset < size; offset += 256 * 1024) {
      expected.update(Buffer.alloc(Math.min(256 * 1024, size - offset), offset % 251));
    }
    expect(sha(Buffer.concat(fake.parts))).toBe(expected.digest('hex'));
    // Never more than about one part read ahead of what has been uploaded.
    expect(Math.max(...readAhead)).toBeLessThanOrEqual(2 * PART_SIZE);
  });

  it('aborts the multipart upload when the source fails, and rejects with its error', async () => {
    const fake = fakeClient();
    const source = countingStream(4 * PART_SIZE, PART_SIZE + 1000);
    await expect(uploadStream(fake.client, 'b', 'k', source.stream, {})).rejects.toThrow(
      'source failed on purpose',
    );
    expect(fake.calls).toEqual(['initiate', 'uploadPart', 'abort']);
  });

  it('aborts the multipart upload and stops reading the source when a part fails to upload', async () => {
    const fake = fakeClient({
      beforeUploadPart: () => {
        throw new Error('network down');
      },
    });
    const source = countingStream(4 * PART_SIZE);
    await expect(uploadStream(fake.client, 'b', 'k', source.stream, {})).rejects.toThrow('network down');
    expect(fake.calls).toEqual(['initiate', 'uploadPart', 'abort']);
    expect(source.stream.destroyed).toBe(true);
  });

  it('rejects without uploading when the source fails within the first part', async () => {
    const fake = fakeClient();
    const source = countingStream(PART_SIZE, 1000);
    await expect(uploadStream(fake.client, 'b', 'k', source.stream, {})).rejects.toThrow(
      'source failed on purpose',
    );
    expect(fake.calls).toEqual([]);
  });
});

describe('parseEndpoint', () => {
  it('splits an endpoint URL into the minio client settings', () => {
    expect(parseEndpoint('http://127.0.0.1:9000')).toEqual({
      endPoint: '127.0.0.1',
      port: 9000,
      useSSL: false,
    });
    expect(parseEndpoint('https://s3.example.com')).toEqual({
      endPoint: 's3.example.com',
      port: 443,
      useSSL: true,
    });
    expect(parseEndpoint('http://minio/')).toEqual({ endPoint: 'minio', port: 80, useSSL: false });
  });

  it('refuses other schemes and paths', () => {
    expect(() => parseEndpoint('ftp://host')).toThrow(/http/);
    expect(() => parseEndpoint('http://host/bucket')).toThrow(/path/);
    expect(() => parseEndpoint('not a url')).toThrow();
  });
});
