import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support.ts';
import { DEVELOPERS_CSP } from './routes.ts';

const PUBLIC_URL = 'https://media.example';

describe('/developers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ web: { publicUrl: PUBLIC_URL, remotes: { tools: '/t', dashboard: '/d' } } });
  });
  afterAll(() => t.app.close());

  const assetsOf = (html: string) =>
    [...html.matchAll(/(?:src|href)="(\/developers\/assets\/[^"]+)"/g)].map((m) => m[1]);

  test('is an HTML page with its own head, header and CSP, the rest of the site keeping its own', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/developers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(DEVELOPERS_CSP);
    expect(DEVELOPERS_CSP).toContain("script-src 'self';");
    expect(DEVELOPERS_CSP).not.toMatch(/unsafe-eval|https:/);
    expect(res.body).toContain('<title>Developers: the API reference and guide | Mediakit</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/developers">`);
    expect(res.body).toMatch(/<meta name="description" content="Use Mediakit from your own code/);
    expect(res.body).toContain('<a class="mk-brand" href="/">');
    // The renderer, its start script and the header's styles: all from this origin.
    expect(assetsOf(res.body)).toHaveLength(3);
    expect(res.body).not.toMatch(/src="(?:https?:)?\/\/|stylesheet" href="(?:https?:)?\/\//);

    const other = await t.app.inject({ method: 'GET', url: '/api/v1/tools' });
    expect(other.headers['content-security-policy']).not.toBe(DEVELOPERS_CSP);
    expect(other.headers['content-security-policy']).toContain("style-src 'self' https: 'unsafe-inline'");
  });

  test('serves its assets cached for a year, compressed on request; a missing one is a 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/developers' });
    for (const asset of assetsOf(page.body)) {
      const plain = await t.app.inject({ method: 'GET', url: asset });
      expect(plain.statusCode, asset).toBe(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-type']).toMatch(/^text\/(javascript|css); charset=utf-8$/);
      expect(plain.body).not.toContain('sourceMappingURL');
      const br = await t.app.inject({
        method: 'GET',
        url: asset,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    }
    const renderer = assetsOf(page.body).find((a) => a.includes('scalar-api-reference-'));
    expect((await t.app.inject({ method: 'GET', url: renderer as string })).body).toContain(
      'createApiReference',
    );

    for (const url of ['/developers/assets/nope.js', '/developers/assets/reference.0000000000.js']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  test('has one address; it is in the sitemap', async () => {
    const slash = await t.app.inject({ method: 'GET', url: '/developers/' });
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/developers');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/developers</loc>`);
  });
});
