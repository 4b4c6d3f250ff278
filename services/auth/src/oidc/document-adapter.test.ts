import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, type DocumentStore } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OidcDocumentStorage } from './document-adapter.ts';

/**
 * The oidc-provider adapter against the embedded document store (the same store `npm start`
 * uses): the adapter contract of oidc-provider 9, expiry on read, the sweep, and revocation by
 * grant and by account.
 */

let dir: string;
let store: DocumentStore;
let nowMs: number;
let storage: OidcDocumentStorage;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-oidc-adapter-'));
  store = createEmbeddedDocumentStore(dir);
  nowMs = Date.UTC(2030, 0, 1);
  storage = new OidcDocumentStorage(store, { now: () => nowMs });
  await storage.createIndexes();
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('oidc-provider adapter on the document store', () => {
  it('stores, finds, replaces and destroys payloads, keys with dots included', async () => {
    const grants = storage.adapterFor('Grant');
    const payload = {
      jti: 'g1',
      kind: 'Grant',
      accountId: 'user-1',
      clientId: 'mediakit-web',
      openid: { scope: 'openid email' },
      resources: { 'https://media.example/api': 'openid' },
    };
    await grants.upsert('g1', payload, 3600);
    expect(await grants.find('g1')).toEqual(payload);
    // Another model with the same id is another entry.
    expect(await storage.adapterFor('Session').find('g1')).toBeUndefined();

    await grants.upsert('g1', { ...payload, openid: { scope: 'openid' } }, 3600);
    expect(await grants.find('g1')).toMatchObject({ openid: { scope: 'openid' } });

    await grants.destroy('g1');
    expect(await grants.find('g1')).toBeUndefined();
  });

  it('finds sessions by uid and device codes by user code', async () => {
    await storage.adapterFor('Session').upsert('s1', { jti: 's1', uid: 'u-1', accountId: 'a' }, 60);
    await storage.adapterFor('DeviceCode').upsert('d1', { jti: 'd1', userCode: 'ABCD-EFGH' }, 60);
    expect(await storage.adapterFor('Session').findByUid('u-1')).toMatchObject({ jti: 's1' });
    expect(await storage.adapterFor('Session').findByUid('u-2')).toBeUndefined();
    expect(await storage.adapterFor('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ jti: 'd1' });
  });

  it('marks codes and refresh tokens consumed, and the mark survives a re-read', async () => {
    const tokens = storage.adapterFor('RefreshToken');
    await tokens.upsert('r1', { jti: 'r1', grantId: 'g1' }, 60);
    expect((await tokens.find('r1'))?.consumed).toBeUndefined();
    await tokens.consume('r1');
    expect((await tokens.find('r1'))?.consumed).toBe(Math.floor(nowMs / 1000));
  });

  it('revokes every token of a grant, in that model only', async () => {
    const refresh = storage.adapterFor('RefreshToken');
    const codes = storage.adapterFor('AuthorizationCode');
    await refresh.upsert('r1', { jti: 'r1', grantId: 'g1' }, 60);
    await refresh.upsert('r2', { jti: 'r2', grantId: 'g1' }, 60);
    await refresh.upsert('r3', { jti: 'r3', grantId: 'g2' }, 60);
    await codes.upsert('c1', { jti: 'c1', grantId: 'g1' }, 60);
    await refresh.revokeByGrantId('g1');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toBeUndefined();
    expect(await refresh.find('r3')).toBeDefined();
    expect(await codes.find('c1')).toBeDefined();
  });

  it('hides an entry once it expired, and the sweep deletes it from the store file', async () => {
    const interactions = storage.adapterFor('Interaction');
    await interactions.upsert('short', { jti: 'short', marker: 'SHORT-LIVED' }, 10);
    await interactions.upsert('long', { jti: 'long' }, 3600);
    await storage.adapterFor('Client').upsert('forever', { client_id: 'forever' });

    nowMs += 10_000;
    expect(await interactions.find('short')).toBeUndefined();
    expect(await interactions.find('long')).toBeDefined();
    expect(await storage.count({ expired: true })).toBe(1);

    expect(await storage.sweep()).toBe(1);
    expect(await storage.count({ expired: true })).toBe(0);
    expect(await storage.count()).toBe(2);
    expect(await storage.adapterFor('Client').find('forever')).toEqual({ client_id: 'forever' });

    // Reopened from disk: the swept entry is not coming back.
    await store.close();
    store = createEmbeddedDocumentStore(dir);
    storage = new OidcDocumentStorage(store, { now: () => nowMs });
    expect(await storage.count()).toBe(2);
    expect(await storage.adapterFor('Interaction').find('short')).toBeUndefined();
  });

  it('an upsert without expiry clears the previous expiry', async () => {
    const sessions = storage.adapterFor('Session');
    await sessions.upsert('s', { jti: 's', uid: 'u' }, 10);
    await sessions.upsert('s', { jti: 's' });
    nowMs += 60_000;
    expect(await sessions.find('s')).toEqual({ jti: 's' });
    expect(await sessions.findByUid('u')).toBeUndefined();
  });

  it('deletes everything an account holds', async () => {
    await storage.adapterFor('Session').upsert('s1', { jti: 's1', uid: 'u1', accountId: 'ann' }, 60);
    await storage.adapterFor('Grant').upsert('g1', { jti: 'g1', accountId: 'ann' }, 60);
    await storage.adapterFor('Grant').upsert('g2', { jti: 'g2', accountId: 'bob' }, 60);
    expect(await storage.deleteAccount('ann')).toBe(2);
    expect(await storage.adapterFor('Grant').find('g2')).toBeDefined();
  });
});
