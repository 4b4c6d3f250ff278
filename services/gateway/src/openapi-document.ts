import { ApiError, createLogger, publicOrigins } from '@mediakit/kit';
import type { onRouteHookHandler } from 'fastify';
import { buildApp, type GatewayApp } from './app.ts';
import type { GatewayDeps } from './deps.ts';

/** Nothing listens on port 9: whatever the gateway forwards fails fast with a 503. */
const NOWHERE = 'http://127.0.0.1:9';

/** A client whose every call fails as an unreachable service would, but for the `answering` ones. */
export function unreachable<T extends object>(answering: Partial<T> = {}): T {
  const fail = () => Promise.reject(new ApiError(503, 'service_unavailable', 'Not connected.'));
  return new Proxy(answering, { get: (target, name) => target[name as keyof T] ?? fail }) as T;
}

/**
 * The gateway with every optional part switched on (content, admin, the OpenID proxy) and no
 * service behind it: enough to list its routes and build the OpenAPI document, without a stack.
 * Requests are answered, by the routes themselves, with whatever an unreachable service causes.
 */
export function buildDocumentedGateway(
  options: { onRoute?: onRouteHookHandler; overrides?: Partial<GatewayDeps> } = {},
): Promise<GatewayApp> {
  const deps: GatewayDeps = {
    files: unreachable(),
    jobs: unreachable(),
    auth: unreachable(),
    contentApi: unreachable(),
    userRoles: unreachable(),
    webhooks: unreachable(),
    tokens: { verify: () => Promise.reject(new ApiError(401, 'unauthorized', 'No tokens here.')) },
    authClientConfig: {
      clientId: 'mediakit-web',
      origins: publicOrigins({ publicUrl: 'http://localhost:8080', port: 8080 }),
    },
    authHttpUrl: NOWHERE,
    nats: { subscribe: () => ({ unsubscribe() {} }), flush: async () => {} },
    filesHttpUrl: NOWHERE,
    log: createLogger('gateway-openapi', 'silent'),
    trustProxy: false,
    ...options.overrides,
  };
  return buildApp(deps, { onRoute: options.onRoute });
}

/** The OpenAPI 3.1 document of the gateway, as `GET /api/v1/openapi.json` serves it. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const app = await buildDocumentedGateway();
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

/** The document as committed in docs/openapi.json: two-space JSON and a final newline. */
export const formatDocument = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
