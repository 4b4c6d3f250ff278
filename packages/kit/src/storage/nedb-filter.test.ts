import { describe, expect, it } from 'vitest';
import { Datastore } from './nedb.ts';
import { toNedbFilter } from './nedb-filter.ts';

/**
 * nedb picks an index only from the top-level fields of a query: a filter wrapped in `$and` reads
 * every document. These check the translation keeps indexed lookups indexed, and still means the same.
 */
describe('toNedbFilter and nedb indexes', () => {
  async function store(): Promise<Datastore> {
    const datastore = new Datastore({ inMemoryOnly: true });
    await datastore.ensureIndexAsync({ fieldName: 'dispatchSeq' });
    await datastore.insertAsync(
      Array.from({ length: 500 }, (_, i) => ({
        _id: `job${i}`,
        ownerId: 'owner',
        status: i % 2 ? 'queued' : 'running',
        dispatchSeq: i,
        attempt: 1,
      })),
    );
    return datastore;
  }
  const seqs = async (datastore: Datastore, filter: Record<string, unknown>) =>
    ((await datastore.findAsync(toNedbFilter(filter))) as unknown as { dispatchSeq: number }[]).map(
      (d) => d.dispatchSeq,
    );
  /** How many documents nedb reads before matching (its private candidate step). */
  const candidates = (datastore: Datastore, filter: Record<string, unknown>) =>
    (datastore as unknown as { _getRawCandidates(q: unknown): unknown[] })._getRawCandidates(
      toNedbFilter(filter),
    ).length;

  it('uses the _id index when the filter has more conditions than the id', async () => {
    const datastore = await store();
    const filter = { _id: 'job7', ownerId: 'owner', status: { $in: ['queued', 'running'] }, attempt: 1 };
    expect(candidates(datastore, filter)).toBe(1);
    expect(await datastore.findAsync(toNedbFilter(filter))).toHaveLength(1);
    expect(await datastore.findAsync(toNedbFilter({ ...filter, attempt: 2 }))).toHaveLength(0);
  });

  it('uses a range index next to other conditions', async () => {
    const datastore = await store();
    const filter = { dispatchSeq: { $gte: 10, $lt: 20 }, status: 'queued' };
    expect(candidates(datastore, filter)).toBeLessThanOrEqual(10);
    expect((await seqs(datastore, filter)).sort((a, b) => a - b)).toEqual([11, 13, 15, 17, 19]);
  });

  it('keeps colliding conditions (two $or, a field twice) under $and with the same meaning', async () => {
    const datastore = await store();
    const filter = {
      $or: [{ status: 'queued' }, { dispatchSeq: 0 }],
      $and: [{ $or: [{ dispatchSeq: { $lt: 5 } }, { dispatchSeq: { $gt: 495 } }] }],
      ownerId: null,
    };
    expect(await datastore.findAsync(toNedbFilter(filter))).toEqual([]);
    const found = await seqs(datastore, { ...filter, ownerId: 'owner' });
    expect(found.sort((a, b) => a - b)).toEqual([0, 1, 3, 497, 499]);
  });
});
