import { describe, expect, it } from 'vitest';
import { ensureSignInCrypto, type SignInCrypto, uuidFromBytes } from './web-crypto-fallback.ts';

/** What an insecure context (http://<LAN address>) offers: getRandomValues only. */
const insecureContext = (): SignInCrypto => ({
  getRandomValues: (array) =>
    globalThis.crypto.getRandomValues(array as unknown as Uint8Array<ArrayBuffer>) as unknown as typeof array,
});

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

describe('ensureSignInCrypto', () => {
  it('fills in randomUUID and a SHA-256 digest equal to node’s where the browser left them out', async () => {
    const target = insecureContext();
    await ensureSignInCrypto(target);
    const uuids = new Set(Array.from({ length: 50 }, () => target.randomUUID?.()));
    expect(uuids.size).toBe(50);
    for (const uuid of uuids)
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // What keycloak-js hashes: the PKCE verifier, as TextEncoder bytes; and odd sizes and views.
    // The reference is the platform's own SHA-256 (Node's Web Crypto).
    const inputs = [
      new TextEncoder().encode('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
      new Uint8Array(0),
      globalThis.crypto.getRandomValues(new Uint8Array(1000)).subarray(3, 700),
    ];
    for (const input of inputs) {
      const digest = await target.subtle?.digest('SHA-256', input);
      expect(hex(digest as ArrayBuffer)).toBe(
        hex(await globalThis.crypto.subtle.digest('SHA-256', input.slice())),
      );
    }
    // RFC 7636's example: this verifier's S256 challenge.
    const rfc = await target.subtle?.digest(
      'SHA-256',
      new TextEncoder().encode('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
    );
    expect(
      btoa(String.fromCharCode(...new Uint8Array(rfc as ArrayBuffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=/g, ''),
    ).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    await expect(target.subtle?.digest({ name: 'SHA-1' }, new Uint8Array(1))).rejects.toThrow(/SHA-256/);
  });

  it('leaves a secure context’s own functions alone', async () => {
    const own = globalThis.crypto as unknown as SignInCrypto;
    const { randomUUID, subtle } = own;
    await ensureSignInCrypto(own);
    expect(own.randomUUID).toBe(randomUUID);
    expect(own.subtle).toBe(subtle);
  });
});

describe('uuidFromBytes', () => {
  it('sets the version and variant bits and keeps the rest', () => {
    expect(uuidFromBytes(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidFromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
  });
});
