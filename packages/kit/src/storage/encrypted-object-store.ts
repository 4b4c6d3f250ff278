import { Readable } from 'node:stream';
import { assertValidRange } from './byte-range.ts';
import {
  CHUNK_SIZE,
  HEADER_SIZE,
  type MasterKey,
  newDataKey,
  ObjectIntegrityError,
  openChunk,
  openHeader,
  plaintextSize,
  SEALED_CHUNK_SIZE,
  sealChunk,
  storedRangeOfChunks,
} from './encryption-format.ts';
import { assertValidKey } from './object-key.ts';
import type { ByteRange, ObjectInfo, ObjectStore } from './ports.ts';

export interface ObjectEncryptionKeys {
  /** Wraps the data key of every new object. */
  current: MasterKey;
  /** Retired keys: objects they wrapped can still be read. */
  old: MasterKey[];
}

/**
 * Encryption at rest for any ObjectStore (local directory or S3): every object is stored encrypted
 * with its own data key (format and reasoning in encryption-format.ts); the wrapped store only ever
 * sees ciphertext. Reads authenticate every chunk before releasing a byte of it, so a flipped,
 * missing or reordered byte becomes an ObjectIntegrityError (the promise rejects or the stream
 * errors), never wrong data. Both directions stream with one 64 KiB chunk in memory, and a Range
 * read fetches only the chunks the range touches (plus the header).
 *
 * Keys, listing, deletion and content types pass through unchanged: they are not encrypted.
 */
export function createEncryptedObjectStore(inner: ObjectStore, keys: ObjectEncryptionKeys): ObjectStore {
  const masters = [keys.current, ...keys.old];

  async function put(
    key: string,
    body: Readable | Buffer,
    options: { contentType?: string } = {},
  ): Promise<ObjectInfo> {
    assertValidKey(key);
    let size = 0;
    const sealed = Readable.from(
      (async function* () {
        const { dataKey, header } = newDataKey(keys.current, key);
        yield header;
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        let index = 0;
        for await (const piece of Buffer.isBuffer(body) ? [body] : body) {
          const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
          size += bytes.length;
          pending.push(bytes);
          pendingBytes += bytes.length;
          // Strictly more than a chunk: only then is the chunk known not to be the last.
          while (pendingBytes > CHUNK_SIZE) {
            const joined = Buffer.concat(pending, pendingBytes);
            yield sealChunk(dataKey, index++, false, joined.subarray(0, CHUNK_SIZE));
            pending = [joined.subarray(CHUNK_SIZE)];
            pendingBytes -= CHUNK_SIZE;
          }
        }
        yield sealChunk(dataKey, index, true, Buffer.concat(pending, pendingBytes));
      })(),
      { objectMode: false },
    );
    await inner.put(key, sealed, options);
    return options.contentType ? { key, size, contentType: options.contentType } : { key, size };
  }

  async function get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    const firstChunk = range ? Math.floor(range.start / CHUNK_SIZE) : 0;
    const lastChunk = range ? Math.floor(range.end / CHUNK_SIZE) : Number.POSITIVE_INFINITY;

    // The header comes with the first chunk when the range starts there; otherwise on its own.
    const stored = await inner.get(
      key,
      range && firstChunk > 0
        ? { start: 0, end: HEADER_SIZE - 1 }
        : range
          ? { start: 0, end: storedRangeOfChunks(0, lastChunk).end }
          : undefined,
    );
    const source = stored[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    let buffered: Buffer;
    let dataKey: Buffer;
    try {
      buffered = await readAtLeast(source, HEADER_SIZE);
      dataKey = openHeader(buffered, key, masters);
    } catch (error) {
      stored.destroy();
      throw error;
    }
    let chunks: AsyncIterator<Buffer> = source;
    let rest = buffered.subarray(HEADER_SIZE);
    if (firstChunk > 0) {
      stored.destroy();
      const { start, end } = storedRangeOfChunks(firstChunk, lastChunk);
      chunks = (await inner.get(key, { start, end }))[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      rest = Buffer.alloc(0);
    }

    return Readable.from(decryptChunks({ key, dataKey, chunks, rest, firstChunk, lastChunk, range }), {
      objectMode: false,
    });
  }

  return {
    put,
    get,
    async stat(key) {
      const info = await inner.stat(key);
      if (!info) return null;
      const size = plaintextSize(info.size);
      if (size === null)
        throw new ObjectIntegrityError(
          key,
          `its stored size (${info.size} bytes) is not one an encrypted object can have`,
        );
      return info.contentType ? { key, size, contentType: info.contentType } : { key, size };
    },
    delete: (key) => inner.delete(key),
    deletePrefix: (prefix) => inner.deletePrefix(prefix),
    list: (prefix) => inner.list(prefix),
    ping: () => inner.ping(),
  };
}

/** Reads from the iterator until at least `size` bytes are buffered (fewer only at the end). */
async function readAtLeast(
  source: AsyncIterator<Buffer>,
  size: number,
  start: Buffer = Buffer.alloc(0),
): Promise<Buffer> {
  const parts: Buffer[] = [start];
  let length = start.length;
  while (length < size) {
    const next = await source.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(parts, length);
}

/**
 * Turns sealed chunks into plaintext, chunk by chunk, trimmed to the range. A chunk is known not to
 * be the object's last when more bytes follow it; the one at the end of the stream must carry the
 * last-chunk flag, unless a range asked to stop exactly there.
 */
async function* decryptChunks(options: {
  key: string;
  dataKey: Buffer;
  chunks: AsyncIterator<Buffer>;
  rest: Buffer;
  firstChunk: number;
  lastChunk: number;
  range: ByteRange | undefined;
}): AsyncGenerator<Buffer> {
  const { key, dataKey, chunks, range, firstChunk, lastChunk } = options;
  let buffered: Buffer = options.rest;
  let index = firstChunk;

  const trim = (plain: Buffer, chunkIndex: number): Buffer => {
    if (!range) return plain;
    const offset = chunkIndex * CHUNK_SIZE;
    return plain.subarray(Math.max(0, range.start - offset), Math.max(0, range.end - offset + 1));
  };

  try {
    for (;;) {
      buffered = await readAtLeast(chunks, SEALED_CHUNK_SIZE + 1, buffered);
      if (buffered.length <= SEALED_CHUNK_SIZE) break; // the stream has ended: the rest is the final piece
      const plain = openChunk(dataKey, index, false, buffered.subarray(0, SEALED_CHUNK_SIZE));
      if (!plain) throw new ObjectIntegrityError(key, `chunk ${index} failed authentication`);
      yield trim(plain, index);
      buffered = buffered.subarray(SEALED_CHUNK_SIZE);
      index += 1;
    }
    if (buffered.length === 0) {
      // Nothing where a chunk should be: a range that starts past the end gets nothing (as from
      // the stores themselves); a read from the start means the object was cut.
      if (range && firstChunk > 0) return;
      throw new ObjectIntegrityError(key, 'it ends before its last chunk');
    }
    let plain = openChunk(dataKey, index, true, buffered);
    // A range that stops at this chunk may have cut the object there: then it is a middle chunk.
    if (!plain && range && index === lastChunk && buffered.length === SEALED_CHUNK_SIZE)
      plain = openChunk(dataKey, index, false, buffered);
    if (!plain)
      throw new ObjectIntegrityError(key, `chunk ${index} failed authentication (tampered or truncated)`);
    yield trim(plain, index);
  } finally {
    await chunks.return?.();
  }
}
