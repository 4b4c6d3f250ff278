import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAllowedRanges } from '@mediakit/outbound';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, filesUnder, makePng, makeWebm, type TestContext } from '../../test/support.ts';
import { MAX_IMPORTS_PER_OWNER } from './import-routes.ts';

/** A real HTTP server on loopback, the one address these tests allow (OUTBOUND_ALLOWED_CIDRS). */
let server: Server;
let origin: string;
let png: Buffer;
let webm: Buffer;
/** Requests the stalling route has received. */
let stalled = 0;
let stalledResponse: ServerResponse | undefined;
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/photo': (_req, res) =>
    res
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="photo.php"; filename*=UTF-8''%C3%A9t%C3%A9.php`,
      })
      .end(png),
  '/media/clip%20one': (_req, res) => res.writeHead(200, { 'content-type': 'video/webm' }).end(webm),
  '/': (_req, res) => res.end(png),
  '/old': (_req, res) => res.writeHead(302, { location: '/media/clip%20one' }).end(),
  '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/file.png' }).end(),
  '/missing': (_req, res) => res.writeHead(404).end('no such thing'),
  '/page': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('\n<!DOCTYPE html><html><body>Sign in</body></html>'),
  // Says it is larger than the plan allows: the import must not read it.
  '/declared-big': (_req, res) => {
    res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
    res.write(png);
  },
  // Chunked, no length: the count while reading stops it.
  '/streamed-big': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(png);
    res.end(Buffer.alloc(300 * 1024));
  },
  // Sends a little, then nothing: only the whole-import time limit ends it.
  '/stalls': (_req, res) => {
    stalled++;
    stalledResponse = res;
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(png.subarray(0, 100));
  },
};

beforeAll(async () => {
  png = await makePng(64, 48);
  webm = await makeWebm(process.env.TMPDIR ?? '/tmp');
  server = createServer((req, res) => (routes[req.url ?? ''] ?? routes['/missing'])?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let ctx: TestContext;
beforeEach(async () => {
  stalled = 0;
  ctx = await createTestContext({
    outbound: { allowed: parseAllowedRanges('127.0.0.1/32') },
    importTimeoutSeconds: 2,
  });
});
afterEach(async () => {
  await ctx.close();
});

const importUrl = (body: { url: string; name?: string }, maxBytes = 200 * 1024) =>
  ctx.app.inject({
    method: 'POST',
    url: '/internal/files/import',
    payload: body,
    headers: { 'x-mk-owner': 'alice', 'x-mk-max-bytes': String(maxBytes) },
  });

/** Nothing stored: no object, no record, no spooled bytes. */
async function expectNothingLeft() {
  expect(await ctx.objects.list('')).toEqual([]);
  expect((await ctx.service.listFiles({ ownerId: 'alice' })).items).toEqual([]);
  expect(await filesUnder(ctx.spoolDir)).toEqual([]);
}

async function storedBytes(id: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.objects.get(`uploads/${id}`)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('POST /internal/files/import', () => {
  it('stores the bytes like an upload, named from Content-Disposition with the extension its type gives', async () => {
    const res = await importUrl({ url: `${origin}/photo` });
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file).toMatchObject({
      name: 'été.png',
      mime: 'image/png',
      media: 'image',
      width: 64,
      size: png.length,
    });
    expect(file.source).toBe('upload');
    expect(await storedBytes(file.id)).toEqual(png);
    expect(await filesUnder(ctx.spoolDir)).toEqual([]);
  });

  it.each([
    ['the URL after redirects', '/old', undefined, 'clip one.webm'],
    ['the name asked for', '/old', 'holiday', 'holiday.webm'],
    ['"download" when the URL names nothing', '/', undefined, 'download.png'],
  ])('names the file from %s', async (_case, path, name, expected) => {
    const res = await importUrl({ url: `${origin}${path}`, ...(name ? { name } : {}) });
    expect(res.statusCode).toBe(201);
    expect(res.json().file.name).toBe(expected);
  });

  it.each([
    ['a Content-Length over the plan', '/declared-big'],
    ['more bytes than the plan while reading', '/streamed-big'],
  ])('refuses %s with the upload sentence, keeping nothing', async (_case, path) => {
    const res = await importUrl({ url: `${origin}${path}` });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/is larger than the 200 KB limit of your plan\./);
    await expectNothingLeft();
  });

  it.each([
    ['a web page', '/page', 422, 'import_failed', /^That link leads to a web page, not a file\./],
    ['a 404', '/missing', 422, 'import_failed', /^The server answered 404 Not Found instead of the file\./],
    ['a redirect to a private address', '/to-private', 422, 'import_refused', /private or local network/],
    [
      'a server that stalls past the time limit',
      '/stalls',
      422,
      'import_failed',
      /took longer than 2 seconds/,
    ],
  ])('refuses %s with a sentence, keeping nothing', async (_case, path, status, code, message) => {
    const res = await importUrl({ url: `${origin}${path}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, message: expect.stringMatching(message) });
    expect(res.body).not.toMatch(/127\.0\.0\.1|10\.0\.0\.1|undici|at .*\.ts/);
    await expectNothingLeft();
  });

  it(`lets one owner run ${MAX_IMPORTS_PER_OWNER} imports at once, and says so to the next`, async () => {
    const held = Array.from({ length: MAX_IMPORTS_PER_OWNER }, () => importUrl({ url: `${origin}/stalls` }));
    await expect.poll(() => stalled).toBe(MAX_IMPORTS_PER_OWNER);
    const next = await importUrl({ url: `${origin}/photo` });
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toBe(
      `You are already importing ${MAX_IMPORTS_PER_OWNER} links. Wait for one to finish, then try again.`,
    );
    expect((await Promise.all(held)).map((res) => res.statusCode)).toEqual(
      Array(MAX_IMPORTS_PER_OWNER).fill(422),
    );
    expect((await importUrl({ url: `${origin}/photo` })).statusCode).toBe(201);
  });

  it('stops fetching and keeps nothing when the caller hangs up', async () => {
    // A time limit this test never reaches: only the hang-up can end the import.
    await ctx.close();
    ctx = await createTestContext({
      outbound: { allowed: parseAllowedRanges('127.0.0.1/32') },
      importTimeoutSeconds: 600,
    });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const caller = new AbortController();
    const gone = fetch(`${address}/internal/files/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mk-owner': 'alice' },
      body: JSON.stringify({ url: `${origin}/stalls` }),
      signal: caller.signal,
    }).catch(() => 'hung up');
    await expect.poll(() => stalled).toBe(1);
    const closed = new Promise((resolve) => stalledResponse?.once('close', resolve));
    caller.abort();
    await expect(gone).resolves.toBe('hung up');
    // The link's server sees its connection end.
    await closed;
    await expect.poll(() => filesUnder(ctx.spoolDir)).toEqual([]);
    await expectNothingLeft();
  });

  it('answers 400 for what is not an http(s) link', async () => {
    const res = await importUrl({ url: 'file:///etc/passwd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'import_refused', message: expect.stringMatching(/http:\/\//) });
  });
});
