import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedDocumentStore } from './embedded-document-store.ts';

/** What only the embedded store has: files on disk, and loud refusal of what MongoDB refuses too. */
describe('embedded document store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mediakit-embedded-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps one file per collection and leaves it compacted on close', async () => {
    const store = createEmbeddedDocumentStore(dir);
    const jobs = store.collection<{ _id: string; n: number }>('jobs');
    await jobs.insertOne({ _id: 'j1', n: 1 });
    for (let n = 2; n <= 5; n += 1) await jobs.updateOne({ _id: 'j1' }, { $set: { n } });
    await store.close();
    const lines = (await readFile(join(dir, 'jobs.db'), 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ _id: 'j1', n: 5 }]);
  });

  it('reports a damaged data file to the caller instead of crashing the process', async () => {
    await writeFile(join(dir, 'broken.db'), 'this is not json\n'.repeat(5));
    const store = createEmbeddedDocumentStore(dir);
    await expect(store.collection('broken').findOne({})).rejects.toThrow();
    await store.close();
  });

  it('refuses collection names that are not safe file names', () => {
    const store = createEmbeddedDocumentStore(dir);
    for (const name of ['../escape', 'a/b', '.hidden', ''])
      expect(() => store.collection(name)).toThrow(TypeError);
  });

  it('refuses what MongoDB refuses: unknown operators, filter scripts, a changed _id', async () => {
    const store = createEmbeddedDocumentStore(dir);
    const items = store.collection<{ _id: string; n?: number }>('items');
    await items.insertOne({ _id: 'i1', n: 1 });
    await expect(items.find({ n: { $near: [0, 0] } })).rejects.toThrow(/\$near/);
    await expect(items.find({ $where: 'this.n > 0' })).rejects.toThrow(/\$where/);
    await expect(items.updateOne({ _id: 'i1' }, { $frobnicate: { n: 1 } })).rejects.toThrow(/\$frobnicate/);
    await expect(items.updateOne({ _id: 'i1' }, { $set: { _id: 'i2' } })).rejects.toThrow(/_id/);
    await expect(items.updateOne({ _id: 'i1' }, { _id: 'i2', n: 2 })).rejects.toThrow(/_id/);
    expect(await items.find({})).toEqual([{ _id: 'i1', n: 1 }]);
    await store.close();
  });

  it('refuses use after close', async () => {
    const store = createEmbeddedDocumentStore(dir);
    await store.close();
    expect(() => store.collection('late')).toThrow(/closed/);
    await expect(store.ping()).rejects.toThrow(/closed/);
  });
});
