import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Check, checkReadiness } from '@mediakit/kit';
import type { SigningKeys } from './signing-keys.ts';

/**
 * The auth service's HTTP side, on HOST:HTTP_PORT:
 * - `GET /oidc/jwks`: the public keys that verify our tokens. The gateway fetches it from
 *   `${AUTH_HTTP_URL}/oidc/jwks` (AUTH_JWKS_URL), and will proxy the public `/oidc/*` here once
 *   the OpenID Provider lives on this server too. Cached 5 minutes: a rotated-in key is published
 *   before it signs anything only after a reload, and verifiers refetch on an unknown `kid` anyway.
 * - `GET /healthz`: the process is alive. `GET /readyz`: its dependencies answer (503 otherwise).
 */
export async function startHttpServer(options: {
  host: string;
  port: number;
  keys: SigningKeys;
  checks: Record<string, Check>;
}): Promise<{ server: Server; port: number }> {
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      res.writeHead(status, {
        'content-type':
          status === 200 && path === '/oidc/jwks' ? 'application/jwk-set+json' : 'application/json',
        'content-length': Buffer.byteLength(text),
        ...headers,
      });
      res.end(req.method === 'HEAD' ? undefined : text);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      json(
        405,
        { code: 'method_not_allowed', message: 'Only GET is supported here.' },
        { allow: 'GET, HEAD' },
      );
      return;
    }
    try {
      if (path === '/oidc/jwks') {
        json(200, options.keys.jwks(), { 'cache-control': 'public, max-age=300' });
      } else if (path === '/healthz') {
        json(200, { status: 'ok' });
      } else if (path === '/readyz') {
        const readiness = await checkReadiness(options.checks);
        json(readiness.status === 'ok' ? 200 : 503, readiness);
      } else {
        json(404, { code: 'not_found', message: 'There is nothing at this address.' });
      }
    } catch {
      json(500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, port: (server.address() as AddressInfo).port };
}
