/**
 * keycloak-js needs `crypto.randomUUID` (state, nonce) and `crypto.subtle.digest('SHA-256')` (the
 * PKCE S256 challenge). Browsers offer both only in secure contexts: https, localhost, 127.0.0.1.
 * Mediakit opened at `http://<LAN address>:8080` (npm start on another machine) is not one, and
 * sign-in failed there with "Web Crypto API is not available." Only in that case these two are
 * filled in: a version-4 UUID from `crypto.getRandomValues` (which every context has) and SHA-256
 * from @noble/hashes (audited), fetched on demand so secure contexts never download it.
 */

/** The part of `Crypto` the sign-in uses. */
export interface SignInCrypto {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
  randomUUID?: () => string;
  subtle?: {
    digest(algorithm: string | { name: string }, data: ArrayBufferView | ArrayBuffer): Promise<ArrayBuffer>;
  };
}

/** Fills in randomUUID and subtle.digest where the browser left them out (insecure contexts). */
export async function ensureSignInCrypto(
  target: SignInCrypto = globalThis.crypto as unknown as SignInCrypto,
): Promise<void> {
  const needsUuid = typeof target.randomUUID !== 'function';
  const needsDigest = typeof target.subtle?.digest !== 'function';
  if (!needsUuid && !needsDigest) return;
  if (needsUuid)
    define(target, 'randomUUID', () => uuidFromBytes(target.getRandomValues(new Uint8Array(16))));
  if (needsDigest) {
    const { sha256 } = await import('@noble/hashes/sha2.js');
    define(target, 'subtle', { digest: sha256Digest(sha256) });
  }
}

/** A version-4 UUID (RFC 9562) from 16 random bytes. */
export function uuidFromBytes(random: Uint8Array): string {
  const bytes = Uint8Array.from(random.subarray(0, 16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // variant 10
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `subtle.digest` for SHA-256 only (all keycloak-js asks for); other algorithms are refused. */
export function sha256Digest(sha256: (data: Uint8Array) => Uint8Array) {
  return async (
    algorithm: string | { name: string },
    data: ArrayBufferView | ArrayBuffer,
  ): Promise<ArrayBuffer> => {
    const name = (typeof algorithm === 'string' ? algorithm : algorithm.name).toUpperCase();
    if (name !== 'SHA-256') throw new Error(`Only SHA-256 is available here, not ${name}.`);
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const digest = sha256(bytes);
    return digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength) as ArrayBuffer;
  };
}

function define(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, configurable: true, writable: true });
}
