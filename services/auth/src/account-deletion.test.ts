import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedDocumentStore, createLogger, type DocumentStore } from '@mediakit/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountDeletion } from './account-deletion.ts';

/** The outbox that makes sure an account deletion is announced, even across a NATS outage. */

let dir: string;
let store: DocumentStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-account-deletion-'));
  store = createEmbeddedDocumentStore(dir);
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const pending = () => store.collection('account_deletions').find({});

describe('account deletion', () => {
  it('announces the deletion once the rest of the data is gone, and forgets it then', async () => {
    const steps: string[] = [];
    const deletion = new AccountDeletion({
      store,
      removeData: async (sub) => steps.push(`remove ${sub}`),
      publish: async (sub) => {
        steps.push(`publish ${sub}`);
      },
      log: createLogger('t', 'silent'),
    });
    await deletion.begin('u1');
    expect(await pending()).toHaveLength(1);
    await deletion.finish('u1');
    expect(steps).toEqual(['remove u1', 'publish u1']);
    expect(await pending()).toEqual([]);
  });

  it('keeps a deletion NATS did not take, and the sweep announces it later', async () => {
    let natsUp = false;
    const published: string[] = [];
    const deletion = new AccountDeletion({
      store,
      removeData: async () => {},
      publish: async (sub) => {
        if (!natsUp) throw new Error('no responders');
        published.push(sub);
      },
      log: createLogger('t', 'silent'),
    });
    await deletion.begin('u1');
    await deletion.finish('u1');
    // Beginning twice (a retried deletion) is fine.
    await deletion.begin('u1');
    expect(published).toEqual([]);
    expect(await pending()).toHaveLength(1);
    expect(await deletion.announcePending()).toBe(0);

    natsUp = true;
    expect(await deletion.announcePending()).toBe(1);
    expect(published).toEqual(['u1']);
    expect(await pending()).toEqual([]);
  });

  it('does not fail the deletion when the rest of the data cannot go yet; the sweep finishes it', async () => {
    let storeUp = false;
    const published: string[] = [];
    const deletion = new AccountDeletion({
      store,
      removeData: async () => {
        if (!storeUp) throw new Error('store busy');
      },
      publish: async (sub) => {
        published.push(sub);
      },
      log: createLogger('t', 'silent'),
    });
    await deletion.begin('u2');
    await deletion.finish('u2');
    // It stays in the outbox, and the sweep removes the rest and announces it.
    expect(published).toEqual([]);
    storeUp = true;
    expect(await deletion.announcePending()).toBe(1);
    expect(published).toEqual(['u2']);
  });
});
