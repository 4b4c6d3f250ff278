import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support.ts';

describe('catalog routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  test('GET /tools lists every tool and converter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/tools' });
    expect(res.statusCode).toBe(200);
    const { tools } = res.json();
    expect(tools.length).toBeGreaterThanOrEqual(1);
    expect(tools.map((tool: { name: string }) => tool.name)).toContain('trim-video');
    for (const tool of tools)
      expect(Object.keys(tool).sort()).toEqual([
        'description',
        'inputs',
        'kind',
        'media',
        'name',
        'output',
        'params',
        'title',
      ]);
  });

  test("each tool says its inputs' pixel limit: the defaults, or the installation's own", async () => {
    const limits = (app: TestApp['app'], url: string) =>
      app.inject({ method: 'GET', url }).then((res) => res.json().inputs.maxPixels);
    const byName = (res: { json(): { tools: { name: string; inputs: { maxPixels: number } }[] } }) =>
      Object.fromEntries(res.json().tools.map((tool) => [tool.name, tool.inputs.maxPixels]));
    expect(byName(await t.app.inject({ method: 'GET', url: '/api/v1/tools' }))).toMatchObject({
      'crop-image': 100_000_000,
      'trim-video': 8192 * 4320,
    });
    const own = await buildTestApp({ pixelLimits: { image: 50_000_000, video: 1920 * 1080 } });
    try {
      expect(await limits(own.app, '/api/v1/tools/crop-image')).toBe(50_000_000);
      expect(await limits(own.app, '/api/v1/tools/overlay-image-on-video')).toBe(1920 * 1080);
      expect(byName(await own.app.inject({ method: 'GET', url: '/api/v1/tools' }))['png-to-jpg']).toBe(
        50_000_000,
      );
    } finally {
      await own.app.close();
    }
  });

  test('GET /tools/trim-video has its params as JSON Schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/tools/trim-video' });
    expect(res.statusCode).toBe(200);
    const tool = res.json();
    expect(tool).toMatchObject({
      name: 'trim-video',
      kind: 'tool',
      media: 'video',
      inputs: { min: 1, max: 1 },
    });
    expect(tool.params.type).toBe('object');
    expect(Object.keys(tool.params.properties)).toEqual(expect.arrayContaining(['start', 'end']));
    expect(tool.inputs.accept).toContain('video/mp4');
  });

  test('an unknown tool is a 404 with the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/tools/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Tool nope was not found.' });
  });

  test('GET /plans comes from the auth service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plans: [
        {
          id: 'free',
          name: 'Free',
          price: { amount: 0, currency: 'EUR', interval: 'month' },
          limits: { maxFileBytes: 1_000_000, concurrentJobs: 2, retentionHours: 1, batchSize: 3 },
        },
      ],
    });
  });
});

describe('GET /tools compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  test('is sent compressed to a browser that accepts it, and the same JSON to one that does not', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/tools' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tools',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tools',
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });
});
