import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support.ts';

// Over real sockets, where a body is a stream and connections are reused, unlike app.inject().
let files: Server;
let t: TestApp;
let gateway: string;
let received = 0;

beforeAll(async () => {
  files = createServer((req, res) => {
    if (req.headers['content-type']?.endsWith('boundary=refuse') || req.url === '/api/v1/uploads/full') {
      // Refuses before reading the body, as the files service does for a file over the plan.
      res
        .writeHead(413, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 'too_large', message: 'Too big.' }));
      return;
    }
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    req.on('end', () =>
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ files: [] })),
    );
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({ filesHttpUrl: `http://127.0.0.1:${(files.address() as AddressInfo).port}` });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.app.close();
  files.close();
});

const chunks = (count: number, size: number) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) yield Buffer.alloc(size, 1);
    })(),
  );

test('a large multipart upload streams through (larger than any buffer would allow)', async () => {
  const res = await request(`${gateway}/api/v1/files`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: chunks(1024, 64 * 1024),
  });
  expect(res.statusCode).toBe(201);
  await res.body.dump();
  expect(received).toBe(64 * 1024 * 1024);
});

test('an upload the files service refuses early gets its answer, not a reset connection', async () => {
  const res = await request(`${gateway}/api/v1/files`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=refuse' },
    body: chunks(256, 64 * 1024),
  });
  expect(res.statusCode).toBe(413);
  expect(await res.body.json()).toEqual({ code: 'too_large', message: 'Too big.' });

  const next = await request(`${gateway}/api/v1/files`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: 'abc',
  });
  expect(next.statusCode).toBe(201);
  await next.body.dump();
});

test('a tus PATCH the files service refuses early gets its answer too', async () => {
  const res = await request(`${gateway}/api/v1/uploads/full`, {
    method: 'PATCH',
    headers: {
      cookie: 'mk_guest=AAAAAAAAAAAAAAAAAAAAAA',
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: chunks(256, 64 * 1024),
  });
  expect(res.statusCode).toBe(413);
  expect(await res.body.json()).toEqual({ code: 'too_large', message: 'Too big.' });
});

test('tus answers 503 when the files service is down', async () => {
  const down = await buildTestApp({ filesHttpUrl: 'http://127.0.0.1:9' });
  const res = await down.app.inject({
    method: 'PATCH',
    url: '/api/v1/uploads/up1',
    headers: { cookie: 'mk_guest=AAAAAAAAAAAAAAAAAAAAAA', 'content-type': 'application/offset+octet-stream' },
    payload: 'abc',
  });
  expect(res.statusCode).toBe(503);
  expect(res.json().code).toBe('service_unavailable');
  await down.app.close();
});
