import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makePng, makeWav, makeWebm, type TestContext } from '../../test/support.ts';
import type { FileDoc } from '../file-record.ts';

let ctx: TestContext;
let png: Buffer;
let file: FileDoc;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await makePng(32, 32);
  file = await ctx.upload('alice', 'pic.png', png);
});
afterAll(async () => {
  await ctx.close();
});

const get = (id: string, headers: Record<string, string> = {}, query = '', owner = 'alice') =>
  ctx.app.inject({
    method: 'GET',
    url: `/internal/files/${id}/content${query}`,
    headers: { 'x-mk-owner': owner, ...headers },
  });

describe('GET /internal/files/:id/content', () => {
  it('serves the whole file with safe download headers', async () => {
    const res = await get(file._id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'accept-ranges': 'bytes',
      'content-disposition': `attachment; filename="pic.png"; filename*=UTF-8''pic.png`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await ctx.app.inject({
      method: 'HEAD',
      url: `/internal/files/${file._id}/content`,
      headers: { 'x-mk-owner': 'alice' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(png.length));
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.length).toBe(0);
  });

  it('serves bytes=0-9 as 206', async () => {
    const res = await get(file._id, { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-9/${png.length}`);
    expect(res.headers['content-length']).toBe('10');
    expect(res.rawPayload.equals(png.subarray(0, 10))).toBe(true);
  });

  it('serves a suffix range bytes=-5', async () => {
    const res = await get(file._id, { range: 'bytes=-5' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${png.length - 5}-${png.length - 1}/${png.length}`);
    expect(res.rawPayload.equals(png.subarray(png.length - 5))).toBe(true);
  });

  it('serves an open range bytes=a-', async () => {
    const res = await get(file._id, { range: 'bytes=10-' });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(png.subarray(10))).toBe(true);
  });

  it('answers 416 for a range past the end', async () => {
    const res = await get(file._id, { range: `bytes=${png.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${png.length}`);
    expect(res.json()).toMatchObject({ code: 'range_not_satisfiable' });
  });

  it('serves the whole file for several ranges', async () => {
    const res = await get(file._id, { range: 'bytes=0-1,5-6' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('encodes names with non-ASCII characters and quotes (RFC 6266 / 5987)', async () => {
    const named = await ctx.upload('alice', 'résumé "final" (1).png', png);
    const res = await get(named._id);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ _final_ (1).png"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%20%281%29.png`,
    );
  });

  it('serves inline only for images, videos and audio on ?inline=1, never SVG', async () => {
    expect((await get(file._id, {}, '?inline=1')).headers['content-disposition']).toMatch(/^inline; /);
    expect((await get(file._id)).headers['content-disposition']).toMatch(/^attachment; /);

    const svg = await ctx.upload(
      'alice',
      'logo.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    );
    expect(svg.mime).toBe('image/svg+xml');
    const svgRes = await get(svg._id, {}, '?inline=1');
    expect(svgRes.headers['content-disposition']).toMatch(/^attachment; /);
    expect(svgRes.headers['x-content-type-options']).toBe('nosniff');

    const video = await ctx.upload('alice', 'clip.webm', await makeWebm(ctx.dir));
    expect((await get(video._id, {}, '?inline=1')).headers['content-disposition']).toMatch(/^inline; /);
    expect((await get(video._id, {}, '?inline=true')).headers['content-disposition']).toMatch(
      /^attachment; /,
    );

    const audio = await ctx.upload('alice', 'take.wav', makeWav());
    expect(audio.mime).toBe('audio/wav');
    expect((await get(audio._id, {}, '?inline=1')).headers['content-disposition']).toMatch(/^inline; /);
  });

  it('answers 404 for another owner and for unknown ids', async () => {
    const other = await get(file._id, {}, '', 'bob');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'not_found', message: 'File was not found.' });
    expect((await get('nope')).statusCode).toBe(404);
  });

  it('answers 401 without an owner', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/internal/files/${file._id}/content` });
    expect(res.statusCode).toBe(401);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { documents: 'ok', objects: 'ok' } });
  });

  it('answers unknown routes with the API error body', async () => {
    const res = await ctx.app.inject({ url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
