import { describe, expect, it } from 'vitest';
import { jobsToRelease, ownerLimit } from './concurrency-gate.ts';

const held = (...ids: string[]) => ids.map((_id) => ({ _id, concurrencyLimit: 2 }));
const ids = (jobs: Array<{ _id: string }>) => jobs.map((job) => job._id);

describe('jobsToRelease', () => {
  it('releases the oldest held jobs into the free slots', () => {
    expect(ids(jobsToRelease({ active: 0, limit: 2, held: held('a', 'b', 'c', 'd') }))).toEqual(['a', 'b']);
    expect(ids(jobsToRelease({ active: 1, limit: 2, held: held('a', 'b', 'c') }))).toEqual(['a']);
    expect(ids(jobsToRelease({ active: 1, limit: 5, held: held('a', 'b') }))).toEqual(['a', 'b']);
  });

  it('releases nothing while the owner’s slots are taken', () => {
    expect(jobsToRelease({ active: 2, limit: 2, held: held('a') })).toEqual([]);
    // More active than the limit (a downgrade, or a guest's jobs claimed by an account).
    expect(jobsToRelease({ active: 5, limit: 2, held: held('a') })).toEqual([]);
  });

  it('releases everything when there is no limit', () => {
    expect(ids(jobsToRelease({ active: 40, limit: 0, held: held('a', 'b', 'c') }))).toEqual(['a', 'b', 'c']);
  });

  it('releases nothing when nothing is held', () => {
    expect(jobsToRelease({ active: 0, limit: 2, held: [] })).toEqual([]);
  });
});

describe('ownerLimit', () => {
  it('is the limit recorded on the newest held job: the latest word on the owner’s plan', () => {
    expect(
      ownerLimit([
        { _id: 'old', concurrencyLimit: 2 },
        { _id: 'new', concurrencyLimit: 5 },
      ]),
    ).toBe(5);
  });

  it('is 0 (no limit) without held jobs, or for jobs created without one', () => {
    expect(ownerLimit([])).toBe(0);
    expect(ownerLimit([{ _id: 'a' }])).toBe(0);
    expect(ownerLimit([{ _id: 'a', concurrencyLimit: 0 }])).toBe(0);
    expect(ownerLimit([{ _id: 'a', concurrencyLimit: -1 }])).toBe(0);
  });
});
