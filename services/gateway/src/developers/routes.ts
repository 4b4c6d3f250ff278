import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fixedPageHead } from '@mediakit/page-meta/page-heads';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from '../precompressed.ts';
import { renderHead } from '../web/page-head.ts';

export const DEVELOPERS_PATH = '/developers';
const ASSETS = `${DEVELOPERS_PATH}/assets`;

/**
 * The page's own policy, stricter than the site's where it can be: scripts and fonts from this
 * origin only. The one relaxation is inline styles, which the renderer (Vue) writes at run time.
 */
export const DEVELOPERS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

interface Asset {
  type: string;
  read: () => Promise<Buffer>;
}

/** A file beside this module, named after its content so it can be cached for a year. */
function ownAsset(file: string, type: string): [string, Asset] {
  const body = readFileSync(new URL(file, import.meta.url));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  const [base, ext] = file.split('.');
  return [`${base}.${hash}.${ext}`, { type, read: async () => body }];
}

/**
 * The renderer's one-file browser build from node_modules (@scalar/api-reference), named after
 * its version. Its source-map comment is dropped: the map is not served.
 */
function rendererAsset(): [string, Asset] {
  const entry = import.meta.resolve('@scalar/api-reference');
  const { version } = JSON.parse(readFileSync(new URL('../package.json', entry), 'utf8')) as {
    version: string;
  };
  const file = new URL('./browser/standalone.js', entry);
  const read = async () =>
    Buffer.from((await readFile(file, 'utf8')).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
  return [`scalar-api-reference-${version}.js`, { type: 'text/javascript; charset=utf-8', read }];
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The bytes in each encoding, made once on first use (brotli at a quality that takes ~0.2 s for 5 MB). */
async function encode(body: Buffer) {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipped(body, { level: 9 }),
  ]);
  return { identity: body, br, gzip: gz };
}

/**
 * `/developers`: the API reference, rendered in the browser from `/api/v1/openapi.json` (whose
 * description is the guide, openapi-guide.md), under a header that leads back to the site. Its
 * scripts and styles are served from this origin under content-named paths, cached for a year.
 */
export async function developersRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const assets = new Map([
    rendererAsset(),
    ownAsset('reference.js', 'text/javascript; charset=utf-8'),
    ownAsset('developers.css', 'text/css; charset=utf-8'),
  ]);
  const [renderer, boot, styles] = [...assets.keys()];
  const encoded = new Map<string, ReturnType<typeof encode>>();

  const head = fixedPageHead(DEVELOPERS_PATH, options.publicUrl.replace(/\/+$/, ''));
  if (!head) throw new Error(`page-meta has no head for ${DEVELOPERS_PATH}`);
  // The site's head for this page (title, description, canonical, Open Graph), then the renderer.
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#4338ca">
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${renderHead(head)}
<link rel="stylesheet" href="${ASSETS}/${styles}">
<script src="${ASSETS}/${renderer}" defer></script>
<script src="${ASSETS}/${boot}" defer></script>
</head>
<body>
<header class="mk-header">
<a class="mk-brand" href="/"><span aria-hidden="true">▶</span> Mediakit</a>
<span class="mk-section">Developers</span>
<nav aria-label="Developers"><a href="/dashboard/api-keys">API keys</a> <a href="/api/v1/openapi.json">OpenAPI</a></nav>
</header>
<noscript><p class="mk-loading">The reference needs JavaScript. The API is described by
<a href="/api/v1/openapi.json">its OpenAPI document</a>.</p></noscript>
<div id="reference"></div>
</body>
</html>
`;

  app.get(DEVELOPERS_PATH, { config: { scope: 'public', rateLimit: false } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', DEVELOPERS_CSP)
      .send(html),
  );
  // A trailing slash would reach the shell's catch-all: the same page has one address.
  app.get(`${DEVELOPERS_PATH}/`, { config: { scope: 'public', rateLimit: false } }, async (_request, reply) =>
    reply.redirect(DEVELOPERS_PATH, 301),
  );

  app.get<{ Params: { name: string } }>(
    `${ASSETS}/:name`,
    { config: { scope: 'public', rateLimit: false } },
    async (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) return reply.callNotFound();
      let bodies = encoded.get(request.params.name);
      if (!bodies) {
        bodies = asset.read().then(encode);
        encoded.set(request.params.name, bodies);
        // A failed read is tried again by the next request rather than remembered.
        bodies.catch(() => encoded.delete(request.params.name));
      }
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const ready = await bodies;
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type(asset.type)
        .header('vary', 'Accept-Encoding')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(encoding ? ready[encoding] : ready.identity);
    },
  );
}
