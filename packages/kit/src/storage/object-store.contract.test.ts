import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incompleteUploads, s3Backend } from '../../test/contract-backends.ts';
import { NotFoundError } from '../errors.ts';
import { createEncryptedObjectStore } from './encrypted-object-store.ts';
import { masterKey } from './encryption-format.ts';
import { createLocalObjectStore } from './local-object-store.ts';
import { InvalidObjectKeyError } from './object-key.ts';
import type { ObjectStore } from './ports.ts';
import { createS3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store.ts';

/**
 * One contract, every adapter: the local directory store and a real S3 (Ceph RGW, or S3_ENDPOINT
 * with S3_ACCESS_KEY, S3_SECRET_KEY and S3_BUCKET), each plain and encrypted. Every key lives
 * under a per-run prefix, so the suite can share a bucket with other data.
 */

interface ContractTarget {
  store: ObjectStore;
  /** Every file the adapter keeps on disk, if it keeps files: shows leftovers of a failed upload. */
  filesOnDisk?(): Promise<string[]>;
  destroy(): Promise<void>;
}

const MiB = 1024 * 1024;

function objectStoreContract(adapter: string, createTarget: () => Promise<ContractTarget>): void {
  describe(`ObjectStore contract: ${adapter}`, () => {
    let target: ContractTarget;
    let store: ObjectStore;
    const run = `contract-${randomUUID().slice(0, 8)}`;
    beforeAll(async () => {
      target = await createTarget();
      store = target.store;
    });
    afterAll(async () => {
      await store?.deletePrefix(`${run}/`);
      await target?.destroy();
    });

    /** A fresh folder of keys for one test. */
    const folder = () => `${run}/${randomUUID().slice(0, 8)}`;

    it('puts a Buffer and gets the same bytes back, with size and content type', async () => {
      const key = `${folder()}/hello.txt`;
      const info = await store.put(key, Buffer.from('hello, world'), { contentType: 'text/plain' });
      expect(info).toEqual({ key, size: 12, contentType: 'text/plain' });
      expect((await readAll(await store.get(key))).toString()).toBe('hello, world');
      expect(await store.stat(key)).toEqual({ key, size: 12, contentType: 'text/plain' });
    });

    it('puts from a stream', async () => {
      const key = `${folder()}/streamed.bin`;
      const chunks = [Buffer.from('one-'), Buffer.from('two-'), Buffer.from('three')];
      expect((await store.put(key, Readable.from(chunks))).size).toBe(13);
      expect((await readAll(await store.get(key))).toString()).toBe('one-two-three');
      expect((await store.stat(key))?.size).toBe(13);
    });

    it('stores an empty object', async () => {
      const key = `${folder()}/empty`;
      expect((await store.put(key, Readable.from([]))).size).toBe(0);
      expect((await store.stat(key))?.size).toBe(0);
      expect((await readAll(await store.get(key))).length).toBe(0);
    });

    it('gets byte ranges, both ends inclusive', async () => {
      const key = `${folder()}/digits`;
      await store.put(key, Buffer.from('0123456789'));
      const range = async (start: number, end: number) =>
        (await readAll(await store.get(key, { start, end }))).toString();
      expect(await range(0, 0)).toBe('0');
      expect(await range(2, 5)).toBe('2345');
      expect(await range(9, 9)).toBe('9');
      expect(await range(0, 9)).toBe('0123456789');
      expect(await range(7, 100)).toBe('789'); // an end past the object is clipped
      await expect(store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
    });

    it('replaces an object on a second put', async () => {
      const key = `${folder()}/twice`;
      await store.put(key, Buffer.from('first version'), { contentType: 'text/plain' });
      await store.put(key, Buffer.from('second'));
      expect((await readAll(await store.get(key))).toString()).toBe('second');
      expect((await store.stat(key))?.size).toBe(6);
    });

    it('deletes: then stat is null and get rejects with NotFoundError; deleting again is fine', async () => {
      const key = `${folder()}/doomed`;
      await store.put(key, Buffer.from('bye'));
      await store.delete(key);
      expect(await store.stat(key)).toBeNull();
      await expect(store.get(key)).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.get(key, { start: 0, end: 1 })).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('reports a key that was never written as missing', async () => {
      const key = `${folder()}/never`;
      expect(await store.stat(key)).toBeNull();
      await expect(store.get(key)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('does not take a "directory" of other keys for an object', async () => {
      const base = folder();
      await store.put(`${base}/dir/file`, Buffer.from('x'));
      expect(await store.stat(`${base}/dir`)).toBeNull();
      await expect(store.get(`${base}/dir`)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('lists keys under a prefix, sorted, with or without a trailing slash', async () => {
      const base = folder();
      for (const name of ['b', 'a/2', 'a/1', 'a/sub/3', 'ab/4'])
        await store.put(`${base}/${name}`, Buffer.from(name));
      expect(await store.list(`${base}/`)).toEqual(
        ['a/1', 'a/2', 'a/sub/3', 'ab/4', 'b'].map((name) => `${base}/${name}`),
      );
      expect(await store.list(`${base}/a/`)).toEqual(
        ['a/1', 'a/2', 'a/sub/3'].map((name) => `${base}/${name}`),
      );
      expect(await store.list(`${base}/a`)).toEqual(
        ['a/1', 'a/2', 'a/sub/3', 'ab/4'].map((name) => `${base}/${name}`),
      );
      expect(await store.list(`${base}/nothing/`)).toEqual([]);
    });

    it('deletes every key under a prefix, and nothing else', async () => {
      const base = folder();
      for (const name of ['job1/a', 'job1/b/c', 'job10/d', 'other'])
        await store.put(`${base}/${name}`, Buffer.from(name));
      await store.deletePrefix(`${base}/job1/`);
      expect(await store.list(`${base}/`)).toEqual([`${base}/job10/d`, `${base}/other`]);
      await expect(store.deletePrefix('')).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });

    it('leaves no object and no temporary file when the source stream fails', async () => {
      const base = folder();
      const key = `${base}/broken`;
      const filesBefore = await target.filesOnDisk?.();
      // 10 MiB: past the first S3 part, so the multipart upload is started and must be aborted.
      await expect(store.put(key, failingStream(10 * MiB))).rejects.toThrow('source failed on purpose');
      expect(await store.stat(key)).toBeNull();
      expect(await store.list(`${base}/`)).toEqual([]);
      if (target.filesOnDisk) expect(await target.filesOnDisk()).toEqual(filesBefore);
    });

    it('keeps the previous version when replacing it fails midway', async () => {
      const key = `${folder()}/kept`;
      await store.put(key, Buffer.from('good'));
      await expect(store.put(key, failingStream(MiB))).rejects.toThrow('source failed on purpose');
      expect((await readAll(await store.get(key))).toString()).toBe('good');
    });

    it('refuses keys that could escape or are malformed', async () => {
      const bad = [
        '../escape',
        'a/../../b',
        'a/..',
        'x..y',
        '/absolute',
        'back\\slash',
        'nul\0byte',
        '',
        'a//b',
        'trailing/',
        '.hidden',
        'a/.tmp/b',
      ];
      for (const key of bad) {
        await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
      }
      await expect(store.list('../')).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.deletePrefix('../')).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });

    it('streams a 50 MB object in and out intact (sha256), and serves ranges across it', async () => {
      const key = `${folder()}/big.bin`;
      const size = 50 * MiB;
      const source = patternStream(size);
      expect((await store.put(key, source.stream, { contentType: 'application/octet-stream' })).size).toBe(
        size,
      );
      expect((await store.stat(key))?.size).toBe(size);

      const readBack = createHash('sha256');
      await pipeline(await store.get(key), readBack);
      expect(readBack.digest('hex')).toBe(source.sha256());

      // Across the 8 MiB boundary where S3 multipart parts meet, and the very end.
      for (const [start, end] of [
        [8 * MiB - 100, 8 * MiB + 99],
        [size - 10, size - 1],
      ]) {
        expect(
          (await readAll(await store.get(key, { start, end }))).equals(patternBytes(start, end - start + 1)),
        ).toBe(true);
      }
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Emits `bytesBeforeFailing` bytes, then fails, like a client that disconnects mid-upload. */
function failingStream(bytesBeforeFailing: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytesBeforeFailing; sent += 64 * 1024) yield Buffer.alloc(64 * 1024, 7);
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('source failed on purpose');
    })(),
  );
}

/** The byte at each position is a hash of the position, so any range can be recomputed and misplaced bytes show. */
function patternBytes(offset: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i += 1) bytes[i] = Math.imul(offset + i, 2654435761) >>> 24;
  return bytes;
}

/** A generated stream of `size` pattern bytes, hashed as it goes: the test never holds the object in memory. */
function patternStream(size: number): { stream: Readable; sha256(): string } {
  const hash = createHash('sha256');
  const chunkSize = MiB;
  const stream = Readable.from(
    (function* () {
      for (let offset = 0; offset < size; offset += chunkSize) {
        const chunk = patternBytes(offset, Math.min(chunkSize, size - offset));
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
  return { stream, sha256: () => hash.digest('hex') };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

// (a) The local directory store, always, on a fresh temporary directory.
objectStoreContract('local directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mediakit-objects-'));
  return {
    store: createLocalObjectStore(dir),
    filesOnDisk: () => listFiles(dir),
    destroy: () => rm(dir, { recursive: true, force: true }),
  };
});

// (a') The same local store behind the encryption wrapper: encryption must not change the contract.
const testKeys = () => ({ current: masterKey(randomBytes(32)), old: [masterKey(randomBytes(32))] });
objectStoreContract('encrypted, over the local directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mediakit-objects-'));
  return {
    store: createEncryptedObjectStore(createLocalObjectStore(dir), testKeys()),
    filesOnDisk: () => listFiles(dir),
    destroy: () => rm(dir, { recursive: true, force: true }),
  };
});

// (b) S3: Ceph RADOS Gateway, started for the run (or the S3 that S3_ENDPOINT names), plain and
// behind the encryption wrapper; a bucket of its own, left without an unfinished multipart upload.
const s3 = s3Backend(process.env.S3_BUCKET ?? 'mediakit-contract');
objectStoreContract(`S3 (${s3.endpoint}, bucket ${s3.bucket})`, async () => ({
  store: await createS3ObjectStore(s3),
  destroy: () => expectNoIncompleteUploads(s3),
}));
objectStoreContract(`encrypted, over S3 (${s3.endpoint}, bucket ${s3.bucket})`, async () => ({
  store: createEncryptedObjectStore(await createS3ObjectStore(s3), testKeys()),
  destroy: () => expectNoIncompleteUploads(s3),
}));

/** After a suite, the failed stream uploads (10 MiB: multipart) must have been aborted, not left behind. */
async function expectNoIncompleteUploads(options: S3ObjectStoreOptions): Promise<void> {
  expect(await incompleteUploads(options)).toEqual([]);
}
