import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, filesUnder, makePng, type TestContext } from '../../test/support.ts';

/** The same app on a real socket: what inject() cannot show about streaming bodies. */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
});

describe('over a real socket', () => {
  it('stops reading an oversize multipart upload and the client still gets the 413', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePng(4, 4))]), 'ok.png');
    form.append('file', new Blob([new Uint8Array(30 * 1024 * 1024)]), 'big.bin');
    const res = await fetch(`${base}/internal/files`, {
      method: 'POST',
      body: form,
      headers: { 'x-mk-owner': 'alice', 'x-mk-max-bytes': String(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'too_large',
      message: 'big.bin is larger than the 1 MB limit of your plan.',
    });
    expect(await ctx.objects.list('')).toEqual([]);
    expect(await filesUnder(ctx.spoolDir)).toEqual([]);
  });

  it('runs a tus upload end to end', async () => {
    const png = await makePng(50, 50, true);
    const headers = { 'x-mk-owner': 'alice', 'tus-resumable': '1.0.0' };
    const created = await fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(png.length) },
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.get('location'));
    const done = await fetch(`${base}${location}`, {
      method: 'PATCH',
      body: new Uint8Array(png),
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    expect(done.status).toBe(204);
    const id = String(done.headers.get('mk-file-id'));
    expect((await ctx.service.getFile('alice', id)).width).toBe(50);
  });
});
