import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PublicTool } from '@mediakit/catalog';
import { escapeHtml, htmlDocument } from '@mediakit/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ContentReader, createBlogSource } from '../web/blog-source.ts';
import { createBootHints } from '../web/boot-hints.ts';
import { extendCsp, foreignOrigins } from '../web/csp.ts';
import { createIndexTemplate } from '../web/index-template.ts';
import { injectHead, renderHead } from '../web/page-head.ts';
import { routeHead } from '../web/route-head.ts';
import { DEFAULT_REMOTE_URLS, type WebSettings } from '../web/settings.ts';
import { buildRobots, buildSitemap } from '../web/sitemap.ts';

export interface WebOptions {
  /** The built web shell; when missing or empty a placeholder page is served at `/`. */
  root?: string;
  tools: readonly PublicTool[];
  /** Remotes, public URL and the like; defaults suit a local `npm start`. */
  settings?: WebSettings;
  /** Article titles and descriptions for blog pages' heads, and the sitemap. */
  content?: ContentReader;
}

/** Bundler output names carry a content hash (`main.3f9a1c0b.js`): such a file never changes. */
const HASHED = /[.-][a-f0-9]{8,}\.[a-z0-9]+$/i;
/** The sitemap lists every published article: rebuilt at most this often. */
const SITEMAP_TTL_MS = 5 * 60 * 1000;

export const hasBuild = (root: string | undefined): root is string =>
  !!root && existsSync(path.join(root, 'index.html'));

const hasDir = (root: string | undefined): root is string =>
  !!root && existsSync(root) && statSync(root).isDirectory();

/** The build writes `.br` and `.gz` beside each text asset (rspack.shared.mjs); those count as the asset. */
const COMPRESSED = /\.(br|gz)$/;
/**
 * The site's icons keep the names browsers ask for (frontends/shell/src/public), so they cannot
 * be hashed; they change about never, and a day spares every page view a revalidation.
 */
const ICON = /^(favicon\.(ico|svg)|apple-touch-icon\.png)$/;
const cacheHeader = (filePath: string) => {
  const name = path.basename(filePath).replace(COMPRESSED, '');
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return ICON.test(name) ? 'public, max-age=86400' : 'no-cache';
};

/**
 * The web app, same origin as the API: the shell at `/`, the remotes at `/remotes/<name>/`,
 * `/runtime-config.json` (where the shell finds the remotes), `robots.txt` and `sitemap.xml`.
 * Hashed assets are cached forever; everything else (index.html, Module Federation manifests and
 * remote entries) is revalidated on every load, so a redeploy shows at once. A page route gets
 * index.html with that page's head filled in, and 404 when the path is no page.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  const root = options.root && path.resolve(options.root);
  const settings: WebSettings = options.settings ?? {
    publicUrl: 'http://localhost:8080',
    remotes: { ...DEFAULT_REMOTE_URLS },
  };
  const publicUrl = settings.publicUrl.replace(/\/+$/, '');
  const blog = createBlogSource(options.content);
  const toolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));

  // Search engines and the shell's runtime configuration work with or without a build.
  app.get('/robots.txt', { config: { scope: 'public', rateLimit: false } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(buildRobots(publicUrl)),
  );
  let sitemap: { xml: string; at: number } | undefined;
  app.get('/sitemap.xml', { config: { scope: 'public' } }, async (request, reply) => {
    if (!sitemap || Date.now() - sitemap.at > SITEMAP_TTL_MS) {
      let articles: Awaited<ReturnType<typeof blog.published>> = [];
      try {
        articles = await blog.published();
      } catch (error) {
        request.log.warn(
          { err: error },
          'sitemap: the blog articles could not be listed; sitemap without them',
        );
      }
      sitemap = { xml: buildSitemap(publicUrl, options.tools, articles), at: Date.now() };
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(sitemap.xml);
  });
  // Where the shell finds the remotes, and the origin its canonical links name after navigation.
  const runtimeConfig = { remotes: settings.remotes, publicUrl };
  app.get(
    '/runtime-config.json',
    { config: { scope: 'public', rateLimit: false } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(runtimeConfig),
  );

  if (!hasBuild(root)) {
    app.get('/', { config: { scope: 'public' } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(placeholderPage(options.tools)),
    );
    return;
  }

  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    // Brotli or gzip files made at build time, chosen by Accept-Encoding: no compression work per request.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header('cache-control', cacheHeader(filePath));
    },
  });

  const remoteRoots: Record<string, string | undefined> = {
    tools: settings.toolsRoot,
    dashboard: settings.dashboardRoot,
  };
  const indexHtml = createIndexTemplate(path.join(root, 'index.html'));
  const bootHints = createBootHints({
    runtimeConfig,
    remoteRoots: {
      tools: hasDir(remoteRoots.tools) ? path.resolve(remoteRoots.tools) : undefined,
      dashboard: hasDir(remoteRoots.dashboard) ? path.resolve(remoteRoots.dashboard) : undefined,
    },
  });
  const scriptOrigins = foreignOrigins(Object.values(settings.remotes), new URL(publicUrl).origin);
  const connectOrigins = foreignOrigins(settings.connectOrigins ?? [], new URL(publicUrl).origin);

  /** A file under `base`, or undefined when the path leaves it or names no file. */
  const fileIn = (base: string, relative: string) => {
    const file = path.resolve(base, `.${relative}`);
    return file.startsWith(base + path.sep) && existsSync(file) && statSync(file).isFile() ? file : undefined;
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0]);
    } catch {
      return reply.callNotFound();
    }
    // API paths never fall back to the page: an unknown API route is a JSON 404.
    if (pathname.startsWith('/api/')) return reply.callNotFound();

    const remote = /^\/remotes\/(tools|dashboard)(\/.*)$/.exec(pathname);
    if (remote) {
      const base = remoteRoots[remote[1]];
      const file = hasDir(base) ? fileIn(path.resolve(base), remote[2]) : undefined;
      if (!file) return reply.callNotFound();
      return reply.sendFile(path.relative(path.resolve(base as string), file), path.resolve(base as string));
    }

    const file = fileIn(root, pathname);
    // index.html itself is a page like `/`, with its head.
    if (file && path.basename(file) !== 'index.html') return reply.sendFile(path.relative(root, file));
    // A missing asset (it has an extension) must not be answered with HTML.
    if (path.extname(pathname) && path.basename(pathname) !== 'index.html') return reply.callNotFound();

    const route = pathname === '/index.html' ? '/' : pathname;
    const { status, head, fetches } = await routeHead(route, {
      publicUrl,
      tools: toolsByName,
      blog,
    });
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', extendCsp(policy, { scriptOrigins, connectOrigins }));
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(injectHead(await indexHtml(), `${renderHead(head)}\n    ${await bootHints(route, fetches)}`));
  };
  // Static files are cheap and a page load fetches many: they do not count against the API's limit.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    config: { scope: 'public', rateLimit: false },
    handler: page,
  });
}

/** Until the web shell is built: say where the API is and what it can do. */
export function placeholderPage(tools: readonly PublicTool[]): string {
  const items = tools
    .map((tool) => `<li><code>${escapeHtml(tool.name)}</code> — ${escapeHtml(tool.title)}</li>`)
    .join('\n');
  return htmlDocument({
    title: 'Mediakit',
    head: '<meta name="description" content="Convert and edit video, audio and images in the browser.">',
    body: `<h1>Mediakit</h1>
<p>The web app is not built yet. The API is at <a href="/api/v1/tools"><code>/api/v1</code></a>.</p>
<h2>Tools (${tools.length})</h2>
<ul>
${items}
</ul>`,
    indexable: true,
  });
}
