import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type IndexFields, isServed, type QueryShape, queryShape } from '../index-coverage/query-shape.ts';

/**
 * Every query the services make has an index on MongoDB. The services' unit tests run once more
 * with their document stores recording each query's shape and each index created at start
 * (tests/index-coverage/); then each recorded query must be served by an index of its collection
 * (query-shape.ts: equality fields first, then the sort). A new query without an index fails here.
 */
const root = resolve(import.meta.dirname, '../..');

/** Queries that may scan their collection, and why: each entry is a decision, not an oversight. */
const ALLOWED_SCANS: Record<string, string> = {
  'oidc_entries {"eq":["model"],"range":[],"or":[],"sort":[]}':
    'countByModel counts a whole model: called by tests and diagnostics, never per request',
  'account_deletions {"eq":[],"range":[],"or":[],"sort":[["deletedAt",1]]}':
    'an outbox: a row lives only until its deletion is announced, so the collection stays near empty',
};

describe('the coverage rule', () => {
  const jobsIndexes: IndexFields[] = [
    [
      ['ownerId', 1],
      ['createdAt', -1],
    ],
    [['expiresAt', 1]],
  ];
  const served = (filter: Record<string, unknown>, sort?: Record<string, number>) =>
    isServed(queryShape(filter, sort), jobsIndexes);

  it('accepts an equality prefix followed by the sort, either direction, and the _id index', () => {
    expect(served({ ownerId: 'u' }, { createdAt: -1 })).toBe(true);
    expect(served({ ownerId: 'u' }, { createdAt: 1 })).toBe(true);
    expect(served({ _id: 'j', status: { $in: ['queued'] } })).toBe(true);
    expect(served({ expiresAt: { $lt: 'now' } })).toBe(true);
    expect(
      served({ ownerId: 'u', $or: [{ createdAt: { $lt: 'x' } }, { createdAt: 'x', _id: { $lt: 'j' } }] }),
    ).toBe(true);
  });

  it('refuses a query no index serves: unknown field, sort not after the equality, $or branch without index', () => {
    expect(served({ worker: 'imager' })).toBe(false);
    expect(served({ ownerId: 'u' }, { expiresAt: 1 })).toBe(false);
    expect(served({ ownerId: 'u' }, { createdAt: -1, _id: -1 })).toBe(false);
    expect(served({ $or: [{ ownerId: 'u' }, { worker: 'w' }] })).toBe(false);
    expect(served({}, { worker: 1 })).toBe(false);
  });
});

describe("the services' queries", () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('each have an index on MongoDB', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-index-coverage-'));
    const logFile = join(dir, 'queries.jsonl');
    const vitest = join(root, 'node_modules/.bin/vitest');
    const config = join(root, 'tests/index-coverage/vitest.config.ts');
    const output: string[] = [];
    const code = await new Promise<number | null>((done) => {
      const child = spawn(process.execPath, [vitest, 'run', '--config', config], {
        cwd: root,
        env: { ...process.env, MK_QUERY_LOG: logFile },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk) => output.push(String(chunk)));
      child.stderr.on('data', (chunk) => output.push(String(chunk)));
      child.on('close', done);
    });
    expect(code, `the recorded run of the services' tests failed:\n${output.join('').slice(-3000)}`).toBe(0);

    const indexes = new Map<string, IndexFields[]>();
    const queries = new Map<string, { collection: string; query: QueryShape }>();
    for (const line of (await readFile(logFile, 'utf8')).split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { collection: string; index?: IndexFields; query?: QueryShape };
      if (entry.index) indexes.set(entry.collection, [...(indexes.get(entry.collection) ?? []), entry.index]);
      if (entry.query) queries.set(JSON.stringify([entry.collection, entry.query]), entry as never);
    }
    // The recording reached every service that keeps documents.
    const collections = new Set([...queries.values()].map((entry) => entry.collection));
    for (const name of ['users', 'sessions', 'jobs', 'files', 'articles', 'tickets'])
      expect(collections).toContain(name);

    const unserved = [...queries.values()]
      .filter(({ collection, query }) => !isServed(query, indexes.get(collection) ?? []))
      .map(({ collection, query }) => `${collection} ${JSON.stringify(query)}`)
      .filter((query) => !(query in ALLOWED_SCANS));
    expect(unserved, 'queries without an index (add one in the repository’s createIndex calls)').toEqual([]);
    // It re-runs four services' unit tests: about a minute alone, more beside other test files.
  }, 300_000);
});
