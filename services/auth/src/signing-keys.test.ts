import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore } from '@mediakit/kit';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SigningKeys } from './signing-keys.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auth-keys-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Signs with the current key and verifies against the published JWKS alone. */
async function signsAndVerifies(keys: SigningKeys): Promise<void> {
  const key = keys.current();
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setExpirationTime('1m')
    .sign(key.privateKey);
  await jwtVerify(token, createLocalJWKSet(keys.jwks()));
}

const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

describe('signing keys kept in the document store', () => {
  it('are generated once and the same after a restart', async () => {
    const first = createEmbeddedDocumentStore(dir);
    const keys = await SigningKeys.fromStore(first);
    const { kid, alg } = keys.current();
    expect(alg).toBe('ES256');
    await first.close();

    const second = createEmbeddedDocumentStore(dir);
    const again = await SigningKeys.fromStore(second);
    expect(again.current().kid).toBe(kid);
    expect(again.jwks().keys.map((k) => k.kid)).toEqual([kid]);
    await signsAndVerifies(again);
    await second.close();
  });

  it('publish only public members, with kid, alg and use', async () => {
    const store = createEmbeddedDocumentStore(dir);
    const keys = await SigningKeys.fromStore(store);
    const [jwk] = keys.jwks().keys;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', kid: keys.current().kid, alg: 'ES256', use: 'sig' });
    for (const member of privateMembers) expect(jwk).not.toHaveProperty(member);
    await store.close();
  });

  it('rotate: the new key signs, the previous one stays published, older ones leave', async () => {
    const store = createEmbeddedDocumentStore(dir);
    const keys = await SigningKeys.fromStore(store);
    const first = keys.current().kid;
    const second = (await keys.rotate()).kid;
    expect(second).not.toBe(first);
    expect(keys.current().kid).toBe(second);
    expect(keys.jwks().keys.map((k) => k.kid)).toEqual([second, first]);
    const third = (await keys.rotate()).kid;
    expect(keys.jwks().keys.map((k) => k.kid)).toEqual([third, second]);
    await signsAndVerifies(keys);
    await store.close();

    // Another replica sees the rotation on reload.
    const replicaStore = createEmbeddedDocumentStore(dir);
    const replica = await SigningKeys.fromStore(replicaStore);
    expect(replica.current().kid).toBe(third);
    await replicaStore.close();
  });
});

describe('signing keys from JWT_PRIVATE_KEYS', () => {
  it('take a JWK Set: the first key signs, all are published', async () => {
    const a = await generateKeyPair('ES256', { extractable: true });
    const b = await generateKeyPair('RS256', { extractable: true });
    const text = JSON.stringify({
      keys: [
        { ...(await exportJWK(a.privateKey)), kid: 'new' },
        { ...(await exportJWK(b.privateKey)), kid: 'old' },
      ],
    });
    const keys = await SigningKeys.fromText(text);
    expect(keys.current()).toMatchObject({ kid: 'new', alg: 'ES256' });
    expect(keys.jwks().keys.map((k) => [k.kid, k.alg])).toEqual([
      ['new', 'ES256'],
      ['old', 'RS256'],
    ]);
    for (const jwk of keys.jwks().keys)
      for (const member of privateMembers) expect(jwk).not.toHaveProperty(member);
    await signsAndVerifies(keys);
    await expect(keys.rotate()).rejects.toThrow(/changing the variable/);
  });

  it('take PEM blocks (escaped newlines too), with thumbprint kids', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    });
    const keys = await SigningKeys.fromText(`${String(rsa)}\n${String(ec).replace(/\n/g, '\\n')}`);
    expect(keys.current().alg).toBe('RS256');
    expect(keys.jwks().keys.map((k) => k.alg)).toEqual(['RS256', 'ES256']);
    expect(keys.current().kid).toMatch(/^[\w-]{43}$/);
    await signsAndVerifies(keys);
    // The same key gives the same kid every start.
    expect((await SigningKeys.fromText(String(rsa))).current().kid).toBe(keys.current().kid);
  });

  it('refuse what cannot sign', async () => {
    await expect(SigningKeys.fromText('not a key')).rejects.toThrow(/JWT_PRIVATE_KEYS/);
    await expect(SigningKeys.fromText('{"keys": [')).rejects.toThrow(/not valid JSON/);
    const pub = await exportJWK((await generateKeyPair('ES256')).publicKey);
    await expect(SigningKeys.fromText(JSON.stringify({ keys: [pub] }))).rejects.toThrow(
      /private key is needed/,
    );
    const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    await expect(SigningKeys.fromText(String(ed))).rejects.toThrow(/not supported/);
  });
});
