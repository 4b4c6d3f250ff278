import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { forEveryDocumentStore, type StoreUnderTest } from '../../test/document-store-targets.ts';
import { DuplicateKeyError } from './duplicate-key-error.ts';
import type { Collection, Doc } from './ports.ts';

/**
 * One contract, every adapter: repositories are written once against the DocumentStore port, so
 * the embedded store and MongoDB must answer these the same way. The suite runs against the
 * embedded store always, and against MongoDB when MONGODB_URL is set. Search has its own file
 * (document-store-search.contract.test.ts).
 */

interface Item extends Doc {
  n?: number | null;
  name?: string;
  tags?: string[];
  meta?: { kind?: string; size?: number };
  deletedAt?: string | null;
  createdAt?: string;
  email?: string;
  count?: number;
}

function documentStoreContract(suite: StoreUnderTest): void {
  /** Each test gets its own collection, so tests cannot see each other's data. */
  const freshCollection = () => suite.store.collection<Item>(`c_${randomUUID().replaceAll('-', '')}`);

  async function seeded(): Promise<Collection<Item>> {
    const items = freshCollection();
    await items.insertOne({
      _id: 'a',
      n: 1,
      name: 'alpha',
      tags: ['red', 'blue'],
      meta: { kind: 'x', size: 10 },
      deletedAt: null,
    });
    await items.insertOne({ _id: 'b', n: 2, name: 'Beta', tags: ['blue'], meta: { kind: 'y', size: 20 } });
    await items.insertOne({
      _id: 'c',
      n: 3,
      name: 'gamma',
      tags: [],
      deletedAt: '2024-01-01T00:00:00.000Z',
    });
    await items.insertOne({ _id: 'd', name: 'delta' });
    return items;
  }
  const ids = (docs: Item[]) => docs.map((doc) => doc._id).sort();

  it('round-trips a document exactly as given', async () => {
    const items = freshCollection();
    const doc: Item & Record<string, unknown> = {
      _id: 'exact',
      text: 'héllo',
      int: 42,
      float: 1.5,
      negative: -3,
      yes: true,
      no: false,
      nothing: null,
      list: [1, 'two', { three: 3 }, [4]],
      nested: { deep: { deeper: ['x'] }, empty: {} },
      emptyList: [],
    };
    await items.insertOne(doc);
    expect(await items.findOne({ _id: 'exact' })).toEqual(doc);
  });

  it('keeps stored data apart from the objects passed in and returned', async () => {
    const items = freshCollection();
    const doc: Item = { _id: 'iso', tags: ['a'] };
    await items.insertOne(doc);
    doc.tags?.push('changed after insert');
    const found = (await items.findOne({ _id: 'iso' })) as Item;
    found.tags?.push('changed after find');
    expect(await items.findOne({ _id: 'iso' })).toEqual({ _id: 'iso', tags: ['a'] });
  });

  it('finds by equality, on nested paths and inside arrays', async () => {
    const items = await seeded();
    expect((await items.findOne({ name: 'Beta' }))?._id).toBe('b');
    expect(await items.findOne({ name: 'nobody' })).toBeNull();
    expect(ids(await items.find({ 'meta.kind': 'x' }))).toEqual(['a']);
    expect(ids(await items.find({ tags: 'blue' }))).toEqual(['a', 'b']);
    expect(ids(await items.find({ meta: { kind: 'y', size: 20 } }))).toEqual(['b']);
    expect(ids(await items.find({}))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('treats `field: null` as "null or missing", as MongoDB does', async () => {
    const items = await seeded();
    expect(ids(await items.find({ deletedAt: null }))).toEqual(['a', 'b', 'd']);
    expect(ids(await items.find({ deletedAt: { $eq: null } }))).toEqual(['a', 'b', 'd']);
    expect(ids(await items.find({ deletedAt: { $ne: null } }))).toEqual(['c']);
    expect(ids(await items.find({ n: { $in: [null, 2] } }))).toEqual(['b', 'd']);
    expect(ids(await items.find({ n: { $nin: [null, 2] } }))).toEqual(['a', 'c']);
  });

  it('supports each comparison operator', async () => {
    const items = await seeded();
    expect(ids(await items.find({ n: { $eq: 2 } }))).toEqual(['b']);
    expect(ids(await items.find({ n: { $ne: 2 } }))).toEqual(['a', 'c', 'd']);
    expect(ids(await items.find({ n: { $gt: 1 } }))).toEqual(['b', 'c']);
    expect(ids(await items.find({ n: { $gte: 2 } }))).toEqual(['b', 'c']);
    expect(ids(await items.find({ n: { $lt: 3 } }))).toEqual(['a', 'b']);
    expect(ids(await items.find({ n: { $lte: 2 } }))).toEqual(['a', 'b']);
    expect(ids(await items.find({ n: { $gt: 1, $lt: 3 } }))).toEqual(['b']);
    expect(ids(await items.find({ name: { $gt: 'b', $lt: 'e' } }))).toEqual(['d']);
    expect(ids(await items.find({ n: { $in: [1, 3] } }))).toEqual(['a', 'c']);
    expect(ids(await items.find({ n: { $nin: [1, 3] } }))).toEqual(['b', 'd']);
  });

  it('applies $ne and $nin to array fields as "no element matches"', async () => {
    const items = await seeded();
    expect(ids(await items.find({ tags: { $ne: 'red' } }))).toEqual(['b', 'c', 'd']);
    expect(ids(await items.find({ tags: { $nin: ['red', 'blue'] } }))).toEqual(['c', 'd']);
    expect(ids(await items.find({ tags: { $in: ['red', 'green'] } }))).toEqual(['a']);
  });

  it('supports $exists, including on empty arrays and null values', async () => {
    const items = await seeded();
    expect(ids(await items.find({ tags: { $exists: true } }))).toEqual(['a', 'b', 'c']);
    expect(ids(await items.find({ tags: { $exists: false } }))).toEqual(['d']);
    expect(ids(await items.find({ deletedAt: { $exists: true } }))).toEqual(['a', 'c']);
    expect(ids(await items.find({ 'meta.size': { $exists: true } }))).toEqual(['a', 'b']);
  });

  it('supports $or, $and and $not', async () => {
    const items = await seeded();
    expect(ids(await items.find({ $or: [{ n: 1 }, { name: 'delta' }] }))).toEqual(['a', 'd']);
    expect(ids(await items.find({ $and: [{ n: { $gte: 2 } }, { tags: 'blue' }] }))).toEqual(['b']);
    expect(ids(await items.find({ n: { $not: { $gt: 1 } } }))).toEqual(['a', 'd']);
    expect(ids(await items.find({ name: { $not: /^[a-d]/ } }))).toEqual(['b', 'c']);
  });

  it('supports $regex as a string with $options and as a RegExp', async () => {
    const items = await seeded();
    expect(ids(await items.find({ name: { $regex: '^b' } }))).toEqual([]);
    expect(ids(await items.find({ name: { $regex: '^b', $options: 'i' } }))).toEqual(['b']);
    expect(ids(await items.find({ name: { $regex: /a$/ } }))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(await items.find({ name: /^g/ }))).toEqual(['c']);
  });

  it('sorts descending, then skips and limits', async () => {
    const items = freshCollection();
    for (let n = 1; n <= 6; n += 1) await items.insertOne({ _id: `id${n}`, n });
    const page = await items.find({}, { sort: { n: -1 }, skip: 1, limit: 3 });
    expect(page.map((doc) => doc.n)).toEqual([5, 4, 3]);
    expect((await items.find({}, { sort: { n: 1 }, limit: 2 })).map((doc) => doc.n)).toEqual([1, 2]);
    expect((await items.find({ n: { $gt: 2 } }, { sort: { n: -1 }, skip: 3 })).map((doc) => doc.n)).toEqual([
      3,
    ]);
  });

  it('pages with a (createdAt, _id) cursor, newest first, across equal timestamps', async () => {
    const items = freshCollection();
    const stamps = [
      '2024-01-01',
      '2024-01-02',
      '2024-01-02',
      '2024-01-02',
      '2024-01-03',
      '2024-01-04',
      '2024-01-04',
    ];
    for (const [index, day] of stamps.entries()) {
      await items.insertOne({ _id: `item${index}`, createdAt: `${day}T00:00:00.000Z` });
    }
    const sort = { createdAt: -1, _id: -1 } as const;
    const expected = (await items.find({}, { sort })).map((doc) => doc._id);
    expect(expected).toEqual(['item6', 'item5', 'item4', 'item3', 'item2', 'item1', 'item0']);

    const seen: string[] = [];
    let last: Item | undefined;
    for (let page = 0; page < 10; page += 1) {
      const filter = last
        ? {
            $or: [
              { createdAt: { $lt: last.createdAt } },
              { createdAt: last.createdAt, _id: { $lt: last._id } },
            ],
          }
        : {};
      const docs = await items.find(filter, { sort, limit: 3 });
      if (docs.length === 0) break;
      seen.push(...docs.map((doc) => doc._id));
      last = docs[docs.length - 1];
    }
    expect(seen).toEqual(expected);
  });

  it('counts', async () => {
    const items = await seeded();
    expect(await items.count({})).toBe(4);
    expect(await items.count({ tags: 'blue' })).toBe(2);
    expect(await items.count({ n: { $gt: 100 } })).toBe(0);
  });

  it('updateOne applies $set, $inc, $push, $unset and returns the new document', async () => {
    const items = await seeded();
    const updated = await items.updateOne(
      { _id: 'a' },
      {
        $set: { name: 'ALPHA', 'meta.size': 11 },
        $inc: { n: 5 },
        $push: { tags: 'green' },
        $unset: { deletedAt: '' },
      },
    );
    const expected = {
      _id: 'a',
      n: 6,
      name: 'ALPHA',
      tags: ['red', 'blue', 'green'],
      meta: { kind: 'x', size: 11 },
    };
    expect(updated).toEqual(expected);
    expect(await items.findOne({ _id: 'a' })).toEqual(expected);
  });

  it('updateOne creates fields for $inc and $push, and supports $pull', async () => {
    const items = await seeded();
    expect(await items.updateOne({ _id: 'd' }, { $inc: { count: 2 }, $push: { tags: 'new' } })).toEqual({
      _id: 'd',
      name: 'delta',
      count: 2,
      tags: ['new'],
    });
    expect((await items.updateOne({ _id: 'a' }, { $pull: { tags: 'red' } }))?.tags).toEqual(['blue']);
  });

  it('updateOne returns null when nothing matches, and changes only one document', async () => {
    const items = await seeded();
    expect(await items.updateOne({ _id: 'missing' }, { $set: { n: 9 } })).toBeNull();
    await items.updateOne({ tags: 'blue' }, { $set: { name: 'one of them' } });
    expect(await items.count({ name: 'one of them' })).toBe(1);
  });

  it('updateOne with a replacement document keeps the _id', async () => {
    const items = await seeded();
    expect(await items.updateOne({ _id: 'b' }, { name: 'replaced' })).toEqual({
      _id: 'b',
      name: 'replaced',
    });
    expect(await items.findOne({ _id: 'b' })).toEqual({ _id: 'b', name: 'replaced' });
  });

  it('refuses an update that mixes operators and plain fields', async () => {
    const items = await seeded();
    await expect(items.updateOne({ _id: 'a' }, { $set: { n: 1 }, name: 'x' })).rejects.toThrow();
  });

  it('upserts: inserts the filter equalities plus the update when nothing matches, updates otherwise', async () => {
    const items = freshCollection();
    const inserted = await items.updateOne(
      { _id: 'u1', 'meta.kind': 'k', n: { $gt: 0 } },
      { $set: { name: 'new' }, $inc: { count: 1 } },
      { upsert: true },
    );
    expect(inserted).toEqual({ _id: 'u1', meta: { kind: 'k' }, name: 'new', count: 1 });
    expect(await items.findOne({ _id: 'u1' })).toEqual(inserted);

    const again = await items.updateOne({ _id: 'u1' }, { $inc: { count: 1 } }, { upsert: true });
    expect(again?.count).toBe(2);
    expect(await items.count({})).toBe(1);

    const replaced = await items.updateOne({ _id: 'u2' }, { name: 'whole' }, { upsert: true });
    expect(replaced).toEqual({ _id: 'u2', name: 'whole' });
  });

  it('updateMany updates every match and returns how many matched', async () => {
    const items = await seeded();
    expect(await items.updateMany({ tags: 'blue' }, { $set: { meta: { kind: 'z' } } })).toBe(2);
    expect(ids(await items.find({ 'meta.kind': 'z' }))).toEqual(['a', 'b']);
    expect(await items.updateMany({ n: 99 }, { $set: { name: 'x' } })).toBe(0);
    await expect(items.updateMany({}, { name: 'replacement' })).rejects.toThrow(/operators/);
  });

  it('deleteOne returns the deleted document, or null', async () => {
    const items = await seeded();
    const deleted = await items.deleteOne({ name: 'Beta' });
    expect(deleted).toEqual({
      _id: 'b',
      n: 2,
      name: 'Beta',
      tags: ['blue'],
      meta: { kind: 'y', size: 20 },
    });
    expect(await items.findOne({ _id: 'b' })).toBeNull();
    expect(await items.deleteOne({ _id: 'b' })).toBeNull();
    expect(await items.count({})).toBe(3);
  });

  it('deleteMany returns how many were deleted', async () => {
    const items = await seeded();
    expect(await items.deleteMany({ n: { $gte: 2 } })).toBe(2);
    expect(ids(await items.find({}))).toEqual(['a', 'd']);
    expect(await items.deleteMany({ n: 100 })).toBe(0);
  });

  it('rejects writes that break a unique index with DuplicateKeyError', async () => {
    const items = freshCollection();
    await items.createIndex({ email: 1 }, { unique: true });
    await items.createIndex({ email: 1 }, { unique: true }); // idempotent
    await items.insertOne({ _id: 'p1', email: 'a@example.com' });
    await items.insertOne({ _id: 'p2', email: 'b@example.com' });
    await expect(items.insertOne({ _id: 'p3', email: 'a@example.com' })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    await expect(items.insertOne({ _id: 'p1', email: 'c@example.com' })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    await expect(items.updateOne({ _id: 'p2' }, { $set: { email: 'a@example.com' } })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    expect(await items.count({})).toBe(2);
    expect((await items.findOne({ _id: 'p2' }))?.email).toBe('b@example.com');
  });

  it('refuses a unique index over existing duplicates', async () => {
    const items = freshCollection();
    await items.insertOne({ _id: 'q1', name: 'same' });
    await items.insertOne({ _id: 'q2', name: 'same' });
    await expect(items.createIndex({ name: 1 }, { unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
  });

  it('supports compound unique indexes', async () => {
    const items = freshCollection();
    await items.createIndex({ name: 1, n: -1 }, { unique: true });
    await items.insertOne({ _id: 'r1', name: 'x', n: 1 });
    await items.insertOne({ _id: 'r2', name: 'x', n: 2 });
    await expect(items.insertOne({ _id: 'r3', name: 'x', n: 1 })).rejects.toBeInstanceOf(DuplicateKeyError);
  });

  it('keeps documents and unique indexes across close and reopen', async () => {
    const name = `persist_${randomUUID().replaceAll('-', '')}`;
    const before = suite.store.collection<Item>(name);
    await before.createIndex({ email: 1 }, { unique: true });
    await before.insertOne({ _id: 'k1', email: 'k@example.com', n: 1 });
    await before.insertOne({ _id: 'k2', email: 'l@example.com', n: 2 });
    await before.updateOne({ _id: 'k1' }, { $inc: { n: 10 } });
    await before.deleteOne({ _id: 'k2' });
    await suite.reopen();
    const after = suite.store.collection<Item>(name);
    expect(await after.find({})).toEqual([{ _id: 'k1', email: 'k@example.com', n: 11 }]);
    await expect(after.insertOne({ _id: 'k3', email: 'k@example.com' })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
  });

  it("supports the rest of MongoDB's query and update operators (through mingo on the embedded store)", async () => {
    const items = await seeded();
    expect(ids(await items.find({ tags: { $all: ['blue', 'red'] } }))).toEqual(['a']);
    expect(ids(await items.find({ tags: { $size: 1 } }))).toEqual(['b']);
    expect(ids(await items.find({ tags: { $elemMatch: { $gte: 'c' } } }))).toEqual(['a']);
    expect(ids(await items.find({ $nor: [{ n: 1 }, { n: { $exists: false } }] }))).toEqual(['b', 'c']);
    expect(ids(await items.find({ n: { $type: 'number' } }))).toEqual(['a', 'b', 'c']);
    expect(ids(await items.find({ n: { $mod: [2, 1] } }))).toEqual(['a', 'c']);
    // Two operators on one path conflict: refused, and the document stays as it was.
    await expect(
      items.updateOne({ _id: 'a' }, { $min: { 'meta.size': 3 }, $mul: { 'meta.size': 2 } }),
    ).rejects.toThrow();
    expect((await items.findOne({ _id: 'a' }))?.meta).toEqual({ kind: 'x', size: 10 });
    expect(
      await items.updateOne(
        { _id: 'a' },
        { $addToSet: { tags: 'red' }, $max: { n: 7 }, $min: { 'meta.size': 3 } },
      ),
    ).toMatchObject({ tags: ['red', 'blue'], n: 7, meta: { kind: 'x', size: 3 } });
    // $pull on a field the document lacks does nothing, as in MongoDB.
    expect(await items.updateOne({ _id: 'd' }, { $pull: { tags: 'x' } })).toEqual({
      _id: 'd',
      name: 'delta',
    });
  });

  it('answers ping', async () => {
    await expect(suite.store.ping()).resolves.toBeUndefined();
  });
}

await forEveryDocumentStore('DocumentStore contract', documentStoreContract);
