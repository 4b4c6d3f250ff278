import { API_KEY_SCOPES, ApiError, type ApiKeyScope } from '@mediakit/kit';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GatewayApp } from '../app.ts';
import type { AuthClient } from '../deps.ts';
import { buildDocumentedGateway, unreachable } from '../openapi-document.ts';
import type { RouteScope } from './scopes.ts';

/**
 * Every route declares what an API key needs (plugins/scopes.ts), and the gateway holds keys to it:
 * the table below is every route the gateway registers, not a hand list, so a new route is covered
 * the day it is added.
 */

/** Test keys: `mk_all` has every scope, `mk_only_<i>` scope i alone, `mk_without_<i>` all but scope i. */
function scopesOf(secret: string): ApiKeyScope[] | null {
  if (secret === 'mk_all') return [...API_KEY_SCOPES];
  const [, kind, index] = /^mk_(only|without)_(\d)$/.exec(secret) ?? [];
  if (!kind) return null;
  const scope = API_KEY_SCOPES[Number(index)];
  return kind === 'only' ? [scope] : API_KEY_SCOPES.filter((s) => s !== scope);
}

const verifyApiKey: AuthClient['verifyApiKey'] = async ({ secret }) => {
  const scopes = scopesOf(secret);
  if (!scopes) throw new ApiError(401, 'unauthorized', 'This API key is not valid.');
  return { sub: 'u1', roles: ['user', 'editor', 'admin'], scopes, keyId: 'k1' };
};

/** A request for each path parameter; `*` (the provider's and the pages' wildcard) gets a word. */
const sampleUrl = (url: string) => url.replace(/:\w+/g, 'AAAAAAAAAAAAAAAAAAAAAA').replace(/\*$/, 'x');

interface Row {
  method: string;
  url: string;
  scope: RouteScope;
}

describe('API key scopes', () => {
  let app: GatewayApp;
  const routes: RouteOptions[] = [];
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildDocumentedGateway({
      onRoute: (route) => void routes.push(route),
      overrides: { auth: unreachable<AuthClient>({ verifyApiKey }) },
    });
    await app.ready();
    for (const route of routes)
      for (const method of [route.method].flat())
        if (route.config?.scope !== undefined)
          rows.push({ method, url: route.url, scope: route.config.scope });
  });
  afterAll(() => app.close());

  test('every route declares what an API key needs', () => {
    const undeclared = routes
      .filter((route) => route.config?.scope === undefined)
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(undeclared, 'routes without config.scope (plugins/scopes.ts)').toEqual([]);
  });

  const call = (row: Row, secret: string) =>
    app.inject({
      method: row.method as 'GET',
      url: sampleUrl(row.url),
      headers: { authorization: `Bearer ${secret}` },
    });

  test.each(API_KEY_SCOPES.map((scope, index) => ({ scope, index })))(
    'every route that needs $scope refuses a key without it (403 naming it) and lets one with it through',
    async ({ scope, index }) => {
      const needing = rows.filter((row) => row.scope === scope);
      expect(needing.length).toBeGreaterThan(0);
      for (const row of needing) {
        const refused = await call(row, `mk_without_${index}`);
        expect(refused.statusCode, `${row.method} ${row.url}`).toBe(403);
        if (row.method !== 'HEAD') {
          expect(refused.json()).toEqual({
            code: 'insufficient_scope',
            message: `This API key lacks the ${scope} scope. Create a key with it in Dashboard → API keys.`,
          });
        }
        const allowed = await call(row, `mk_only_${index}`);
        expect([401, 403], `${row.method} ${row.url} with ${scope}`).not.toContain(allowed.statusCode);
      }
    },
  );

  test('routes of the account, its keys, payments, tickets, admin and blog editing refuse every key', async () => {
    const sessionOnly = rows.filter((row) => typeof row.scope === 'object');
    expect(sessionOnly.map((row) => `${row.method} ${row.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/account/api-keys',
        'DELETE /api/v1/account',
        'PUT /api/v1/account/subscription',
        'PUT /api/v1/admin/users/:id/roles',
        'POST /api/v1/blog',
        'GET /api/v1/tickets',
      ]),
    );
    for (const row of sessionOnly) {
      const res = await call(row, 'mk_all');
      expect(res.statusCode, `${row.method} ${row.url}`).toBe(403);
      if (row.method === 'HEAD') continue;
      const what = (row.scope as { session: string }).session;
      expect(res.json()).toEqual({
        code: 'forbidden',
        message: `API keys cannot ${what}; sign in to the web app.`,
      });
    }
  });

  test('public routes answer a key of any scope', async () => {
    const publicRows = rows.filter((row) => row.scope === 'public' && row.url.startsWith('/api/v1/'));
    for (const row of publicRows) {
      const res = await call(row, 'mk_only_0');
      expect(res.statusCode, `${row.method} ${row.url}`).not.toBe(403);
    }
    expect(
      (await call({ method: 'GET', url: '/api/v1/tools', scope: 'public' }, 'mk_only_0')).statusCode,
    ).toBe(200);
  });

  test('the OpenAPI document names the scope of every operation that needs one', () => {
    const paths = (
      app.swagger() as unknown as { paths: Record<string, Record<string, { security?: unknown }>> }
    ).paths;
    const documented = (row: Row) =>
      paths[row.url.replace(/:(\w+)/g, '{$1}')]?.[row.method.toLowerCase()]?.security;
    for (const row of rows.filter((r) => r.method !== 'HEAD' && r.scope !== 'public')) {
      const expected =
        typeof row.scope === 'object'
          ? [{ bearer: [] }]
          : [{ bearer: [] }, { apiKey: [row.scope] }, { guest: [] }];
      expect(documented(row), `${row.method} ${row.url}`).toEqual(expected);
    }
  });

  test('a bad key answers 401 with a sentence, never acting as a guest', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: { authorization: 'Bearer mk_revoked' },
      payload: { tool: 'trim-video', inputs: ['a'], params: {} },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'This API key is not valid.' });
    expect(res.cookies).toEqual([]);
  });
});
