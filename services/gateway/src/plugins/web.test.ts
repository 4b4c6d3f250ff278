import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support.ts';
import { placeholderPage } from './web.ts';

describe('placeholder page (no web build)', () => {
  test('/ is a Mediakit page that points at the API and lists the tools', async () => {
    const t = await buildTestApp({ webRoot: '/nonexistent' });
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Mediakit</title>');
    expect(res.body).toContain('/api/v1');
    expect(res.body).toContain('<code>trim-video</code>');
    await t.app.close();
  });

  test('tool text is escaped', () => {
    const html = placeholderPage([
      {
        name: '<script>',
        title: 'A & "B"',
        kind: 'tool',
        media: 'video',
        description: '',
        inputs: { min: 1, max: 1, accept: [] },
        params: {},
        output: { media: 'video', formats: [] },
      },
    ]);
    expect(html).toContain('<code>&lt;script&gt;</code> — A &amp; &quot;B&quot;');
    expect(html).not.toContain('<script>');
  });
});

describe('built web shell', () => {
  let root: string;
  let t: TestApp;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'mk-web-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Shell</title>');
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'main.3f9a1c0b7d.js'), 'console.log(1)');
    writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
    t = await buildTestApp({ webRoot: root });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('index.html is revalidated on every load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Shell</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test('hashed assets are cached forever; unhashed files are not', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.3f9a1c0b7d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.app.inject({ method: 'GET', url: '/mf-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  test('page routes fall back to index.html; missing assets and API routes do not', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/tool/trim-video' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Shell</title>');

    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone.1234abcd.js' });
    expect(missing.statusCode).toBe(404);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tools' })).statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'not_found', message: 'No API route GET /api/v1/nothing.' });
  });

  test('paths cannot leave the web root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
