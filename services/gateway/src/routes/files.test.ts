import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  bearer,
  buildTestApp,
  type FakeFilesServer,
  fakeFile,
  OWNER,
  ownerCookie,
  startFakeFilesServer,
  type TestApp,
} from '../../test/support.ts';

const BOUNDARY = 'mk-test-boundary';
const multipart = (content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`;
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

describe('files routes', () => {
  let t: TestApp;
  let files: FakeFilesServer;
  // What the fake files service answers next; set per test.
  let answer: (res: import('node:http').ServerResponse, url: string) => void;

  beforeEach(async () => {
    answer = (res) => res.writeHead(500).end();
    files = await startFakeFilesServer((request, res) => answer(res, request.url));
    t = await buildTestApp({ filesHttpUrl: files.url });
  });
  afterEach(async () => {
    await t.app.close();
    await files.close();
  });

  test('POST /files streams the multipart body to the files service with trusted headers, and maps the answer', async () => {
    answer = (res) =>
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ files: [fakeFile()] }));
    const body = multipart('x'.repeat(100_000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: {
        'content-type': multipartType,
        ...ownerCookie,
        'x-mk-owner': 'guest:someone-else',
        'x-mk-max-bytes': '999999999999',
        ...(await bearer('u1')),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      files: [
        {
          id: 'file1',
          name: 'clip.mp4',
          size: 1234,
          mime: 'video/mp4',
          media: 'video',
          width: 640,
          height: 360,
          duration: 12.5,
          fps: 30,
          hasAudio: true,
          source: 'upload',
          createdAt: '2025-01-01T00:00:00.000Z',
          expiresAt: '2025-01-01T01:00:00.000Z',
        },
      ],
    });

    const [received] = files.requests;
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/internal/files');
    expect(received.headers['content-type']).toBe(multipartType);
    expect(received.body.toString()).toBe(body);
    // The client's forged headers and credentials are gone; the gateway's own are there.
    expect(received.headers['x-mk-owner']).toBe('user:u1');
    expect(received.headers['x-mk-max-bytes']).toBe('1000000');
    expect(received.headers['x-mk-retention-hours']).toBe('1');
    expect(received.headers.cookie).toBeUndefined();
    expect(received.headers.authorization).toBeUndefined();
  });

  test('POST /files passes on the files service error (e.g. 413 over the plan)', async () => {
    answer = (res) =>
      res
        .writeHead(413, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ code: 'too_large', message: 'This file is larger than your plan allows (1 MB).' }),
        );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { 'content-type': multipartType },
      payload: multipart('abc'),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'too_large',
      message: 'This file is larger than your plan allows (1 MB).',
    });
  });

  test('POST /files that is not multipart is a 415 that says what to send', async () => {
    for (const [type, payload] of [
      ['application/json', '{}'],
      ['application/octet-stream', 'bytes'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/files',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('unsupported_media');
      expect(res.json().message).toMatch(/multipart\/form-data/);
    }
    expect(files.requests).toHaveLength(0);
  });

  test('POST /files answers 503 when the files service is not reachable', async () => {
    await t.app.close();
    t = await buildTestApp({ filesHttpUrl: 'http://127.0.0.1:9' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { 'content-type': multipartType },
      payload: multipart('abc'),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service_unavailable');
  });

  test("GET /files lists the caller's files and never shows internal fields", async () => {
    let asked: unknown;
    t.clients.files.listFiles = async (request) => {
      asked = request;
      return {
        items: [
          fakeFile(),
          fakeFile({ id: 'file2', source: 'output', jobId: 'job1', width: undefined, height: undefined }),
        ],
        nextCursor: 'next',
      };
    };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files?media=video&limit=2&cursor=abc',
      headers: ownerCookie,
    });
    expect(res.statusCode).toBe(200);
    expect(asked).toEqual({ ownerId: OWNER, media: 'video', limit: 2, cursor: 'abc', uploadsOnly: false });
    const page = res.json();
    expect(page.nextCursor).toBe('next');
    expect(page.items[1]).toMatchObject({ id: 'file2', source: 'output', jobId: 'job1' });
    expect(page.items[1]).not.toHaveProperty('width');
    for (const item of page.items) {
      for (const hidden of ['ownerId', 'objectKey', 'format', 'videoCodec', 'audioCodec'])
        expect(item).not.toHaveProperty(hidden);
    }
  });

  test('GET /files validates its query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files?limit=0&media=pdf',
      headers: ownerCookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['limit', 'media']);
  });

  test("GET /files/:id answers the service's 404 for a file that is not the caller's", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files/someone-elses',
      headers: ownerCookie,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'File was not found.' });
  });

  test("GET /files/:id/content streams the bytes with the service's status and headers (Range)", async () => {
    answer = (res) => {
      res.writeHead(206, {
        'content-type': 'video/mp4',
        'content-length': '10',
        'content-range': 'bytes 0-9/100',
        'accept-ranges': 'bytes',
        'content-disposition': "attachment; filename*=UTF-8''clip.mp4",
      });
      // Written in pieces over time: the gateway must pass a stream, not wait for a buffer.
      res.write('01234');
      setTimeout(() => res.end('56789'), 20);
    };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/files/file1/content?inline=1&evil=1',
      headers: { ...ownerCookie, range: 'bytes=0-9', 'x-mk-owner': 'guest:forged' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('0123456789');
    expect(res.headers['content-range']).toBe('bytes 0-9/100');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''clip.mp4");
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const [received] = files.requests;
    expect(received.url).toBe('/internal/files/file1/content?inline=1');
    expect(received.headers.range).toBe('bytes=0-9');
    expect(received.headers['x-mk-owner']).toBe(OWNER);
    expect(received.headers.cookie).toBeUndefined();
  });

  test('HEAD /files/:id/content is forwarded as HEAD', async () => {
    answer = (res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': '42' }).end();
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/v1/files/file1/content',
      headers: ownerCookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('42');
    expect(files.requests[0].method).toBe('HEAD');
    expect(files.requests[0].url).toBe('/internal/files/file1/content');
  });

  test('content without a guest cookie is a 404 that never reaches the files service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/files/file1/content' });
    expect(res.statusCode).toBe(404);
    expect(files.requests).toHaveLength(0);
  });

  test('DELETE /files/:id answers 204', async () => {
    let deleted: unknown;
    t.clients.files.deleteFile = async (request) => {
      deleted = request;
      return {};
    };
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/files/file1', headers: ownerCookie });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(deleted).toEqual({ ownerId: OWNER, id: 'file1' });
  });
});

describe('tus uploads', () => {
  let t: TestApp;
  let files: FakeFilesServer;

  beforeEach(async () => {
    files = await startFakeFilesServer((request, res) => {
      const tus = { 'tus-resumable': '1.0.0' };
      if (request.method === 'OPTIONS')
        res.writeHead(204, { ...tus, 'tus-version': '1.0.0', 'tus-extension': 'creation,termination' }).end();
      else if (request.method === 'POST')
        res.writeHead(201, { ...tus, location: `${files.url}/api/v1/uploads/up1` }).end();
      else if (request.method === 'PATCH')
        res
          .writeHead(204, { ...tus, 'upload-offset': String(request.body.length), 'mk-file-id': 'file9' })
          .end();
      else if (request.method === 'HEAD')
        res
          .writeHead(200, {
            ...tus,
            'upload-offset': '5',
            'upload-length': '10',
            'cache-control': 'no-store',
          })
          .end();
      else res.writeHead(204, tus).end();
    });
    t = await buildTestApp({ filesHttpUrl: files.url });
  });
  afterEach(async () => {
    await t.app.close();
    await files.close();
  });

  test('creation gets a guest, the plan limits, and a Location on the gateway', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': 'filename Y2xpcC5tcDQ=',
        'x-mk-owner': 'guest:forged',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe('/api/v1/uploads/up1');
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    const cookie = res.cookies.find((c) => c.name === 'mk_guest');
    expect(cookie).toBeDefined();

    const [received] = files.requests;
    expect(received.url).toBe('/api/v1/uploads');
    expect(received.headers['upload-length']).toBe('10');
    expect(received.headers['upload-metadata']).toBe('filename Y2xpcC5tcDQ=');
    expect(received.headers['x-mk-owner']).toBe(`guest:${cookie?.value}`);
    expect(received.headers['x-mk-max-bytes']).toBe('1000000');
    expect(received.headers['x-mk-retention-hours']).toBe('1');
  });

  test('PATCH streams the chunk and passes Upload-Offset and Mk-File-Id back', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/uploads/up1',
      headers: {
        ...ownerCookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from('0123456789'),
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['upload-offset']).toBe('10');
    expect(res.headers['mk-file-id']).toBe('file9');
    const [received] = files.requests;
    expect(received.url).toBe('/api/v1/uploads/up1');
    expect(received.body.toString()).toBe('0123456789');
    expect(received.headers['content-type']).toBe('application/offset+octet-stream');
    expect(received.headers['upload-offset']).toBe('0');
    expect(received.headers['x-mk-owner']).toBe(OWNER);
  });

  test('HEAD reports the offset; OPTIONS is discovery', async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/v1/uploads/up1',
      headers: { ...ownerCookie, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('5');
    expect(head.headers['upload-length']).toBe('10');
    expect(files.requests[0].headers['x-mk-max-bytes']).toBeUndefined();

    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/uploads' });
    expect(options.statusCode).toBe(204);
    expect(options.headers['tus-extension']).toBe('creation,termination');
  });

  test('DELETE terminates; HEAD without a guest cookie names nothing', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/uploads/up1',
      headers: { ...ownerCookie, 'tus-resumable': '1.0.0' },
    });
    expect(del.statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/v1/uploads/up1' });
    expect(head.statusCode).toBe(404);
    expect(files.requests).toHaveLength(1);
  });
});
