import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PublicTool } from '@mediakit/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebOptions {
  /** The built web shell; when missing or empty a placeholder page is served at `/`. */
  root?: string;
  tools: readonly PublicTool[];
}

/** Bundler output names carry a content hash (`main.3f9a1c0b.js`): such a file never changes. */
const HASHED = /[.-][a-f0-9]{8,}\.[a-z0-9]+$/i;

export const hasBuild = (root: string | undefined): root is string =>
  !!root && existsSync(path.join(root, 'index.html'));

/**
 * The web app, same origin as the API. Hashed assets are cached forever; everything else
 * (index.html, Module Federation manifests and remote entries) is revalidated on every load, so a
 * redeploy shows at once. Unknown page paths get index.html: the shell's router owns them.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  const root = options.root && path.resolve(options.root);
  if (!hasBuild(root)) {
    app.get('/', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(placeholderPage(options.tools)),
    );
    return;
  }

  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        HASHED.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0]);
    } catch {
      return reply.callNotFound();
    }
    // API paths never fall back to the page: an unknown API route is a JSON 404.
    if (pathname.startsWith('/api/')) return reply.callNotFound();
    const file = path.resolve(root, `.${pathname}`);
    if (file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile())
      return reply.sendFile(path.relative(root, file));
    // A missing asset (it has an extension) must not be answered with HTML.
    if (path.extname(pathname)) return reply.callNotFound();
    return reply.sendFile('index.html');
  };
  // Static files are cheap and a page load fetches many: they do not count against the API's limit.
  app.route({ method: ['GET', 'HEAD'], url: '/*', config: { rateLimit: false }, handler: page });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Until the web shell is built: say where the API is and what it can do. */
export function placeholderPage(tools: readonly PublicTool[]): string {
  const items = tools
    .map((tool) => `<li><code>${escapeHtml(tool.name)}</code> — ${escapeHtml(tool.title)}</li>`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Mediakit</title>
    <meta name="description" content="Convert and edit video and images in the browser.">
  </head>
  <body>
    <h1>Mediakit</h1>
    <p>The web app is not built yet. The API is at <a href="/api/v1/tools"><code>/api/v1</code></a>.</p>
    <h2>Tools (${tools.length})</h2>
    <ul>
      ${items}
    </ul>
  </body>
</html>
`;
}
