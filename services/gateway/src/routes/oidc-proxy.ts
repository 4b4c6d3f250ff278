import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { ApiError, type PublicOrigins } from '@mediakit/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { Pool } from 'undici';
import { passBodiesThrough } from '../plugins/body-passthrough.ts';
import { HOP_BY_HOP_REQUEST } from '../upstream.ts';

export interface OidcProxyOptions {
  /** The auth service's HTTP server (AUTH_HTTP_URL), where the OpenID Provider runs under /oidc. */
  authHttpUrl: string;
  /**
   * Where browsers may sign in: the origin the provider redirects to after a sign-in or sign-out
   * form is the request's own when allowed (PUBLIC_URL's when set).
   */
  origins: PublicOrigins;
}

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/** The provider reads its own cookies and bodies, so only hop-by-hop framing headers are dropped. */
const DROP_REQUEST = new Set<string>([...HOP_BY_HOP_REQUEST, 'transfer-encoding']);
const DROP_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-security-policy']);

/**
 * The built-in OpenID Provider at `/oidc/*`: discovery, JWKS, authorize, token, revocation,
 * end_session, userinfo and the sign-in pages, all served by the auth service and passed through
 * here untouched (bodies stream as they are, so form posts and token requests arrive byte for
 * byte; cookies and Authorization go along, since the provider works with both).
 *
 * The auth service is told who asked through X-Forwarded-Host/-Proto/-For, which it believes only
 * from the gateway. They are set here, never passed on from the client: X-Forwarded-For is the one
 * address the gateway saw (request.ip honours TRUST_PROXY), not appended to a client's value.
 *
 * These routes act for no owner (`credentialsInBody`): the provider authenticates by its own
 * cookies and tokens, a bearer for userinfo is the provider's business, and a sign-in form
 * post must not mint a guest id.
 */
export async function oidcProxyRoutes(app: FastifyInstance, options: OidcProxyOptions): Promise<void> {
  passBodiesThrough(app);
  const origin = new URL(options.authHttpUrl).origin;
  const pool = new Pool(origin, { connections: 64 });
  app.addHook('onClose', async () => {
    await pool.close();
  });
  const { origins } = options;
  // A Host that is not allowed gets the canonical origin here; the auth service refuses it anyway.
  const csp = (request: FastifyRequest, hashes: string[]) =>
    oidcContentSecurityPolicy(
      origins.forRequest(request.protocol, request.headers.host) ?? origins.canonical,
      hashes,
    );

  async function proxy(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url;
    // The provider's paths never climb: refuse `..` and `//` rather than pass them on.
    if (/(^|\/)\.\.(\/|$|\?)|\/\//.test(path.split('?')[0] ?? '')) return reply.callNotFound();
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as Readable);
    let upstream: Awaited<ReturnType<Pool['request']>>;
    try {
      upstream = await pool.request({
        path,
        method: request.method as 'GET',
        headers: forwardedHeaders(request),
        body,
        // The provider answers at once; a hung auth service must not hold the browser forever.
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'auth service request failed');
      throw new ApiError(
        503,
        'service_unavailable',
        'Sign-in is not available right now. Please try again in a moment.',
      );
    }
    reply.code(upstream.statusCode);
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (value !== undefined && !DROP_RESPONSE.has(name)) reply.header(name, value);
    }
    reply.header(
      'content-security-policy',
      csp(request, scriptHashes(upstream.headers['content-security-policy'])),
    );
    return reply.send(upstream.body);
  }

  const config = { scope: 'public' as const, credentialsInBody: true };
  const schema = {
    tags: ['openid'],
    summary: 'The OpenID Provider (discovery at /oidc/.well-known/openid-configuration)',
    description:
      'OpenID Connect 1.0 and OAuth 2.0 endpoints (authorization code with PKCE, token, JWKS, userinfo, ' +
      'revocation, end session) and their sign-in pages; the discovery document names each URL.',
  };
  app.route({ method: METHODS, url: '/oidc', config, handler: proxy });
  app.route({ method: METHODS, url: '/oidc/*', config, schema, handler: proxy });
}

/** The client's headers minus hop-by-hop and forwarding headers, plus the ones we vouch for. */
export function forwardedHeaders(request: FastifyRequest): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (DROP_REQUEST.has(lower) || lower.startsWith('x-forwarded-') || lower.startsWith('x-mk-')) continue;
    headers[lower] = value;
  }
  headers['x-forwarded-host'] = request.headers.host ?? new URL(`${request.protocol}://localhost`).host;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-for'] = request.ip;
  return headers;
}

/**
 * The CSP of the provider's pages: no script and no inline style at all (the pages need neither),
 * except the hash of an inline script oidc-provider vouches for (its form_post auto-submit),
 * and forms that may post here and be redirected on to the app at `appOrigin` (the sign-in form's
 * answer redirects through /oidc/auth to `<appOrigin>/auth/callback`; browsers check form-action
 * on every redirect of a form submission).
 */
export function oidcContentSecurityPolicy(appOrigin: string, scriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    "base-uri 'none'",
    // The one script the provider may send: the auto-submit of a form_post response, allowed by hash.
    `script-src ${scriptHashes.length ? scriptHashes.join(' ') : "'none'"}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${new URL(appOrigin).origin}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** The `'sha256-…'` script hashes of the auth service's CSP (oidc-provider adds them for its own inline scripts). */
function scriptHashes(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(';') : (header ?? '');
  return [...new Set(text.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? [])];
}
