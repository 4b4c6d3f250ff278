import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedObjectStore } from './encrypted-object-store.ts';
import {
  CHUNK_SIZE,
  HEADER_SIZE,
  masterKey,
  ObjectIntegrityError,
  SEALED_CHUNK_SIZE,
  storedSize,
} from './encryption-format.ts';
import { createLocalObjectStore } from './local-object-store.ts';
import type { ObjectStore } from './ports.ts';

/**
 * What encryption at rest promises beyond the ObjectStore contract (which also runs against this
 * wrapper, in object-store.contract.test.ts): no plaintext reaches the disk, any change to the stored
 * bytes is an error instead of data, old keys keep working, Range reads fetch only the chunks they
 * need, and memory does not grow with the object.
 */

let dir: string;
let local: ObjectStore;
const key1 = masterKey(randomBytes(32));
const key2 = masterKey(randomBytes(32));
let store: ObjectStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mediakit-encrypted-'));
  local = createLocalObjectStore(dir);
  store = createEncryptedObjectStore(local, { current: key1, old: [] });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const MARKER = 'PLAINTEXT-MARKER-7f3a9c';
/** 3.5 chunks of text with the marker repeated, so every chunk holds it. */
const textObject = () =>
  Buffer.from(MARKER.repeat(Math.ceil((3.5 * CHUNK_SIZE) / MARKER.length))).subarray(0, 3.5 * CHUNK_SIZE);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Reads the object; resolves with what was released before any error, and the error. */
async function readUntilError(stream: Promise<Readable>): Promise<{ released: Buffer; error: unknown }> {
  const released: Buffer[] = [];
  try {
    for await (const chunk of await stream) released.push(chunk as Buffer);
    return { released: Buffer.concat(released), error: undefined };
  } catch (error) {
    return { released: Buffer.concat(released), error };
  }
}

async function flipByte(file: string, position: number): Promise<void> {
  const bytes = await readFile(file);
  bytes[position] = (bytes[position] as number) ^ 0x01;
  await writeFile(file, bytes);
}

describe('encrypted object store', () => {
  it('stores no plaintext: the marker is nowhere on disk, and the stored size is the format overhead', async () => {
    const plain = textObject();
    await store.put('uploads/a', plain, { contentType: 'text/plain' });
    const stored = await readFile(join(dir, 'uploads/a'));
    expect(stored.includes(Buffer.from(MARKER))).toBe(false);
    expect(stored.length).toBe(storedSize(plain.length));
    expect(stored.length - plain.length).toBe(HEADER_SIZE + 4 * 16);
    // The wrapper is what decrypts: read back, the marker is there.
    expect((await readAll(await store.get('uploads/a'))).equals(plain)).toBe(true);
    expect(await store.stat('uploads/a')).toEqual({
      key: 'uploads/a',
      size: plain.length,
      contentType: 'text/plain',
    });
  });

  it('gives the same bytes a different ciphertext every time (a fresh data key per object)', async () => {
    const plain = Buffer.from('same content');
    await store.put('uploads/a', plain);
    await store.put('uploads/b', plain);
    const [a, b] = await Promise.all([readFile(join(dir, 'uploads/a')), readFile(join(dir, 'uploads/b'))]);
    expect(a.subarray(HEADER_SIZE).equals(b.subarray(HEADER_SIZE))).toBe(false);
  });

  it.each([
    ['the header (magic)', 0],
    ['the header (key id)', 6],
    ['the wrapped data key', 40],
    ['the first chunk', HEADER_SIZE + 10],
    ['a middle chunk', HEADER_SIZE + 2 * SEALED_CHUNK_SIZE + 500],
    ['the last chunk', HEADER_SIZE + 3 * SEALED_CHUNK_SIZE + 3],
    ['the last tag', -1],
  ])(
    'fails with ObjectIntegrityError, never wrong bytes, when a byte of %s is flipped',
    async (_where, at) => {
      const plain = textObject();
      await store.put('uploads/a', plain);
      const file = join(dir, 'uploads/a');
      await flipByte(file, at >= 0 ? at : (await stat(file)).size + at);

      const { released, error } = await readUntilError(store.get('uploads/a'));
      expect(error).toBeInstanceOf(ObjectIntegrityError);
      // Whatever came out before the error is a correct prefix: the tampered chunk itself never is.
      expect(plain.subarray(0, released.length).equals(released)).toBe(true);
      expect(released.length).toBeLessThan(plain.length);
    },
  );

  it('detects a flipped byte in a Range read of the damaged chunk, and still serves untouched chunks', async () => {
    const plain = textObject();
    await store.put('uploads/a', plain);
    await flipByte(join(dir, 'uploads/a'), HEADER_SIZE + 2 * SEALED_CHUNK_SIZE + 500);
    const damaged = { start: 2 * CHUNK_SIZE + 10, end: 2 * CHUNK_SIZE + 20 };
    expect((await readUntilError(store.get('uploads/a', damaged))).error).toBeInstanceOf(
      ObjectIntegrityError,
    );
    const intact = { start: CHUNK_SIZE + 5, end: CHUNK_SIZE + 50 };
    expect(
      (await readAll(await store.get('uploads/a', intact))).equals(
        plain.subarray(intact.start, intact.end + 1),
      ),
    ).toBe(true);
  });

  it('detects an object cut at a chunk boundary, and bytes appended to it', async () => {
    const plain = Buffer.alloc(3 * CHUNK_SIZE, 9);
    await store.put('uploads/cut', plain);
    await truncate(join(dir, 'uploads/cut'), HEADER_SIZE + 2 * SEALED_CHUNK_SIZE);
    expect((await readUntilError(store.get('uploads/cut'))).error).toBeInstanceOf(ObjectIntegrityError);

    await store.put('uploads/long', plain);
    const file = join(dir, 'uploads/long');
    await writeFile(file, Buffer.concat([await readFile(file), randomBytes(SEALED_CHUNK_SIZE)]));
    expect((await readUntilError(store.get('uploads/long'))).error).toBeInstanceOf(ObjectIntegrityError);
  });

  it('refuses an object copied under another key (the wrap is bound to the object key)', async () => {
    await store.put('uploads/alice', Buffer.from('alice’s file'));
    await store.put('uploads/bob', Buffer.from('bob’s file'));
    await copyFile(join(dir, 'uploads/alice'), join(dir, 'uploads/bob'));
    await expect(store.get('uploads/bob')).rejects.toBeInstanceOf(ObjectIntegrityError);
  });

  it('refuses to read a plaintext file put there behind its back', async () => {
    await local.put('uploads/plain', Buffer.from('x'.repeat(200)));
    await expect(store.get('uploads/plain')).rejects.toThrow(/not an encrypted object/);
  });

  it('rotates keys: objects of a retired key are read while it is in the old keys, and named when it is not', async () => {
    await store.put('uploads/old', Buffer.from('written under key 1'));
    const rotated = createEncryptedObjectStore(local, { current: key2, old: [key1] });
    expect((await readAll(await rotated.get('uploads/old'))).toString()).toBe('written under key 1');
    await rotated.put('uploads/new', Buffer.from('written under key 2'));
    expect((await readAll(await rotated.get('uploads/new'))).toString()).toBe('written under key 2');

    const forgot = createEncryptedObjectStore(local, { current: key2, old: [] });
    await expect(forgot.get('uploads/old')).rejects.toThrow(
      new RegExp(`master key ${key1.id.toString('hex')}.*OBJECT_ENCRYPTION_OLD_KEYS`),
    );
    expect((await readAll(await forgot.get('uploads/new'))).toString()).toBe('written under key 2');
  });

  it('answers every Range, across and at chunk boundaries, for sizes around whole chunks', async () => {
    for (const size of [1, CHUNK_SIZE - 1, CHUNK_SIZE, CHUNK_SIZE + 1, 2 * CHUNK_SIZE, 3.5 * CHUNK_SIZE]) {
      const plain = randomBytes(size);
      await store.put('uploads/r', plain);
      expect((await store.stat('uploads/r'))?.size).toBe(size);
      const edges = [
        0,
        1,
        CHUNK_SIZE - 1,
        CHUNK_SIZE,
        CHUNK_SIZE + 1,
        2 * CHUNK_SIZE - 1,
        2 * CHUNK_SIZE,
        size - 1,
      ].filter((n) => n >= 0 && n < size);
      for (const start of edges) {
        for (const end of [...edges, size - 1, size + 1000].filter((n) => n >= start)) {
          const got = await readAll(await store.get('uploads/r', { start, end }));
          expect(got.equals(plain.subarray(start, end + 1)), `size ${size}, ${start}-${end}`).toBe(true);
        }
      }
    }
  });

  it('reads only the header and the chunks a Range touches', async () => {
    const counting = countingStore(local);
    const encrypted = createEncryptedObjectStore(counting.store, { current: key1, old: [] });
    await encrypted.put('uploads/big', randomBytes(10 * 1024 * 1024));
    counting.reset();
    await readAll(await encrypted.get('uploads/big', { start: 5_000_000, end: 5_000_000 }));
    expect(counting.bytesRead()).toBeLessThanOrEqual(HEADER_SIZE + SEALED_CHUNK_SIZE);
    counting.reset();
    await readAll(await encrypted.get('uploads/big', { start: 100, end: 200 }));
    expect(counting.bytesRead()).toBeLessThanOrEqual(HEADER_SIZE + SEALED_CHUNK_SIZE);
  });

  it('streams both ways with bounded buffering: memory does not grow with the object', async () => {
    const size = 64 * 1024 * 1024;
    let produced = 0;
    let consumed = 0;
    let maxAhead = 0;
    const source = Readable.from(
      (function* () {
        for (; produced < size; ) {
          produced += 1024 * 1024;
          yield Buffer.alloc(1024 * 1024, produced & 0xff);
        }
      })(),
    );
    // Put through a store whose writes count what reached them: the source can only run ahead of
    // the disk by the streams' buffers, whatever the object's size.
    const slowDisk = countingStore(local, (bytes) => {
      consumed += bytes;
      maxAhead = Math.max(maxAhead, produced - consumed);
    });
    const encrypted = createEncryptedObjectStore(slowDisk.store, { current: key1, old: [] });
    await encrypted.put('uploads/huge', source);
    expect(maxAhead).toBeLessThan(4 * 1024 * 1024);

    // And back: the reader pulls slowly; the store cannot read far ahead of it.
    slowDisk.reset();
    let delivered = 0;
    let maxReadAhead = 0;
    await pipeline(
      await encrypted.get('uploads/huge'),
      new Writable({
        highWaterMark: 64 * 1024,
        write(chunk: Buffer, _encoding, done) {
          delivered += chunk.length;
          maxReadAhead = Math.max(maxReadAhead, slowDisk.bytesRead() - delivered);
          setImmediate(done);
        },
      }),
    );
    expect(delivered).toBe(size);
    expect(maxReadAhead).toBeLessThan(4 * 1024 * 1024);
  });
});

/** Wraps a store to count the bytes read from it and (optionally) report the bytes written to it. */
function countingStore(inner: ObjectStore, onWrite?: (bytes: number) => void) {
  let read = 0;
  const counter = (count: (bytes: number) => void) =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        count(chunk.length);
        done(null, chunk);
      },
    });
  const store: ObjectStore = {
    ...inner,
    async put(key, body, options) {
      if (!onWrite || Buffer.isBuffer(body)) return inner.put(key, body, options);
      const counted = counter(onWrite);
      pipeline(body, counted).catch((error: unknown) => counted.destroy(error as Error));
      return inner.put(key, counted, options);
    },
    async get(key, range) {
      const counted = counter((bytes) => {
        read += bytes;
      });
      pipeline(await inner.get(key, range), counted).catch(() => {});
      return counted;
    },
  };
  const reset = () => {
    read = 0;
  };
  return { store, bytesRead: () => read, reset };
}
