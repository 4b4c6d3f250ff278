import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, filesUnder, makePng, type TestContext } from '../../test/support.ts';
import { filesGrpcHandlers } from '../grpc-handlers.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

async function create(length: number, owner = 'alice', extra: Record<string, string> = {}, payload?: Buffer) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    payload,
    headers: {
      ...TUS,
      'x-mk-owner': owner,
      'upload-length': String(length),
      'upload-metadata': metadata('holiday.png'),
      ...extra,
    },
  });
}

function patch(location: string, offset: number, chunk: Buffer, owner = 'alice') {
  return ctx.app.inject({
    method: 'PATCH',
    url: location,
    payload: chunk,
    headers: {
      ...TUS,
      'x-mk-owner': owner,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
  });
}

const head = (location: string, owner = 'alice') =>
  ctx.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, 'x-mk-owner': owner } });

/** Waits for the staged copy of finished uploads to be removed (done after the answer). */
async function stagingIsEmpty() {
  for (let i = 0; i < 50 && (await filesUnder(ctx.stagingDir)).length > 0; i++)
    await new Promise((r) => setTimeout(r, 20));
  return (await filesUnder(ctx.stagingDir)).length === 0;
}

describe('tus uploads at /api/v1/uploads', () => {
  it('creates, resumes after HEAD, finishes with Mk-File-Id, and the file is then readable', async () => {
    const png = await makePng(40, 30, true);
    const created = await create(png.length);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/v1\/uploads\/[A-Za-z0-9_-]{22}$/);

    const third = Math.ceil(png.length / 3);
    const first = await patch(location, 0, png.subarray(0, third));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(third));
    expect(first.headers['mk-file-id']).toBeUndefined();

    // A client that lost track asks where to resume.
    const probe = await head(location);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['upload-offset']).toBe(String(third));
    expect(probe.headers['upload-length']).toBe(String(png.length));
    expect(String(probe.headers['upload-metadata'])).not.toContain(Buffer.from('alice').toString('base64'));

    const offset = Number(probe.headers['upload-offset']);
    expect((await patch(location, offset, png.subarray(offset, 2 * third))).statusCode).toBe(204);
    const last = await patch(location, 2 * third, png.subarray(2 * third));
    expect(last.statusCode).toBe(204);
    const fileId = String(last.headers['mk-file-id']);
    expect(fileId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const file = await filesGrpcHandlers(ctx.service).getFile(
      { ownerId: 'alice', id: fileId },
      { metadata: undefined as never },
    );
    expect(file).toMatchObject({
      id: fileId,
      name: 'holiday.png',
      mime: 'image/png',
      width: 40,
      height: 30,
      size: png.length,
      source: 'upload',
    });
    const content = await ctx.app.inject({
      url: `/internal/files/${fileId}/content`,
      headers: { 'x-mk-owner': 'alice' },
    });
    expect(content.rawPayload.equals(png)).toBe(true);
    expect(await stagingIsEmpty()).toBe(true);
  });

  it('finishes in the creating POST when the body comes with it (creation-with-upload)', async () => {
    const png = await makePng(16, 16);
    const res = await create(png.length, 'alice', { 'content-type': 'application/offset+octet-stream' }, png);
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toMatch(/^\/api\/v1\/uploads\//);
    const fileId = String(res.headers['mk-file-id']);
    expect((await ctx.service.getFile('alice', fileId)).width).toBe(16);
    expect(await stagingIsEmpty()).toBe(true);
  });

  it('keeps a finished upload for the retention its plan sends', async () => {
    const png = await makePng(8, 8);
    const location = String((await create(png.length)).headers.location);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      payload: png,
      headers: {
        ...TUS,
        'x-mk-owner': 'alice',
        'x-mk-retention-hours': '72',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    const file = await ctx.service.getFile('alice', String(res.headers['mk-file-id']));
    expect(Date.parse(file.expiresAt) - Date.parse(file.createdAt)).toBe(72 * 3_600_000);
  });

  it('answers 404 to another owner for HEAD, PATCH and DELETE', async () => {
    const png = await makePng(8, 8);
    const location = String((await create(png.length)).headers.location);

    const stolen = await patch(location, 0, png, 'bob');
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'not_found', message: 'Upload was not found.' });
    expect((await head(location, 'bob')).statusCode).toBe(404);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { ...TUS, 'x-mk-owner': 'bob' },
    });
    expect(del.statusCode).toBe(404);

    // The owner's upload is untouched.
    expect((await head(location)).headers['upload-offset']).toBe('0');
    expect((await patch(location, 0, png)).headers['mk-file-id']).toBeDefined();
  });

  it('lets the owner terminate an upload', async () => {
    const location = String((await create(100)).headers.location);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { ...TUS, 'x-mk-owner': 'alice' },
    });
    expect(del.statusCode).toBe(204);
    expect((await head(location)).statusCode).toBe(404);
  });

  it('answers 413 on create when Upload-Length exceeds the plan', async () => {
    const res = await create(20_000_000, 'alice', { 'x-mk-max-bytes': String(10 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'too_large',
      message: 'holiday.png is larger than the 10 MB limit of your plan.',
    });
    expect(await filesUnder(ctx.stagingDir)).toEqual([]);
  });

  it('answers the last PATCH of unreadable content with 415 and drops it', async () => {
    const text = Buffer.from('this is not a picture at all');
    const location = String((await create(text.length)).headers.location);
    const res = await patch(location, 0, text);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'unsupported_media',
      message: 'holiday.png is not a video or image Mediakit can read.',
    });
    expect(await ctx.objects.list('')).toEqual([]);
    expect(await filesUnder(ctx.stagingDir)).toEqual([]);
  });

  it('answers a wrong offset with 409 and the API error body', async () => {
    const location = String((await create(10)).headers.location);
    const res = await patch(location, 5, Buffer.from('abcde'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict' });
  });

  it('needs an owner and the Tus-Resumable header', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...TUS, 'upload-length': '10' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noTus = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { 'x-mk-owner': 'alice', 'upload-length': '10' },
    });
    expect(noTus.statusCode).toBe(412);
    expect(noTus.json()).toMatchObject({ code: 'precondition_failed' });
  });
});
