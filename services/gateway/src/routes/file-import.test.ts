import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  bearer,
  buildTestApp,
  type FakeFilesServer,
  fakeFile,
  ownerCookie,
  startFakeFilesServer,
  type TestApp,
} from '../../test/support.ts';

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('POST /files/import', () => {
  let t: TestApp;
  let files: FakeFilesServer;
  // What the fake files service answers next; set per test.
  let answer: (res: ServerResponse) => void;

  beforeEach(async () => {
    answer = (res) => json(res, 201, { file: fakeFile({ name: 'holiday.mov' }) });
    files = await startFakeFilesServer((_request, res) => answer(res));
    t = await buildTestApp({ filesHttpUrl: files.url });
  });
  afterEach(async () => {
    await t.app.close();
    await files.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/files/import', payload: payload as object, headers });

  test('asks the files service with the trusted headers only it may get, and answers the File', async () => {
    const res = await post(
      { url: 'https://example.com/a.mov', name: 'holiday' },
      { ...(await bearer('u1')), 'x-mk-owner': 'guest:forged', 'x-mk-max-bytes': '999999999999' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: 'file1', name: 'holiday.mov', source: 'upload' });
    expect(res.json()).not.toHaveProperty('ownerId');
    const [received] = files.requests;
    expect(received.url).toBe('/internal/files/import');
    expect(JSON.parse(received.body.toString())).toEqual({
      url: 'https://example.com/a.mov',
      name: 'holiday',
    });
    expect(received.headers['x-mk-owner']).toBe('user:u1');
    expect(received.headers['x-mk-max-bytes']).toBe('1000000');
    expect(received.headers['x-mk-retention-hours']).toBe('1');
    expect(received.headers.authorization).toBeUndefined();
  });

  test('lets a guest import, under the guest plan, minting the guest cookie on the first write', async () => {
    const res = await post({ url: 'https://example.com/a.mov' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['set-cookie']).toMatch(/mk_guest=/);
    expect(files.requests[0]?.headers['x-mk-owner']).toMatch(/^guest:/);
    const again = await post({ url: 'https://example.com/a.mov' }, ownerCookie);
    expect(again.statusCode).toBe(201);
  });

  test.each([
    ['no url', {}],
    ['an empty url', { url: '' }],
    ['an unknown field', { url: 'https://example.com/a.mov', to: 'mp4' }],
    ['a url past 4096 characters', { url: `https://example.com/${'a'.repeat(4100)}` }],
  ])('refuses %s with 400 before the files service hears of it', async (_case, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(files.requests).toHaveLength(0);
  });

  test.each([
    [
      422,
      'import_refused',
      'That link points to a private or local network address, which Mediakit never connects to.',
    ],
    [400, 'import_refused', 'That is not a link Mediakit can open: use an http:// or https:// address.'],
    [422, 'import_failed', 'The server answered 404 Not Found instead of the file.'],
    [413, 'too_large', 'a.mov is larger than the 1 MB limit of your plan.'],
  ])('passes on the files service answer %i %s with its sentence', async (status, code, message) => {
    answer = (res) => json(res, status, { code, message });
    const res = await post({ url: 'https://example.com/a.mov' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code, message });
  });

  test('hangs up on the files service when its caller hangs up, so the import stops', async () => {
    let upstreamClosed: Promise<unknown> = new Promise(() => {});
    answer = (res) => {
      upstreamClosed = new Promise((resolve) => res.once('close', resolve));
    };
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const caller = new AbortController();
    const gone = fetch(`${address}/api/v1/files/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ownerCookie },
      body: JSON.stringify({ url: 'https://example.com/a.mov' }),
      signal: caller.signal,
    }).catch(() => 'hung up');
    await expect.poll(() => files.requests.length).toBe(1);
    caller.abort();
    await expect(gone).resolves.toBe('hung up');
    await upstreamClosed;
  });

  test('answers 503 when the files service is not reachable', async () => {
    await t.app.close();
    t = await buildTestApp();
    const res = await post({ url: 'https://example.com/a.mov' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().code).toBe('service_unavailable');
  });
});
