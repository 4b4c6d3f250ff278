import { type CipherKey, createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The byte layout of an encrypted object (format version 1), and the AES-256-GCM operations on it.
 *
 *   header (73 bytes)   "MKEO" · version 1 · master key id (8) · wrap nonce (12) · wrapped data key (32) · wrap tag (16)
 *   chunk 0             ciphertext of plaintext bytes [0, 64 KiB) · tag (16)
 *   chunk 1             ciphertext of [64 KiB, 128 KiB) · tag (16)
 *   ...                 the last chunk holds the remaining 0..64 KiB (an empty object has one empty chunk)
 *
 * Why this shape:
 * - Every object has its own random 256-bit data key, wrapped (AES-256-GCM) by the master key. The
 *   wrap authenticates the header and the object's key (AAD), so a header edited, or an object copied
 *   under another key in the bucket, fails to open instead of decrypting as someone else's file.
 * - Fixed-size chunks, each with its own tag, let a Range read fetch and check only the chunks it
 *   needs, and let both directions stream with at most one chunk in memory.
 * - A chunk's nonce is its index plus a "last chunk" flag (the STREAM construction): chunks cannot be
 *   reordered, and an object cut at a chunk boundary fails because its new last chunk lacks the flag.
 *   The data key is used for one object only, so counter nonces never repeat under a key.
 * - Sizes are fixed, so the plaintext size follows from the stored size (stat needs no read).
 */

export const MAGIC = Buffer.from('MKEO', 'latin1');
export const FORMAT_VERSION = 1;
export const CHUNK_SIZE = 64 * 1024;
export const TAG_SIZE = 16;
export const SEALED_CHUNK_SIZE = CHUNK_SIZE + TAG_SIZE;
export const KEY_ID_SIZE = 8;
const NONCE_SIZE = 12;
const DATA_KEY_SIZE = 32;
/** magic + version + key id: the part of the header the wrap authenticates as AAD (with the object key). */
const PREFIX_SIZE = MAGIC.length + 1 + KEY_ID_SIZE;
export const HEADER_SIZE = PREFIX_SIZE + NONCE_SIZE + DATA_KEY_SIZE + TAG_SIZE;

/** A stored object failed authentication or is not in this format: it is never returned as data. */
export class ObjectIntegrityError extends Error {
  constructor(key: string, reason: string) {
    super(`Object ${key} cannot be decrypted: ${reason}.`);
    this.name = 'ObjectIntegrityError';
  }
}

export interface MasterKey {
  /** First 8 bytes of a hash of the key: stored in each object's header, says which key wrapped it. */
  id: Buffer;
  key: Buffer;
}

export function masterKey(key: Buffer): MasterKey {
  if (key.length !== 32) throw new TypeError(`A master key must be 32 bytes, got ${key.length}.`);
  const id = createHash('sha256').update('mediakit object key id v1\0').update(key).digest();
  return { id: id.subarray(0, KEY_ID_SIZE), key };
}

/** A fresh data key for one object, and the header that carries it wrapped by `master`. */
export function newDataKey(master: MasterKey, objectKey: string): { dataKey: Buffer; header: Buffer } {
  const dataKey = randomBytes(DATA_KEY_SIZE);
  const prefix = Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), master.id]);
  const nonce = randomBytes(NONCE_SIZE);
  const cipher = createCipheriv('aes-256-gcm', master.key, nonce);
  cipher.setAAD(wrapAad(prefix, objectKey));
  const wrapped = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return { dataKey, header: Buffer.concat([prefix, nonce, wrapped, cipher.getAuthTag()]) };
}

/** The data key from a header, checked against the master keys and the object's key. */
export function openHeader(header: Buffer, objectKey: string, masters: MasterKey[]): Buffer {
  if (header.length < HEADER_SIZE) throw new ObjectIntegrityError(objectKey, 'it is shorter than its header');
  if (!header.subarray(0, MAGIC.length).equals(MAGIC) || header[MAGIC.length] !== FORMAT_VERSION) {
    throw new ObjectIntegrityError(objectKey, 'it is not an encrypted object of a known format version');
  }
  const prefix = header.subarray(0, PREFIX_SIZE);
  const id = header.subarray(MAGIC.length + 1, PREFIX_SIZE);
  const master = masters.find((candidate) => candidate.id.equals(id));
  if (!master) {
    throw new ObjectIntegrityError(
      objectKey,
      `it was encrypted with master key ${id.toString('hex')}, which is not configured (keep retired keys in OBJECT_ENCRYPTION_OLD_KEYS until their objects have expired)`,
    );
  }
  const nonce = header.subarray(PREFIX_SIZE, PREFIX_SIZE + NONCE_SIZE);
  const wrapped = header.subarray(PREFIX_SIZE + NONCE_SIZE, PREFIX_SIZE + NONCE_SIZE + DATA_KEY_SIZE);
  const tag = header.subarray(PREFIX_SIZE + NONCE_SIZE + DATA_KEY_SIZE, HEADER_SIZE);
  try {
    const decipher = createDecipheriv('aes-256-gcm', master.key, nonce);
    decipher.setAAD(wrapAad(prefix, objectKey));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(wrapped), decipher.final()]);
  } catch {
    throw new ObjectIntegrityError(
      objectKey,
      'its header failed authentication (tampered, or stored under another key)',
    );
  }
}

function wrapAad(prefix: Buffer, objectKey: string): Buffer {
  return Buffer.concat([prefix, Buffer.from(objectKey, 'utf8')]);
}

function chunkNonce(index: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(NONCE_SIZE);
  nonce.writeBigUInt64BE(BigInt(index), 3);
  nonce[NONCE_SIZE - 1] = last ? 1 : 0;
  return nonce;
}

/**
 * Encrypts one chunk (at most CHUNK_SIZE bytes). It is stored as the ciphertext followed by its
 * tag; the two come back as they are, so the writer joins them only once with their neighbours
 * (joining each chunk first would copy every byte once more).
 */
export function sealChunk(
  dataKey: CipherKey,
  index: number,
  last: boolean,
  plaintext: Buffer,
): [ciphertext: Buffer, tag: Buffer] {
  const cipher = createCipheriv('aes-256-gcm', dataKey, chunkNonce(index, last));
  const ciphertext = cipher.update(plaintext);
  // GCM's final() adds no bytes; it completes the tag.
  cipher.final();
  return [ciphertext, cipher.getAuthTag()];
}

/** Decrypts and authenticates one sealed chunk, or returns null when it does not authenticate as (index, last). */
export function openChunk(dataKey: CipherKey, index: number, last: boolean, sealed: Buffer): Buffer | null {
  if (sealed.length < TAG_SIZE || sealed.length > SEALED_CHUNK_SIZE) return null;
  const decipher = createDecipheriv('aes-256-gcm', dataKey, chunkNonce(index, last));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_SIZE));
  try {
    // Nothing of the chunk is released before final() has checked its tag. GCM's final() adds no
    // bytes, so the plaintext is update()'s buffer as it is (joining it to the empty final()
    // output would copy every byte once more).
    const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_SIZE));
    decipher.final();
    return plain;
  } catch {
    return null;
  }
}

/** The stored size of an object of `plaintextSize` bytes. */
export function storedSize(plaintextSize: number): number {
  const chunks = Math.max(1, Math.ceil(plaintextSize / CHUNK_SIZE));
  return HEADER_SIZE + plaintextSize + chunks * TAG_SIZE;
}

/** The plaintext size of an object stored in `size` bytes, or null when no plaintext size gives that size. */
export function plaintextSize(size: number): number | null {
  const body = size - HEADER_SIZE;
  if (body < TAG_SIZE) return null;
  const chunks = Math.ceil(body / SEALED_CHUNK_SIZE);
  const plain = body - chunks * TAG_SIZE;
  return plain >= 0 && storedSize(plain) === size ? plain : null;
}

/** The stored byte range (inclusive) holding plaintext chunks first..last. */
export function storedRangeOfChunks(first: number, last: number): { start: number; end: number } {
  return {
    start: HEADER_SIZE + first * SEALED_CHUNK_SIZE,
    end: HEADER_SIZE + (last + 1) * SEALED_CHUNK_SIZE - 1,
  };
}
