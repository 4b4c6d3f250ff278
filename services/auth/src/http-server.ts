import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Check, checkReadiness, type Logger, sendMetrics } from '@mediakit/kit';
import { type OidcHandler, sendOidcFailure } from './oidc/start-oidc.ts';
import type { SigningKeys } from './signing-keys.ts';

/**
 * The auth service's HTTP side, on HOST:HTTP_PORT:
 * - `GET /oidc/jwks`: the public keys that verify our tokens (the app session's and the OpenID
 *   Provider's: one key set). The gateway fetches it from AUTH_JWKS_URL. Cached 5 minutes: a
 *   rotated-in key is published before it signs anything only after a reload, and verifiers
 *   refetch on an unknown `kid` anyway.
 * - everything else under `/oidc`: the built-in OpenID Provider (oidc/start-oidc.ts), which the
 *   gateway proxies at the same path. X-Forwarded-For/-Host/-Proto are believed only from
 *   `trustedProxies` (the gateway); anyone else's are removed before the provider sees them.
 * - `GET /healthz`: the process is alive. `GET /readyz`: its dependencies answer (503 otherwise).
 * - `GET /metrics`: Prometheus metrics (the gateway never proxies it: it forwards only `/oidc`).
 */
export async function startHttpServer(options: {
  host: string;
  port: number;
  keys: SigningKeys;
  checks: Record<string, Check>;
  /** Absent when an external issuer replaces the built-in provider (OIDC_ISSUER). */
  oidc?: OidcHandler;
  trustedProxies?: readonly string[];
  publicUrl?: string;
  log?: Logger;
}): Promise<{ server: Server; port: number }> {
  const trusted = new Set(options.trustedProxies ?? []);
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
    const oidcPath = path === '/oidc' || path.startsWith('/oidc/');
    if (options.oidc && oidcPath && path !== '/oidc/jwks') {
      try {
        const ip = clientAddress(req, trusted);
        await options.oidc({ req, res, ip, path: path.slice('/oidc'.length) || '/' });
      } catch (error) {
        options.log?.error({ err: error, path }, 'OpenID Provider page failed');
        sendOidcFailure(res, options.publicUrl ?? '');
      }
      return;
    }
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
      } else if (path === '/metrics') {
        await sendMetrics(res);
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

/**
 * The browser's address. From a trusted proxy, the first X-Forwarded-For entry (the gateway sets
 * the header to the one address it saw, never appending to the client's); from anyone else the
 * socket's address, and their X-Forwarded-* headers are dropped so the provider (proxy: true)
 * cannot be told a false host or scheme.
 */
function clientAddress(req: IncomingMessage, trusted: ReadonlySet<string>): string {
  const peer = req.socket.remoteAddress ?? '';
  if (trusted.has(peer)) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || peer;
  }
  for (const name of Object.keys(req.headers)) {
    if (name.startsWith('x-forwarded-')) delete req.headers[name];
  }
  return peer;
}
