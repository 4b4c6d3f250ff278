import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { catalog } from '@mediakit/catalog';
import { ApiError } from '@mediakit/kit';
import { ADVERTISED_PRICE, ADVERTISED_RATING } from '@mediakit/page-meta/json-ld';
import type { contentV1 } from '@mediakit/proto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support.ts';
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
        inputs: { min: 1, max: 1, accept: [], maxPixels: 1 },
        params: {},
        output: { media: 'video', formats: [] },
      },
    ]);
    expect(html).toContain('<code>&lt;script&gt;</code> — A &amp; &quot;B&quot;');
    expect(html).not.toContain('<script>');
  });
});

const PUBLIC_URL = 'https://media.example';

function article(overrides: Partial<contentV1.Article> = {}): contentV1.Article {
  return {
    slug: 'compress-video-for-email',
    title: 'How to compress a video for email',
    excerpt: 'Make it fit under 25 MB.',
    author: 'Ada',
    publishedAt: '2025-02-01T10:00:00.000Z',
    metaTitle: 'Compress a video for email </script><script>alert(1)</script>',
    metaDescription: 'Get any video under the attachment limit.',
    keywords: ['compress', 'email'],
    body: '',
    html: '',
    ...overrides,
  } as contentV1.Article;
}

/** A built shell, two remotes and a content service that knows one article. */
async function builtApp(
  options: { remotes?: { tools: string; dashboard: string }; contentDown?: boolean } = {},
) {
  const base = mkdtempSync(path.join(tmpdir(), 'mk-web-'));
  const root = path.join(base, 'shell');
  const tools = path.join(base, 'tools');
  mkdirSync(root);
  mkdirSync(tools);
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--mk:head--><script defer src="/main.3f9a1c0b7d.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'main.3f9a1c0b7d.js'), 'console.log(1)');
  // The build's precompressed twins (rspack.shared.mjs); real brotli, so the test reads it back.
  writeFileSync(path.join(root, 'assets', 'main.3f9a1c0b7d.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
  writeFileSync(path.join(root, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
  writeFileSync(
    path.join(tools, 'mf-manifest.json'),
    JSON.stringify({
      name: 'tools',
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      // The exposed routes module and what it needs before it runs (the built manifest's shape).
      exposes: [
        {
          name: 'routes',
          assets: {
            js: { sync: ['__federation_expose_routes.1a2b3c4d5e.js'], async: ['9513.0f1e2d3c4b.js'] },
            css: { sync: ['routes.5e4d3c2b1a.css'], async: [] },
          },
        },
      ],
    }),
  );
  writeFileSync(path.join(tools, 'remoteEntry.js'), 'var tools;');
  writeFileSync(path.join(tools, '486.091644c031.js'), 'chunk');
  const content = {
    async getArticle({ slug }: contentV1.GetArticleRequest) {
      if (options.contentDown) throw new ApiError(503, 'unavailable', 'Content is down.');
      if (slug === 'compress-video-for-email') return article();
      if (slug === 'a-draft') return article({ slug, ...({ status: 'draft' } as object) });
      throw new ApiError(404, 'not_found', 'No such article.');
    },
    async listArticles() {
      return { items: [article()], nextCursor: '' };
    },
  };
  const t = await buildTestApp({
    webRoot: root,
    content: content as never,
    web: {
      publicUrl: PUBLIC_URL,
      toolsRoot: tools,
      remotes: options.remotes ?? {
        tools: '/remotes/tools/mf-manifest.json',
        dashboard: '/remotes/dashboard/mf-manifest.json',
      },
    },
  });
  return { t, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** The JSON-LD objects of a page, parsed (a parse error fails the test). */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

describe('built web shell', () => {
  let t: TestApp;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ t, cleanup } = await builtApp());
  });
  afterAll(async () => {
    await t.app.close();
    cleanup();
  });

  test('index.html is revalidated on every load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
  });

  test('hashed assets are cached forever; unhashed files are not', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.3f9a1c0b7d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.app.inject({ method: 'GET', url: '/mf-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  test('/favicon.ico is the build’s icon, typed as an image and cached for a day', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\//);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });

  test('a browser that takes brotli gets the build-time .br file, cached as its asset, typed as JavaScript', async () => {
    const url = '/assets/main.3f9a1c0b7d.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  test('missing assets and unknown API routes are not answered with the page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone.1234abcd.js' });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tools' })).statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'not_found', message: 'No API route GET /api/v1/nothing.' });
  });

  test('paths cannot leave the web root or a remote root', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd' })).body).not.toContain(
      'root:',
    );
    const remote = await t.app.inject({ method: 'GET', url: '/remotes/tools/..%2F..%2F..%2Fetc%2Fpasswd' });
    expect(remote.statusCode).toBe(404);
  });

  test('remotes are served under /remotes/<name>/ with the same caching rules', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/remotes/tools/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json().name).toBe('tools');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await t.app.inject({ method: 'GET', url: '/remotes/tools/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await t.app.inject({ method: 'GET', url: '/remotes/tools/486.091644c031.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // No dashboard build in this test: a 404, never the shell's page.
    expect(
      (await t.app.inject({ method: 'GET', url: '/remotes/dashboard/mf-manifest.json' })).statusCode,
    ).toBe(404);
  });

  test('/runtime-config.json names the remotes and the public origin, and is revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      remotes: { tools: '/remotes/tools/mf-manifest.json', dashboard: '/remotes/dashboard/mf-manifest.json' },
      publicUrl: PUBLIC_URL,
    });
  });

  test('a page that shows a remote starts it at once: config inline, manifest, entry and routes module preloaded', async () => {
    const tool = await t.app.inject({ method: 'GET', url: '/tool/trim-video' });
    const config = /<script type="application\/json" id="mk-runtime-config">([^<]*)<\/script>/.exec(
      tool.body,
    );
    expect(JSON.parse(config?.[1] ?? '{}')).toEqual({
      remotes: { tools: '/remotes/tools/mf-manifest.json', dashboard: '/remotes/dashboard/mf-manifest.json' },
      publicUrl: PUBLIC_URL,
    });
    expect(tool.body).toContain(
      '<link rel="preload" href="/remotes/tools/mf-manifest.json" as="fetch" crossorigin="anonymous">',
    );
    expect(tool.body).toContain('<link rel="preload" href="/remotes/tools/remoteEntry.js" as="script">');
    // The module the page comes from, and its stylesheet; not the chunks it may load later.
    expect(tool.body).toContain(
      '<link rel="preload" href="/remotes/tools/__federation_expose_routes.1a2b3c4d5e.js" as="script">',
    );
    expect(tool.body).toContain(
      '<link rel="preload" href="/remotes/tools/routes.5e4d3c2b1a.css" as="style">',
    );
    expect(tool.body).not.toContain('9513.0f1e2d3c4b.js');
    // The tool's data, which the page asks for first, as its API client asks (fetch, same origin).
    expect(tool.body).toContain(
      '<link rel="preload" href="/api/v1/tools/trim-video" as="fetch" crossorigin="anonymous">',
    );
    // An unknown tool's page is a 404 and preloads no data.
    const unknown = await t.app.inject({ method: 'GET', url: '/tool/no-such-tool' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('/api/v1/tools/');
    // The dashboard remote has no build here: its manifest is preloaded, its entry is not guessed.
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard/jobs' });
    expect(dashboard.body).toContain('href="/remotes/dashboard/mf-manifest.json" as="fetch"');
    expect(dashboard.body).not.toContain('as="script"');
    // A shell page gets the config, and preloads nothing it does not show.
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('id="mk-runtime-config"');
    expect(home.body).not.toContain('rel="preload"');
  });

  test('the home page: title, description, canonical, Open Graph and a WebSite with a SearchAction', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(titleOf(res.body)).toBe('Mediakit: free online video, audio and image tools, no watermark');
    expect(res.body).toMatch(/<meta name="description" content="[^"]+">/);
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/`);
    expect(res.body).toContain(
      '<meta property="og:title" content="Mediakit: free online video, audio and image tools',
    );
    expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/">`);
    const [site] = jsonLd(res.body);
    expect(site['@type']).toBe('WebSite');
    expect(site.potentialAction['@type']).toBe('SearchAction');
    expect(site.potentialAction.target.urlTemplate).toBe(`${PUBLIC_URL}/tools?q={search_term_string}`);
    // The login route is the home page: same head, canonical without the query.
    const login = await t.app.inject({ method: 'GET', url: '/?login=true' });
    expect(canonicalOf(login.body)).toBe(`${PUBLIC_URL}/`);
  });

  test('each public page has its own title and canonical link', async () => {
    const pages = {
      '/tools': 'All video, audio and image tools | Mediakit',
      '/pricing': 'Pricing | Mediakit',
      '/blog': 'Blog | Mediakit',
      '/contact-us': 'Contact us | Mediakit',
      '/privacy': 'Privacy | Mediakit',
      '/terms': 'Terms of use | Mediakit',
      '/account': 'Your account | Mediakit',
      '/dashboard': 'Dashboard | Mediakit',
      '/dashboard/job-status': 'Job status | Mediakit',
    };
    for (const [url, title] of Object.entries(pages)) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(titleOf(res.body), url).toBe(title);
      expect(canonicalOf(res.body), url).toBe(`${PUBLIC_URL}${url}`);
    }
    // Personal pages are kept out of search engines.
    expect((await t.app.inject({ method: 'GET', url: '/account' })).body).toContain(
      '<meta name="robots" content="noindex">',
    );
  });

  test('tool and converter pages: the catalog title and a SoftwareApplication with the advertised offer and rating', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tool/trim-video' });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Trim Video Online | Mediakit');
    const [app] = jsonLd(res.body);
    expect(app).toMatchObject({
      '@type': 'SoftwareApplication',
      url: `${PUBLIC_URL}/tool/trim-video`,
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', ratingCount: '150' },
    });
    expect(ADVERTISED_PRICE).toEqual({ amount: '0', currency: 'USD' });
    expect(ADVERTISED_RATING).toEqual({ value: '4.5', count: '150' });

    const converter = await t.app.inject({ method: 'GET', url: '/converter/heic-to-jpg' });
    expect(converter.statusCode).toBe(200);
    expect(jsonLd(converter.body)[0].name).toBe(titleOf(converter.body)?.replace(' | Mediakit', ''));
  });

  test('a tool under the wrong prefix, an unknown tool and an unknown path answer 404 with the 404 head', async () => {
    for (const url of [
      '/converter/trim-video',
      '/tool/heic-to-jpg',
      '/tool/nope',
      '/no/such/page',
      '/dashboard/nope',
      '/404',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(titleOf(res.body), url).toBe('Page Not Found');
      expect(res.body).toContain('The page you are looking for could not be found.');
      expect(canonicalOf(res.body)).toBeUndefined();
      // Still the app: the shell renders its 404 page.
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  test('blog articles: meta_title with the brand suffix, meta_description, keywords; escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blog/compress-video-for-email' });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe(
      'Compress a video for email &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Mediakit',
    );
    expect(res.body).toContain(
      '<meta name="description" content="Get any video under the attachment limit.">',
    );
    expect(res.body).toContain('<meta name="keywords" content="compress, email">');
    expect(res.body).toContain('<meta property="og:type" content="article">');
    expect(res.body).not.toContain('<script>alert(1)');
    const [post] = jsonLd(res.body);
    expect(post['@type']).toBe('BlogPosting');
    expect(post.headline).toContain('</script><script>alert(1)</script>');
  });

  test('an unknown or draft article is a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/blog/nope' })).statusCode).toBe(404);
    const draft = await t.app.inject({ method: 'GET', url: '/blog/a-draft' });
    expect(draft.statusCode).toBe(404);
    expect(draft.body).not.toContain('Compress a video');
  });

  test('robots.txt and sitemap.xml list the public pages, every catalog page and published articles', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /dashboard');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/pricing`);
    expect(locs).toContain(`${PUBLIC_URL}/privacy`);
    expect(locs).toContain(`${PUBLIC_URL}/terms`);
    expect(locs).toContain(`${PUBLIC_URL}/tool/trim-video`);
    expect(locs).toContain(`${PUBLIC_URL}/converter/heic-to-jpg`);
    expect(locs).toContain(`${PUBLIC_URL}/blog/compress-video-for-email`);
    expect(locs).not.toContain(`${PUBLIC_URL}/account`);
    expect(locs.filter((l) => /\/(tool|converter)\//.test(l))).toHaveLength(catalog.length);
  });
});

describe('web pages when things are elsewhere or down', () => {
  test('remotes on another origin are allowed by the pages’ Content-Security-Policy', async () => {
    const { t, cleanup } = await builtApp({
      remotes: {
        tools: 'https://cdn.example/tools/mf-manifest.json',
        dashboard: '/remotes/dashboard/mf-manifest.json',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/tools' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src [^;]*https:\/\/cdn\.example/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/cdn\.example/);
      expect((await t.app.inject({ method: 'GET', url: '/runtime-config.json' })).json().remotes.tools).toBe(
        'https://cdn.example/tools/mf-manifest.json',
      );
      // Its manifest is preloaded from there; its remoteEntry.js is not guessed from a local build.
      expect(res.body).toContain(
        'href="https://cdn.example/tools/mf-manifest.json" as="fetch" crossorigin="anonymous"',
      );
      expect(res.body).not.toContain('as="script"');
      // The API keeps the strict policy.
      const api = await t.app.inject({ method: 'GET', url: '/api/v1/tools' });
      expect(String(api.headers['content-security-policy'])).not.toContain('cdn.example');
    } finally {
      await t.app.close();
      cleanup();
    }
  });

  test('with the content service down, an article page still has a blog head', async () => {
    const { t, cleanup } = await builtApp({ contentDown: true });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/blog/compress-video-for-email' });
      expect(res.statusCode).toBe(200);
      expect(titleOf(res.body)).toBe('Blog | Mediakit');
      expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/blog/compress-video-for-email`);
    } finally {
      await t.app.close();
      cleanup();
    }
  });
});
