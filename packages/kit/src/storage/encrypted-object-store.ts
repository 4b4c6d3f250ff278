import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Readable } from 'node:stream';
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
import { Batch, readableFromBatches, STREAM_BATCH_BYTES } from './stream-batches.ts';

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
 * errors), never wrong data. Both directions stream in batches of about 1 MiB (STREAM_BATCH_BYTES),
 * and a Range read fetches only the chunks the range touches (plus the header).
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
    const sealed = readableFromBatches(
      (async function* () {
        const { dataKey: rawDataKey, header } = newDataKey(keys.current, key);
        const dataKey = createSecretKey(rawDataKey);
        const out = new Batch();
        out.push(header);
        const pending = new PendingBytes();
        let index = 0;
        for await (const piece of Buffer.isBuffer(body) ? [body] : body) {
          const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
          size += bytes.length;
          pending.push(bytes);
          // Strictly more than a chunk: only then is the chunk known not to be the last.
          while (pending.size > CHUNK_SIZE) {
            out.push(...sealChunk(dataKey, index++, false, pending.take(CHUNK_SIZE)));
            if (out.size >= STREAM_BATCH_BYTES) yield out.take();
          }
        }
        out.push(...sealChunk(dataKey, index, true, pending.take(pending.size)));
        yield out.take();
      })(),
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
    // What the first reads bring beyond the header is the start of the chunks.
    let pending = new PendingBytes();
    let dataKey: Buffer;
    try {
      await pending.fill(source, HEADER_SIZE);
      dataKey = openHeader(pending.take(Math.min(HEADER_SIZE, pending.size)), key, masters);
    } catch (error) {
      stored.destroy();
      throw error;
    }
    let chunks: AsyncIterator<Buffer> = source;
    if (firstChunk > 0) {
      stored.destroy();
      const { start, end } = storedRangeOfChunks(firstChunk, lastChunk);
      chunks = (await inner.get(key, { start, end }))[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      pending = new PendingBytes();
    }

    return readableFromBatches(
      // One KeyObject for every chunk: a raw Buffer key is imported again by each decipher.
      decryptChunks({
        key,
        dataKey: createSecretKey(dataKey),
        chunks,
        pending,
        firstChunk,
        lastChunk,
        range,
      }),
    );
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

/**
 * Turns sealed chunks into plaintext, chunk by chunk, trimmed to the range. A chunk is known not to
 * be the object's last when more bytes follow it; the one at the end of the stream must carry the
 * last-chunk flag, unless a range asked to stop exactly there.
 */
async function* decryptChunks(options: {
  key: string;
  dataKey: KeyObject;
  chunks: AsyncIterator<Buffer>;
  /** Bytes of the chunks already read (with the header). */
  pending: PendingBytes;
  firstChunk: number;
  lastChunk: number;
  range: ByteRange | undefined;
}): AsyncGenerator<Buffer[]> {
  const { key, dataKey, chunks, pending, range, firstChunk, lastChunk } = options;
  let index = firstChunk;

  const trim = (plain: Buffer, chunkIndex: number): Buffer => {
    if (!range) return plain;
    const offset = chunkIndex * CHUNK_SIZE;
    return plain.subarray(Math.max(0, range.start - offset), Math.max(0, range.end - offset + 1));
  };

  const out = new Batch();
  try {
    for (;;) {
      // What is decrypted goes on before the next read from the store can wait.
      if (pending.size <= SEALED_CHUNK_SIZE && out.size > 0) yield out.take();
      await pending.fill(chunks, SEALED_CHUNK_SIZE + 1);
      if (pending.size <= SEALED_CHUNK_SIZE) break; // the stream has ended: the rest is the final piece
      const plain = openChunk(dataKey, index, false, pending.take(SEALED_CHUNK_SIZE));
      if (!plain) throw new ObjectIntegrityError(key, `chunk ${index} failed authentication`);
      out.push(trim(plain, index));
      if (out.size >= STREAM_BATCH_BYTES) yield out.take();
      index += 1;
    }
    if (out.size > 0) yield out.take();
    if (pending.size === 0) {
      // Nothing where a chunk should be: a range that starts past the end gets nothing (as from
      // the stores themselves); a read from the start means the object was cut.
      if (range && firstChunk > 0) return;
      throw new ObjectIntegrityError(key, 'it ends before its last chunk');
    }
    const last = pending.take(pending.size);
    let plain = openChunk(dataKey, index, true, last);
    // A range that stops at this chunk may have cut the object there: then it is a middle chunk.
    if (!plain && range && index === lastChunk && last.length === SEALED_CHUNK_SIZE)
      plain = openChunk(dataKey, index, false, last);
    if (!plain)
      throw new ObjectIntegrityError(key, `chunk ${index} failed authentication (tampered or truncated)`);
    yield [trim(plain, index)];
  } finally {
    await chunks.return?.();
  }
}

/**
 * Bytes read but not yet sealed or opened, kept as the pieces the stream gave. A chunk is copied
 * out only when it spans two pieces, and then only its own bytes: joining everything buffered
 * before each chunk would copy every byte again, garbage a worker then spends its time collecting
 * while it fetches inputs. Sealed or opened chunks then go on in
 * batches of about STREAM_BATCH_BYTES (stream-batches.ts).
 */
class PendingBytes {
  private pieces: Buffer[];
  size: number;

  constructor(first?: Buffer) {
    this.pieces = [];
    this.size = 0;
    if (first) this.push(first);
  }

  push(...pieces: Buffer[]): void {
    for (const piece of pieces) {
      if (piece.length === 0) continue;
      this.pieces.push(piece);
      this.size += piece.length;
    }
  }

  /** Reads from the source until `size` bytes are pending (fewer only at its end). */
  async fill(source: AsyncIterator<Buffer>, size: number): Promise<void> {
    while (this.size < size) {
      const next = await source.next();
      if (next.done) return;
      this.push(next.value);
    }
  }

  /** The first `size` pending bytes (at most `this.size`), removed from the pending ones. */
  take(size: number): Buffer {
    if (size === 0) return Buffer.alloc(0);
    const first = this.pieces[0];
    const taken = first.length >= size ? first.subarray(0, size) : Buffer.concat(this.pieces, size);
    let left = size;
    while (left > 0) {
      const piece = this.pieces[0];
      if (piece.length <= left) {
        this.pieces.shift();
        left -= piece.length;
      } else {
        this.pieces[0] = piece.subarray(left);
        left = 0;
      }
    }
    this.size -= size;
    return taken;
  }
}
