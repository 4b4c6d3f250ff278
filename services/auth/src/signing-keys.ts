import type { Collection, DocumentStore } from '@mediakit/kit';
import { newId } from '@mediakit/kit';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import {
  type SigningAlg,
  type SigningKey,
  signingKeyFromJwk,
  signingKeysFromText,
} from './signing-key-material.ts';

/** A generated key as kept in the `signing_keys` collection. */
interface SigningKeyDoc {
  _id: string; // the kid
  alg: SigningAlg;
  privateJwk: JWK;
  createdAt: string;
}

/** How many stored keys the JWKS publishes: the current one and the one it replaced. */
const PUBLISHED_STORED_KEYS = 2;
const GENERATED_ALG: SigningAlg = 'ES256';

/**
 * The keys that sign access and id tokens, and the JWKS that publishes them. The same keys will
 * sign for the OpenID Provider, so tokens from either verify against one JWKS.
 *
 * Two sources:
 * - JWT_PRIVATE_KEYS (production): the first key signs, every key is published. Rotating is a
 *   config change: put the new key first and keep the old one after it until its tokens expired.
 * - otherwise generated once and kept in the document store (never in the repository): the newest
 *   signs, the newest two are published, so tokens signed just before `rotate()` still verify.
 *   Several replicas starting at once may each generate one; they converge by re-reading the
 *   store and all taking the newest.
 */
export class SigningKeys {
  private keys: SigningKey[];
  private newestCreatedAt = 0;
  private readonly collection?: Collection<SigningKeyDoc>;

  private constructor(keys: SigningKey[], collection?: Collection<SigningKeyDoc>) {
    this.keys = keys;
    this.collection = collection;
  }

  static async fromText(text: string): Promise<SigningKeys> {
    return new SigningKeys(await signingKeysFromText(text));
  }

  /** The stored keys; generates and stores the first one when there is none. */
  static async fromStore(store: DocumentStore): Promise<SigningKeys> {
    const collection = store.collection<SigningKeyDoc>('signing_keys');
    await collection.createIndex({ createdAt: -1, _id: 1 });
    const keys = new SigningKeys([], collection);
    await keys.reload();
    if (keys.keys.length === 0) await keys.rotate();
    return keys;
  }

  /** The key that signs new tokens. */
  current(): SigningKey {
    return this.keys[0];
  }

  /** The public JWKS: `{ keys: [current, previous...] }`. */
  jwks(): { keys: JWK[] } {
    return { keys: this.keys.map((key) => ({ ...key.publicJwk })) };
  }

  /** The published keys with their private halves, current first: the OpenID Provider's keystore. */
  privateJwks(): JWK[] {
    return this.keys.map((key) => ({ ...key.privateJwk }));
  }

  /** Generates a new stored key and makes it current; the old one stays published. */
  async rotate(): Promise<SigningKey> {
    if (!this.collection) throw new Error('keys from JWT_PRIVATE_KEYS rotate by changing the variable');
    const { privateKey } = await generateKeyPair(GENERATED_ALG, { extractable: true });
    await this.reload(); // another replica may have rotated meanwhile
    const kid = newId();
    // Strictly after the current key, so "newest" is never a tie, even within one millisecond.
    const createdAt = new Date(Math.max(Date.now(), this.newestCreatedAt + 1)).toISOString();
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: GENERATED_ALG };
    await this.collection.insertOne({
      _id: kid,
      alg: GENERATED_ALG,
      privateJwk,
      createdAt,
    });
    await this.reload();
    return this.current();
  }

  /** Re-reads the stored keys (another replica may have rotated). */
  async reload(): Promise<void> {
    if (!this.collection) return;
    const docs = await this.collection.find(
      {},
      { sort: { createdAt: -1, _id: 1 }, limit: PUBLISHED_STORED_KEYS },
    );
    this.keys = await Promise.all(docs.map((doc) => signingKeyFromJwk(doc.privateJwk)));
    this.newestCreatedAt = docs.length ? Date.parse(docs[0].createdAt) : 0;
  }
}
