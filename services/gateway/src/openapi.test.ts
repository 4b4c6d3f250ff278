import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GatewayApp } from './app.ts';
import { buildDocumentedGateway, formatDocument, openApiDocument } from './openapi-document.ts';
import { GUEST_COOKIE } from './plugins/identity.ts';

const COMMITTED = resolve(import.meta.dirname, '../../../docs/openapi.json');

type Operations = Record<string, Record<string, unknown>>;

/** `/files/:id` as the document writes it; `/oidc/*` is documented as `/oidc/{path}`. */
const documentedPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');

/** A request for each path parameter: an id of the right shape, a slug, a provider path. */
const SAMPLES: Record<string, string> = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  name: 'trim-video',
  slug: 'hello',
  path: 'jwks',
};
const sampleUrl = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLES[name] ?? 'x');

describe('the OpenAPI document', () => {
  let app: GatewayApp;
  const routes: RouteOptions[] = [];
  let paths: Operations;

  beforeAll(async () => {
    app = await buildDocumentedGateway({ onRoute: (route) => void routes.push(route) });
    await app.ready();
    paths = (app.swagger() as unknown as { paths: Operations }).paths;
  });
  afterAll(() => app.close());

  test('docs/openapi.json is the document the routes make (else: run npm run openapi)', async () => {
    const committed = readFileSync(COMMITTED, 'utf8');
    expect(committed, 'docs/openapi.json is out of date: run npm run openapi').toBe(
      formatDocument(await openApiDocument()),
    );
  });

  test('names every route the gateway has under /api/v1, with each of its methods', () => {
    const missing: string[] = [];
    for (const route of routes) {
      if (!route.url.startsWith('/api/v1/')) continue;
      // A route of HEAD alone is the one Fastify adds to each GET; the GET stands for both.
      if (route.method === 'HEAD') continue;
      for (const method of [route.method].flat()) {
        if (!paths[documentedPath(route.url)]?.[method.toLowerCase()]) missing.push(`${method} ${route.url}`);
      }
    }
    expect(routes.length).toBeGreaterThan(30);
    expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
  });

  test('is served at GET /api/v1/openapi.json, publicly and cacheably', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Mediakit API' } });
    expect(res.json().paths).toEqual(paths);
  });

  /**
   * Every documented operation reaches its route. Not every answer is a success: no service runs
   * behind this gateway, so a route may answer 401, 404 (of the thing asked for), 400 or 503. What
   * must never come back is the router's own 404, whose message starts "No API route" (or "Nothing
   * was found at" outside /api/).
   */
  test('each documented operation answers from its route, not the router’s 404', async () => {
    const unrouted: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const method of Object.keys(operations)) {
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url: sampleUrl(path),
          // A guest, so that routes of one's own things get as far as the (absent) services.
          headers: { cookie: `${GUEST_COOKIE}=${SAMPLES.id}` },
          ...(['post', 'put', 'patch'].includes(method) ? { payload: {} } : {}),
        });
        const routerSays = path.startsWith('/api/') ? 'No API route' : 'Nothing was found at';
        // A HEAD answer has no body to tell the router's 404 from a route's, so any 404 counts.
        const unrouted404 =
          res.statusCode === 404 && (method === 'head' || String(res.json().message).startsWith(routerSays));
        if (unrouted404) unrouted.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(unrouted).toEqual([]);
  });
});
