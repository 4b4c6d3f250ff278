import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  filesUnder,
  makePng,
  makeWebm,
  multipart,
  type TestContext,
} from '../../test/support.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const post = (body: ReturnType<typeof multipart>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/internal/files',
    payload: body.payload,
    headers: { ...body.headers, 'x-mk-owner': 'alice', ...headers },
  });

/** Nothing stored: no object, no record, no spooled part. */
async function expectNothingLeft() {
  expect(await ctx.objects.list('')).toEqual([]);
  expect((await ctx.service.listFiles({ ownerId: 'alice' })).items).toEqual([]);
  expect(await filesUnder(ctx.spoolDir)).toEqual([]);
}

describe('POST /internal/files', () => {
  it('stores a PNG and reads its type and size from the content', async () => {
    const png = await makePng(64, 48);
    const res = await post(multipart([{ filename: 'photo.jpg', content: png, type: 'image/jpeg' }]), {
      'x-mk-retention-hours': '24',
    });

    expect(res.statusCode).toBe(201);
    const [file] = res.json().files;
    expect(file).toMatchObject({
      name: 'photo.jpg',
      mime: 'image/png',
      format: 'png',
      media: 'image',
      width: 64,
      height: 48,
      size: png.length,
      source: 'upload',
      ownerId: 'alice',
    });
    expect(Date.parse(file.expiresAt) - Date.parse(file.createdAt)).toBe(24 * 3_600_000);
    expect(await ctx.objects.list('')).toEqual([`uploads/${file.id}`]);
    expect((await ctx.service.getFile('alice', file.id)).size).toBe(png.length);
    expect(await filesUnder(ctx.spoolDir)).toEqual([]);
  });

  it('keeps guests for GUEST_RETENTION_HOURS when no retention is sent', async () => {
    const res = await post(multipart([{ filename: 'a.png', content: await makePng(8, 8) }]));
    const [file] = res.json().files;
    expect(Date.parse(file.expiresAt) - Date.parse(file.createdAt)).toBe(3_600_000);
  });

  it('stores two files of one request, a video among them', async () => {
    const webm = await makeWebm(ctx.dir);
    const res = await post(
      multipart([
        { filename: 'clip.webm', content: webm },
        { filename: 'b.png', content: await makePng(10, 20) },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const files = res.json().files;
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({
      name: 'clip.webm',
      media: 'video',
      mime: 'video/webm',
      width: 160,
      height: 120,
    });
    expect(files[0].duration).toBeCloseTo(1, 0);
    expect(files[1]).toMatchObject({ name: 'b.png', width: 10, height: 20 });
    expect((await ctx.objects.list('uploads/')).length).toBe(2);
  });

  it('answers 415 for a text file named x.png and keeps nothing', async () => {
    const res = await post(
      multipart([{ filename: 'x.png', content: 'just some text, not an image', type: 'image/png' }]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'unsupported_media',
      message: 'x.png is not a video or image Mediakit can read.',
    });
    await expectNothingLeft();
  });

  it('answers 413 past the plan limit and removes what the request already stored', async () => {
    const small = await makePng(4, 4);
    const big = await makePng(100, 100, true); // ~30 KB
    const res = await post(
      multipart([
        { filename: 'small.png', content: small },
        { filename: 'big.png', content: big },
      ]),
      { 'x-mk-max-bytes': '10240' },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'too_large',
      message: 'big.png is larger than the 10 KB limit of your plan.',
    });
    await expectNothingLeft();
  });

  it('accepts a file of exactly the limit', async () => {
    const png = await makePng(30, 30, true);
    const res = await post(multipart([{ filename: 'edge.png', content: png }]), {
      'x-mk-max-bytes': String(png.length),
    });
    expect(res.statusCode).toBe(201);
  });

  it('never goes above MAX_UPLOAD_BYTES, whatever the plan says', async () => {
    await ctx.close();
    ctx = await createTestContext({ maxUploadBytes: 2048 });
    const res = await post(multipart([{ filename: 'big.png', content: await makePng(100, 100, true) }]), {
      'x-mk-max-bytes': '999999999',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('big.png is larger than the 2 KB limit of your plan.');
    await expectNothingLeft();
  });

  it('refuses fields other than "file"', async () => {
    const res = await post(
      multipart([
        { filename: 'a.png', content: await makePng(4, 4) },
        { field: 'comment', content: 'hello' },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    await expectNothingLeft();
  });

  it('answers 400 for a body cut off mid-file and keeps nothing', async () => {
    const body = multipart([
      { filename: 'a.png', content: await makePng(4, 4) },
      { filename: 'b.png', content: await makePng(50, 50, true) },
    ]);
    const res = await post({ ...body, payload: body.payload.subarray(0, body.payload.length - 2000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    await expectNothingLeft();
  });

  it('refuses a request without files', async () => {
    const res = await post(multipart([]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at least one file/);
  });

  it('cleans up names: no path, no control characters, at most 200 characters', async () => {
    const res = await post(
      multipart([
        { filename: '../../etc/évil\u0007 name.png', content: await makePng(4, 4) },
        { filename: `${'a'.repeat(300)}.png`, content: await makePng(4, 4) },
      ]),
    );
    const [first, second] = res.json().files;
    expect(first.name).toBe('évil name.png');
    expect(second.name).toHaveLength(200);
  });

  it('answers 401 without an owner', async () => {
    const body = multipart([{ filename: 'a.png', content: await makePng(4, 4) }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/internal/files',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized' });
    expect(await ctx.objects.list('')).toEqual([]);
  });

  it('answers 400 for a body that is not multipart', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/internal/files',
      payload: { a: 1 },
      headers: { 'x-mk-owner': 'alice' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});
